/**
 * The app's root, and how it takes over the page: a document the BFF served prerendered
 * (scripts/prerender.mjs, issue 9) is hydrated when this browser's first render will match it;
 * any other page, or a prerendered one this browser would render differently, is rendered from
 * scratch.
 */
import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SWRConfig, type SWRConfiguration } from 'swr';
import {
  DEFERRED_STYLE_ATTRIBUTE,
  LOCALE_COOKIE,
  PRERENDERED_ATTRIBUTE,
  SIGNED_IN_ATTRIBUTE,
  TIME_ZONE_COOKIE,
} from '@shared/prerender';
import { SWR_KEYS } from '../lib/api/account';
import { firstScreenFallback, readFirstScreen, seedFirstScreen } from '../lib/api/first-screen';
import { Providers } from './providers';
import { afterTakeOver, holdEarlyClicks } from '../lib/take-over';
import { isMobileAgent, isSpecialInAppBrowser } from '../lib/hooks/use-device';
import { initialLocale, LocaleProvider, useLocale } from '../lib/i18n/locale-context';

// The prerendered page is the visitor's page: its session is looked up after hydration, as the
// login page's guard does anyway (a visitor with a session then moves on).
const ANONYMOUS = { fallback: { [SWR_KEYS.session]: { authenticated: false } } };
const COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/**
 * Keeps the locale cookie equal to the locale a visit without `lang` resolves to (the BFF's pick),
 * and the time-zone cookie to the browser's, in which the BFF renders a signed-in page's times.
 */
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

/**
 * A signed-in page rendered on the server hydrates from the data it was rendered with, as SWR's
 * fallback: SWR hydrates from the cache as it was before the first write to it, and an entry
 * written before hydration makes the hook render again at once, reaching the page's parts still
 * waiting for their code (React then renders them afresh, error 421). The fallback goes once the
 * page is React's and every entry has been fetched again (or one failed): a fallback comes back
 * whenever its entry is emptied, and must not bring the user back after a logout or a 401.
 */
function FirstScreenFallback({
  fallback,
  children,
}: {
  fallback: Record<string, unknown>;
  children: ReactNode;
}) {
  const [{ config, settled }] = useState(() => {
    const pending = new Set(Object.keys(fallback));
    let settle: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (settle = resolve));
    const value: SWRConfiguration = {
      fallback,
      onSuccess: (_data, key) => {
        pending.delete(key);
        if (!pending.size) settle();
      },
      onError: () => settle(),
    };
    return { config: value, settled: done };
  });
  const [dropped, setDropped] = useState(false);
  useEffect(() => {
    let live = true;
    void Promise.all([afterTakeOver(), settled]).then(() => live && setDropped(true));
    return () => {
      live = false;
    };
  }, [settled]);
  return <SWRConfig value={dropped ? NO_FALLBACK : config}>{children}</SWRConfig>;
}
const NO_FALLBACK: SWRConfiguration = {};

export function AppRoot({
  children,
  prerendered,
  fallback,
}: {
  children: ReactNode;
  prerendered: boolean;
  /** The first screen a signed-in page was rendered with on the server (firstScreenFallback). */
  fallback?: Record<string, unknown>;
}) {
  const app = (
    <LocaleProvider>
      <LocaleCookie />
      <Providers>{children}</Providers>
    </LocaleProvider>
  );
  if (prerendered)
    return (
      <StrictMode>
        <SWRConfig value={ANONYMOUS}>{app}</SWRConfig>
      </StrictMode>
    );
  return (
    <StrictMode>
      {fallback ? <FirstScreenFallback fallback={fallback}>{app}</FirstScreenFallback> : app}
    </StrictMode>
  );
}

/** Whether this browser renders the page as the document was rendered (locale, desktop layout). */
function matchesPrerender(root: HTMLElement): boolean {
  const locale = root.getAttribute(PRERENDERED_ATTRIBUTE);
  const agent = navigator.userAgent;
  return locale === initialLocale() && !isMobileAgent(agent) && !isSpecialInAppBrowser(agent);
}

export function mount(root: HTMLElement, app: ReactNode): void {
  // The prerendered document holds its critical CSS inline and the stylesheets deferred.
  document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLE_ATTRIBUTE}]`).forEach((link) => {
    link.media = link.getAttribute(DEFERRED_STYLE_ATTRIBUTE) || 'all';
  });
  if (root.hasAttribute(PRERENDERED_ATTRIBUTE) && matchesPrerender(root)) {
    // A signed-in page was rendered for this request from the data inlined beside it.
    const firstScreen = root.hasAttribute(SIGNED_IN_ATTRIBUTE) ? readFirstScreen() : undefined;
    holdEarlyClicks(root);
    const fallback = firstScreen ? firstScreenFallback(firstScreen) : undefined;
    hydrateRoot(
      root,
      <AppRoot prerendered={!firstScreen} fallback={fallback}>
        {app}
      </AppRoot>,
      {
        // React then renders the page afresh, which is all that is needed; nothing is broken.
        onRecoverableError: (error) => console.warn('The prerendered page was rendered again:', error),
      },
    );
  } else {
    // A signed-in page renders its first screen from the data the BFF inlined, without a round trip.
    seedFirstScreen();
    createRoot(root).render(<AppRoot prerendered={false}>{app}</AppRoot>);
  }
}
