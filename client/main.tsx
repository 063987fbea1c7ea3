/**
 * The browser's entry: it loads the code of the page the document shows (and Arco's texts for
 * its language), then takes the document over. A document the BFF rendered (prerendered at build
 * time, or rendered for this request) is hydrated when this browser's first render will match
 * it; any other is rendered from scratch. Either way the page's code is in before React starts,
 * so React hydrates the page in one pass and a tap at first paint reaches it.
 */
import { useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PRERENDERED_ATTRIBUTE, SIGNED_IN_ATTRIBUTE, TAKEN_OVER_ATTRIBUTE } from '@shared/prerender';
import { App } from './app/app';
import { loadArcoLocale } from './app/providers';
import { AppRouter, preloadRoute } from './app/router';
import { readFirstScreen } from './lib/api/first-screen';
import type { BrowserFacts } from './lib/browser-facts';
import { isMobileAgent, isSpecialInAppBrowser } from './lib/hooks/use-device';
import { initialLocale } from './lib/i18n/locale-context';
import { runtimeConfig } from './lib/runtime-config';
import './app/global.css';
import './app/focus.css';

/** Marks the page as React's once it has committed: browser tests wait on it, and CSS keys on it. */
function TakenOver({ root }: { root: HTMLElement }) {
  useEffect(() => root.setAttribute(TAKEN_OVER_ATTRIBUTE, ''), [root]);
  return null;
}

async function start(root: HTMLElement): Promise<void> {
  const facts: BrowserFacts = {
    config: runtimeConfig(),
    locale: initialLocale(),
    userAgent: navigator.userAgent,
    touchPoints: navigator.maxTouchPoints,
  };
  const [arcoLocale] = await Promise.all([
    loadArcoLocale(facts.locale),
    preloadRoute(new URL(window.location.href), facts.config.brandPrefix),
  ]);
  const rendered = root.getAttribute(PRERENDERED_ATTRIBUTE);
  const signedIn = root.hasAttribute(SIGNED_IN_ATTRIBUTE);
  // A signed-in page was rendered from the data inlined beside it; a prerendered one for a visitor.
  const firstScreen = readFirstScreen() ?? (rendered && !signedIn ? { authenticated: false } : undefined);
  const app = (
    <App facts={facts} firstScreen={firstScreen} arcoLocale={arcoLocale}>
      <AppRouter />
      <TakenOver root={root} />
    </App>
  );
  // Rendered as this browser renders it (its locale, the desktop layout), and for a signed-in page
  // from the data it was rendered with; else rendered afresh.
  const matches =
    rendered === facts.locale &&
    !isMobileAgent(facts.userAgent, facts.touchPoints) &&
    !isSpecialInAppBrowser(facts.userAgent) &&
    (!signedIn || firstScreen?.authenticated === true);
  if (matches)
    hydrateRoot(root, app, {
      // React then renders the page afresh, which is all that is needed; nothing is broken.
      onRecoverableError: (error) => console.warn('The rendered page was rendered again:', error),
    });
  else createRoot(root).render(app);
}

const root = document.getElementById('root');
if (root) void start(root);
