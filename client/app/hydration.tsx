/**
 * The app's root, and how it takes over the page: a document the BFF served prerendered
 * (scripts/prerender.mjs, issue 9) is hydrated when this browser's first render will match it;
 * any other page, or a prerendered one this browser would render differently, is rendered from
 * scratch.
 */
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { DEFERRED_STYLE_ATTRIBUTE, LOCALE_COOKIE, PRERENDERED_ATTRIBUTE } from '@shared/prerender';
import { SWR_KEYS } from '../lib/api/account';
import { seedFirstScreen } from '../lib/api/first-screen';
import { Providers } from './providers';
import { holdEarlyClicks } from './take-over';
import { isMobileAgent, isSpecialInAppBrowser } from '../lib/hooks/use-device';
import { initialLocale, LocaleProvider, useLocale } from '../lib/i18n/locale-context';

// The prerendered page is the visitor's page: its session is looked up after hydration, as the
// login page's guard does anyway (a visitor with a session then moves on).
const ANONYMOUS = { fallback: { [SWR_KEYS.session]: { authenticated: false } } };
const COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/** Keeps the locale cookie equal to the locale a visit without `lang` resolves to (the BFF's pick). */
function LocaleCookie() {
  const { locale } = useLocale();
  useEffect(() => {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
  }, [locale]);
  return null;
}

export function AppRoot({ children, prerendered }: { children: ReactNode; prerendered: boolean }) {
  const app = (
    <LocaleProvider>
      <LocaleCookie />
      <Providers>{children}</Providers>
    </LocaleProvider>
  );
  return <StrictMode>{prerendered ? <SWRConfig value={ANONYMOUS}>{app}</SWRConfig> : app}</StrictMode>;
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
    holdEarlyClicks(root);
    hydrateRoot(root, <AppRoot prerendered>{app}</AppRoot>, {
      // React then renders the page afresh, which is all that is needed; nothing is broken.
      onRecoverableError: (error) => console.warn('The prerendered page was rendered again:', error),
    });
  } else {
    // A signed-in page renders its first screen from the data the BFF inlined, without a round trip.
    seedFirstScreen();
    createRoot(root).render(<AppRoot prerendered={false}>{app}</AppRoot>);
  }
}
