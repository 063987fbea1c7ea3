/**
 * The browser's entry: it loads the page's code and Arco's texts first, so that React hydrates a
 * rendered document in one pass and a tap at first paint reaches it (docs/adr/0008); a document
 * this browser would render differently, or the shell, is rendered afresh.
 */
import { useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  DEVICE_ATTRIBUTE,
  PRERENDERED_ATTRIBUTE,
  SIGNED_IN_ATTRIBUTE,
  TAKEN_OVER_ATTRIBUTE,
} from '@shared/documents';
import { App } from './app/app';
import { loadArcoLocale } from './app/providers';
import { AppRouter, preloadRoute } from './app/router';
import { readFirstScreen } from './lib/api/first-screen';
import { fetchUserInfo } from './lib/api/account';
import { watchSessionChanges, noteAccount, takeReloadNotice } from './lib/api/session-events';
import { notify } from './lib/notify';
import { productMessage } from '@shared/errors/catalogue';
import type { RenderContext } from './lib/render-context';
import { deviceClass } from '@shared/device';
import { initialLocale } from './lib/i18n/locale-context';
import { runtimeConfig } from './lib/runtime-config';
import './app/global.css';
import './app/focus.css';

/** Marks the page as React's once committed: browser tests wait on it, CSS keys on it. */
function TakenOver({ root }: { root: HTMLElement }) {
  useEffect(() => root.setAttribute(TAKEN_OVER_ATTRIBUTE, ''), [root]);
  return null;
}

async function start(root: HTMLElement): Promise<void> {
  const context: RenderContext = {
    config: runtimeConfig(),
    locale: initialLocale(),
    userAgent: navigator.userAgent,
    touchPoints: navigator.maxTouchPoints,
  };
  const [arcoLocale] = await Promise.all([
    loadArcoLocale(context.locale),
    preloadRoute(new URL(window.location.href), context.config.brandPrefix),
  ]);
  const rendered = root.getAttribute(PRERENDERED_ATTRIBUTE);
  const signedIn = root.hasAttribute(SIGNED_IN_ATTRIBUTE);
  // A signed-in page was rendered from the data inlined beside it; a prerendered one for a visitor.
  const firstScreen = readFirstScreen() ?? (rendered && !signedIn ? { authenticated: false } : undefined);
  // Whose page this is, before any call is made for it; and what the other tabs say of theirs.
  if (firstScreen?.authenticated && firstScreen.userInfo?.ssoUid) noteAccount(firstScreen.userInfo.ssoUid);
  watchSessionChanges(() => void fetchUserInfo().catch(() => undefined));
  if (takeReloadNotice()) notify.warning(productMessage('signedInElsewhere', context.locale));
  const app = (
    <App context={context} firstScreen={firstScreen} arcoLocale={arcoLocale}>
      <AppRouter />
      <TakenOver root={root} />
    </App>
  );
  // Its locale, its layout (a Mac-named iPad's is not the desktop's), and for a signed-in page
  // the data it was rendered from.
  const matches =
    rendered === context.locale &&
    root.getAttribute(DEVICE_ATTRIBUTE) === deviceClass(context.userAgent, context.touchPoints) &&
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
