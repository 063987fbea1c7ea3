import { ConfigProvider } from '@arco-design/web-react';
import type { Locale as ArcoLocale } from '@arco-design/web-react/es/locale/interface';
import { useEffect, useState, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { Locale } from '@shared/i18n/locale';
import { useLocale } from '../lib/i18n/locale-context';
import { afterTakeOver } from '../lib/take-over';

/**
 * Arco's texts in a language other than its built-in Chinese, fetched when that language is
 * chosen: the first download then carries one language's texts, not two.
 */
const ARCO_LOCALES: Record<Exclude<Locale, 'zh-CN'>, () => Promise<{ default: ArcoLocale }>> = {
  'en-US': () => import('@arco-design/web-react/es/locale/en-US'),
};

function useArcoLocale(locale: Locale): ArcoLocale | undefined {
  const [loaded, setLoaded] = useState<{ locale: Locale; texts: ArcoLocale }>();
  useEffect(() => {
    if (locale === 'zh-CN') return undefined;
    let live = true;
    // Applied once the prerendered page is hydrated: arriving before, it would re-render the page.
    Promise.all([ARCO_LOCALES[locale](), afterTakeOver()])
      .then(([module]) => live && setLoaded({ locale, texts: module.default }))
      .catch(() => undefined); // Arco keeps its Chinese texts
    return () => {
      live = false;
    };
  }, [locale]);
  // Undefined: Arco's default, Chinese.
  return loaded?.locale === locale ? loaded.texts : undefined;
}

/** Arco follows the app language; SWR has one root configuration. */
export function Providers({ children }: { children: ReactNode }) {
  const { locale } = useLocale();
  return (
    <ConfigProvider locale={useArcoLocale(locale)}>
      <SWRConfig value={{ shouldRetryOnError: false, revalidateOnFocus: false, dedupingInterval: 2000 }}>
        {children}
      </SWRConfig>
    </ConfigProvider>
  );
}
