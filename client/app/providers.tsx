// ConfigContext from the module that re-exports it, before its own: context.js and Empty import
// each other through it, and entered from context.js the cycle reads ConfigContext unset.
import { ConfigContext } from '@arco-design/web-react/es/ConfigProvider';
import { DefaultConfigProviderProps } from '@arco-design/web-react/es/ConfigProvider/context';
import type { ConfigProviderProps } from '@arco-design/web-react/es/ConfigProvider/interface';
import { setConfigProviderProps } from '@arco-design/web-react/es/Modal/config';
import type { Locale as ArcoLocale } from '@arco-design/web-react/es/locale/interface';
// The hover of Arco's own close icons, to draw a dialog's as Arco does.
import IconHover from '@arco-design/web-react/es/_class/icon-hover';
import { IconClose } from '@arco-design/web-react/icon';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { Locale } from '@shared/i18n/locale';
import { useLocale } from '../lib/i18n/locale-context';
import { useTexts } from '../lib/i18n/use-texts';
import { SWR_OPTIONS } from '../lib/api/load-retry';
import { arcoTexts } from './providers.locale';

/**
 * Arco's texts in a language other than its built-in Chinese, fetched when that language is
 * chosen: the first download then carries one language's texts, not two. A page opening in such
 * a language has them loaded before its first render (client/main.tsx, client/entry-server.tsx).
 */
const ARCO_LOCALES: Record<Exclude<Locale, 'zh-CN'>, () => Promise<{ default: ArcoLocale }>> = {
  'en-US': () => import('@arco-design/web-react/es/locale/en-US'),
};

/** Arco's texts for `locale`; undefined for its built-in Chinese, or when they cannot come. */
export async function loadArcoLocale(locale: Locale): Promise<ArcoLocale | undefined> {
  if (locale === 'zh-CN') return undefined;
  try {
    return (await ARCO_LOCALES[locale]()).default;
  } catch {
    return undefined; // Arco keeps its Chinese texts
  }
}

function useArcoLocale(locale: Locale, initial?: ArcoLocale): ArcoLocale | undefined {
  const [loaded, setLoaded] = useState(() => ({ locale, texts: initial }));
  useEffect(() => {
    if (loaded.locale === locale) return undefined;
    let live = true;
    void loadArcoLocale(locale).then((texts) => live && setLoaded({ locale, texts }));
    return () => {
      live = false;
    };
  }, [locale, loaded.locale]);
  // Undefined: Arco's default, Chinese.
  return loaded.locale === locale ? loaded.texts : undefined;
}

const getPrefixCls = (componentName: string, customPrefix?: string) =>
  `${customPrefix || 'arco'}-${componentName}`;

/**
 * Arco's configuration, as its ConfigProvider gives it with only `locale` and `componentConfig`
 * set: the context its components read, and the locale of its static dialogs. Not ConfigProvider itself, which imports
 * Message and Notification (about 9 KB gzip) only to pass them a prefix and a direction we leave
 * at their defaults (ADR 0005; `providers.test.tsx` fails if ConfigProvider starts giving more).
 */
export function ArcoConfig({
  locale,
  componentConfig,
  children,
}: {
  locale?: ArcoLocale;
  componentConfig?: ConfigProviderProps['componentConfig'];
  children: ReactNode;
}) {
  const config = useMemo<ConfigProviderProps>(
    () => ({
      ...DefaultConfigProviderProps,
      locale: locale ?? DefaultConfigProviderProps.locale,
      getPrefixCls,
      ...(componentConfig ? { componentConfig } : {}),
    }),
    [locale, componentConfig],
  );
  useEffect(() => {
    setConfigProviderProps({ locale: config.locale, prefixCls: 'arco', rtl: undefined });
  }, [config.locale]);
  return <ConfigContext.Provider value={config}>{children}</ConfigContext.Provider>;
}

/**
 * Arco follows the app language, starting with `arcoLocale` (its texts for the first render's
 * language, loaded before it), its dialogs' close buttons too; SWR has one root configuration.
 */
export function Providers({ arcoLocale, children }: { arcoLocale?: ArcoLocale; children: ReactNode }) {
  const { locale } = useLocale();
  const t = useTexts(arcoTexts);
  // A dialog's close button in the page's language: Arco names its own "Close" whatever the
  // language (issue 40). Out of the tab order and closed by Escape, as Arco's.
  const components = useMemo(
    () => ({
      Modal: {
        closeIcon: (
          <IconHover role="button" tabIndex={-1} aria-label={t.close}>
            <IconClose />
          </IconHover>
        ),
      },
    }),
    [t.close],
  );
  return (
    <ArcoConfig locale={useArcoLocale(locale, arcoLocale)} componentConfig={components}>
      <SWRConfig value={SWR_OPTIONS}>{children}</SWRConfig>
    </ArcoConfig>
  );
}
