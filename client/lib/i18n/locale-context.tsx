import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Locale } from '@shared/i18n/locale';
import { LOCALE_STORAGE_KEY, resolveLocale } from '@shared/i18n/locale';
import { storage } from '../storage';

interface LocaleState {
  locale: Locale;
  setLocale(locale: Locale): void;
}

const LocaleContext = createContext<LocaleState | undefined>(undefined);

let current: Locale = 'zh-CN';
/** The active locale for code outside React (the HTTP client's lang header). */
export function currentLocale(): Locale {
  return current;
}

export function initialLocale(): Locale {
  const query = new URLSearchParams(window.location.search).get('lang');
  const locale = resolveLocale(query, storage.get(LOCALE_STORAGE_KEY));
  if (query === locale) storage.set(LOCALE_STORAGE_KEY, locale);
  return locale;
}

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setState] = useState<Locale>(() => {
    current = initialLocale();
    return current;
  });
  const setLocale = useCallback((next: Locale) => {
    current = next;
    storage.set(LOCALE_STORAGE_KEY, next);
    document.documentElement.lang = next;
    setState(next);
  }, []);
  document.documentElement.lang = locale;
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale outside LocaleProvider');
  return state;
}
