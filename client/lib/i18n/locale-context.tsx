import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Locale } from '@shared/i18n/locale';
import { LOCALE_STORAGE_KEY, resolveLocale } from '@shared/i18n/locale';
import { storage } from '../storage';

interface LocaleState {
  locale: Locale;
  setLocale(locale: Locale): void;
}

const LocaleContext = createContext<LocaleState | undefined>(undefined);

let current: Locale = 'zh-CN';
/** The active locale for code outside React (the HTTP client's lang header); in the browser only. */
export function currentLocale(): Locale {
  return current;
}

/** The locale a page opens in: the `lang` query, else the stored one (remembered when asked for). */
export function initialLocale(): Locale {
  const query = new URLSearchParams(window.location.search).get('lang');
  const locale = resolveLocale(query, storage.get(LOCALE_STORAGE_KEY));
  if (query === locale) storage.set(LOCALE_STORAGE_KEY, locale);
  current = locale;
  return locale;
}

/** The app's locale, starting as `initial` (RenderContext.locale); a choice is stored. */
export function LocaleProvider({ initial = 'zh-CN', children }: { initial?: Locale; children: ReactNode }) {
  const [locale, setState] = useState<Locale>(initial);
  const setLocale = useCallback((next: Locale) => {
    current = next;
    storage.set(LOCALE_STORAGE_KEY, next);
    setState(next);
  }, []);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale outside LocaleProvider');
  return state;
}
