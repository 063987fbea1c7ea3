/** The app's root, the same in the browser (client/main.tsx) and the server (client/entry-server.tsx). */
import type { Locale as ArcoLocale } from '@arco-design/web-react/es/locale/interface';
import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import type { FirstScreen } from '@shared/api/first-screen';
import { LOCALE_COOKIE, TIME_ZONE_COOKIE } from '@shared/documents';
import { firstScreenFallback } from '../lib/api/first-screen';
import { onSessionChange } from '../lib/api/session-events';
import { RenderContextProvider, type RenderContext } from '../lib/render-context';
import { LocaleProvider, useLocale } from '../lib/i18n/locale-context';
import { Providers } from './providers';

const COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** The locale and time-zone cookies, by which the BFF renders a page as this browser would. */
function LocaleCookie() {
  const { locale } = useLocale();
  useEffect(() => {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    const attributes = `; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
    document.cookie = `${LOCALE_COOKIE}=${locale}${attributes}`;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}${attributes}`;
  }, [locale]);
  return null;
}

const NO_FALLBACK: SWRConfiguration = {};

/**
 * The first screen's data as SWR's `fallback` (a seeded cache would re-render the page while it
 * hydrates). It goes when the session ends or another begins: a fallback comes back whenever its
 * entry is emptied, and must not show one user's data to the next user of the tab.
 */
function FirstScreenData({ firstScreen, children }: { firstScreen: FirstScreen; children: ReactNode }) {
  const [config] = useState<SWRConfiguration>(() => ({ fallback: firstScreenFallback(firstScreen) }));
  const [dropped, setDropped] = useState(false);
  useEffect(() => onSessionChange(() => setDropped(true)), []);
  return <SWRConfig value={dropped ? NO_FALLBACK : config}>{children}</SWRConfig>;
}

export interface AppProps {
  context: RenderContext;
  /** The first screen the document carries: a prerendered one's is an anonymous visitor's. */
  firstScreen?: FirstScreen;
  /** Arco's texts for the first render's language, loaded before it (./providers.tsx). */
  arcoLocale?: ArcoLocale;
  /** The router, with the routes. */
  children: ReactNode;
}

export function App({ context, firstScreen, arcoLocale, children }: AppProps) {
  return (
    <StrictMode>
      <RenderContextProvider value={context}>
        <LocaleProvider initial={context.locale}>
          <LocaleCookie />
          <Providers arcoLocale={arcoLocale}>
            {firstScreen ? <FirstScreenData firstScreen={firstScreen}>{children}</FirstScreenData> : children}
          </Providers>
        </LocaleProvider>
      </RenderContextProvider>
    </StrictMode>
  );
}
