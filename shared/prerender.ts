/**
 * The prerendered /login documents (issue 9): scripts/prerender.mjs renders them at build time,
 * bff/spa serves one when the visitor's first render will match it, client/main.tsx
 * hydrates it. What the three sides must agree on lives here.
 */
import type { FirstScreen } from './api/first-screen';
import type { AppConfig } from './api/runtime-config';
import type { Locale } from './i18n/locale';

/** Mirrors the stored locale (localStorage is out of the server's sight); not a secret. */
export const LOCALE_COOKIE = 'locale';

/**
 * The browser's time zone (an IANA name), kept by the app like the locale cookie: the server
 * renders a signed-in page's times in it. Not a secret either.
 */
export const TIME_ZONE_COOKIE = 'tz';

/** A time zone the server may format in: an IANA name Intl knows, nothing else. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Under the client's dist directory; never served as a file (bff/spa answers it as a route). */
export const PRERENDER_DIR = 'prerender';
export const PRERENDER_MANIFEST = 'manifest.json';

/** On `<div id="root">` of a prerendered document: the locale it was rendered in. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/**
 * Beside it on a signed-in page the BFF rendered for its request (bff/spa/server-render.ts): the
 * client seeds the inlined first screen before hydrating, instead of an anonymous session.
 */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';
/**
 * Set on `<div id="root">` by the app once it has committed, hydrated or rendered (client/main.tsx):
 * the browser tests wait on it, not on React's private fields.
 */
export const TAKEN_OVER_ATTRIBUTE = 'data-taken-over';
/** The server renderer's bundle, in the prerender directory (written by scripts/prerender.mjs). */
export const RENDERER_FILE = 'renderer.mjs';

/**
 * The slots of the built index.html, each a literal it holds once (as Vite's server-rendering
 * guide has `<!--app-html-->`): the runtime config's place, the end of the head, the root, the
 * language. The build fills the root of a prerendered page (scripts/prerender.mjs), the BFF the
 * rest (bff/spa/document.ts).
 */
export const TEMPLATE_SLOTS = {
  config: '<!--app-config-->',
  headEnd: '</head>',
  root: '<div id="root"></div>',
  lang: '<html lang="zh-CN"',
} as const;

/**
 * What the build cannot know is rendered as these placeholders and filled in per request: the
 * query string (the login page's links carry it on) and the environment's agreement links.
 * None of them contains a character HTML escapes, so each appears verbatim in the document.
 * The query is the request's without its tab (TAB_PARAM): the document shows its own, and a
 * tab's link adds its tab after the placeholder (`?prerender-search&amp;tab=password`).
 */
export const PLACEHOLDERS = {
  search: '?prerender-search',
  agreement: 'https://prerender.invalid/agreement',
  privacy: 'https://prerender.invalid/privacy',
} as const;

export interface PrerenderedDocument {
  /** The route it renders: /login, or the sub-brand's twin. */
  path: string;
  /**
   * The tab its address names (`?tab=password`), which it shows; absent, it answers addresses
   * that name none.
   */
  tab?: string;
  locale: Locale;
  /** Relative to the prerender directory. */
  file: string;
  /** CSP sources ('sha256-…') of its inline critical CSS. */
  styleHashes: string[];
}

export interface PrerenderManifest {
  /** The sub-brand prefix the branded documents were rendered with. */
  brandPrefix: string;
  documents: PrerenderedDocument[];
}

// The layouts the documents are rendered in are the desktop ones: phones, tablets (spec §1) and
// the one in-app browser with its warning get the client-rendered shell. Mirrors
// client/lib/hooks/use-device.ts (client/app/hydration.test.ts holds the two together); an iPad that
// calls itself a Mac is caught by the client, which then renders instead of hydrating.
const NOT_DESKTOP = /iPhone|iPad|iPod|Android|OpenHarmony|HarmonyOS|MicroMessenger/i;

export function isDesktopAgent(userAgent: string | undefined): boolean {
  return Boolean(userAgent) && !NOT_DESKTOP.test(userAgent as string);
}

/** A signed-in page the BFF asks the server renderer for (client/entry-server.tsx). */
export interface SignedInRequest {
  /** The page's address as the browser asked for it: path and query. */
  url: URL;
  locale: Locale;
  /** The browser's time zone, its times are formatted in. */
  timeZone: string;
  userAgent: string;
  config: AppConfig;
  firstScreen: FirstScreen;
}

/** A rendered page: the markup of `<div id="root">` (in the request's locale, which the BFF knows). */
export interface RenderedMarkup {
  html: string;
}

/** The server renderer of signed-in pages, loaded once by the render host (bff/spa/render-host.ts). */
export interface SignedInRenderer {
  /**
   * Undefined when the address is no page of its own (a redirect) or a part failed to render: the
   * shell answers then.
   */
  render(request: SignedInRequest): Promise<RenderedMarkup | undefined>;
}
