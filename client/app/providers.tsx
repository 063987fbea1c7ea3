import { ConfigProvider } from '@arco-design/web-react';
import enUS from '@arco-design/web-react/es/locale/en-US';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { useLocale } from '../i18n/locale-context';

const ARCO_LOCALES = { 'en-US': enUS, 'zh-CN': zhCN } as const;

/** Arco follows the app language; SWR has one root configuration. */
export function Providers({ children }: { children: ReactNode }) {
  const { locale } = useLocale();
  return (
    <ConfigProvider locale={ARCO_LOCALES[locale]}>
      <SWRConfig value={{ shouldRetryOnError: false, revalidateOnFocus: false, dedupingInterval: 2000 }}>
        {children}
      </SWRConfig>
    </ConfigProvider>
  );
}
