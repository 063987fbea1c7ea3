/**
 * The app's root, and how it takes over the page: a document the BFF served prerendered
 * (scripts/prerender.mjs, issue 9) is hydrated when this browser's first render will match it;
 * any other page, or a prerendered one this browser would render differently, is rendered from
 * scratch.
 */
import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SWRConfig, type SWRConfiguration } from 'swr';
import type { FirstScreen } from '@shared/api/first-screen';
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
import { holdEarlyClicks } from '../lib/take-over';
import { onSessionChange } from '../lib/api/session-events';
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
 * waiting for their code (React then renders them afresh, error 421). Written after, it would
 * make SWR discard the answers of the revalidations under way, a session check saying the
 * session has ended among them. So the data stays the fallback, which each entry's own answer
 * replaces as it comes, until the session ends or another begins (session-events.ts): a
 * fallback comes back whenever its entry is emptied, and must not bring the user back to the
 * next user of the tab.
 */
function FirstScreenFallback({ firstScreen, children }: { firstScreen: FirstScreen; children: ReactNode }) {
  const [config] = useState<SWRConfiguration>(() => ({ fallback: firstScreenFallback(firstScreen) }));
  const [dropped, setDropped] = useState(false);
  useEffect(() => onSessionChange(() => setDropped(true)), []);
  return <SWRConfig value={dropped ? NO_FALLBACK : config}>{children}</SWRConfig>;
}
const NO_FALLBACK: SWRConfiguration = {};

export function AppRoot({
  children,
  prerendered,
  firstScreen,
}: {
  children: ReactNode;
  prerendered: boolean;
  /** The first screen a signed-in page was rendered with on the server. */
  firstScreen?: FirstScreen;
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
      {firstScreen ? <FirstScreenFallback firstScreen={firstScreen}>{app}</FirstScreenFallback> : app}
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
  const signedIn = root.hasAttribute(SIGNED_IN_ATTRIBUTE);
  // A signed-in page was rendered for this request from the data inlined beside it: without that
  // data it cannot be hydrated as it was rendered (never an anonymous session over a user's page).
  const firstScreen = signedIn ? readFirstScreen() : undefined;
  const hydratable = signedIn ? Boolean(firstScreen?.authenticated) : true;
  if (root.hasAttribute(PRERENDERED_ATTRIBUTE) && hydratable && matchesPrerender(root)) {
    holdEarlyClicks(root);
    hydrateRoot(
      root,
      <AppRoot prerendered={!signedIn} firstScreen={firstScreen}>
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
