/**
 * What the build's prerender (scripts/prerender.ts), the BFF's documents (bff/documents), the app's
 * renderer (client/entry-server.tsx) and the browser's entry (client/main.tsx) must agree on.
 */
import type { FirstScreen } from './api/first-screen';
import type { AppConfig } from './api/runtime-config';
import type { DeviceClass } from './device';
import type { Locale } from './i18n/locale';
import { DEFAULT_BRAND_PREFIX } from './routes';

/** Mirrors the stored locale, which the server cannot read; not a secret. */
export const LOCALE_COOKIE = 'locale';
/** The browser's IANA time zone, in which the server renders a signed-in page's times. */
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

/** Under the client's dist directory; bff/documents answers it as a route, never as files. */
export const PRERENDER_DIR = 'prerender';
export const PRERENDER_MANIFEST = 'manifest.json';
/** In PRERENDER_DIR: each signed-in route's critical CSS (scripts/signed-in-styles.ts). */
export const SIGNED_IN_STYLES = 'signed-in-styles.json';
/**
 * The preload table's (route-preloads.json) key for what a route's desktop document announces
 * besides the route's own files: the parts a phone loads only once the page is the app's
 * (scripts/route-modules.ts DESKTOP_CHUNKS). No address has it: `#` never reaches a server.
 */
export const desktopPartsOf = (route: string) => `${route}#desktop`;

/** The app renderer's bundle in PRERENDER_DIR. */
export const RENDERER_FILE = 'renderer.mjs';

/** On `<div id="root">` of a rendered document: the locale it was rendered in. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** Beside it: the device class (shared/device.ts) whose layout it was rendered in. */
export const DEVICE_ATTRIBUTE = 'data-device';
/** Beside it on a page rendered for a signed-in request: its data is the inlined first screen. */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';
/** Set by the app once it has committed: browser tests wait on it, not on React's private fields. */
export const TAKEN_OVER_ATTRIBUTE = 'data-taken-over';

/**
 * The slots of the built index.html, each a literal it holds once (as Vite's server-rendering
 * guide has `<!--app-html-->`).
 */
export const TEMPLATE_SLOTS = {
  config: '<!--app-config-->',
  headEnd: '</head>',
  root: '<div id="root"></div>',
  bodyEnd: '</body>',
  lang: '<html lang="zh-CN"',
} as const;

/**
 * What the build cannot know, rendered as placeholders the BFF fills in per request: the query
 * (without its tab: a tab's link adds its own, `?prerender-search&amp;tab=password`) and the
 * environment's agreement links. No character in them is one HTML escapes.
 */
export const PLACEHOLDERS = {
  search: '?prerender-search',
  agreement: 'https://prerender.invalid/agreement',
  privacy: 'https://prerender.invalid/privacy',
} as const;

/**
 * The runtime config the build renders with (the prerendered pages, the signed-in pages' samples
 * for their critical CSS): what varies per deployment is a placeholder.
 */
export const PRERENDER_CONFIG: AppConfig = {
  env: 'production',
  demo: false,
  brandPrefix: DEFAULT_BRAND_PREFIX,
  links: {
    home: '/',
    feedback: '/feedback',
    default: { agreement: PLACEHOLDERS.agreement, privacy: PLACEHOLDERS.privacy },
    platforms: {},
  },
  captcha: { provider: 'local' },
  openerOrigins: [],
};

export interface PrerenderedDocument {
  /** The route it renders: /login, or the sub-brand's twin. */
  path: string;
  /** The tab its address names (`?tab=password`); absent, it answers addresses naming none. */
  tab?: string;
  locale: Locale;
  /** The layout it was rendered in: it answers the browsers of that class. */
  device: DeviceClass;
  /** Relative to PRERENDER_DIR. */
  file: string;
  /** CSP sources ('sha256-…') of its inline critical CSS. */
  styleHashes: string[];
}

export interface PrerenderManifest {
  /** The sub-brand prefix the branded documents were rendered with. */
  brandPrefix: string;
  documents: PrerenderedDocument[];
}

/** A signed-in page the render host (bff/documents/render-host.ts) asks the app's renderer for. */
export interface SignedInRequest {
  /** The page's address as the browser asked for it. */
  url: URL;
  locale: Locale;
  /** The browser's time zone, in which times are formatted. */
  timeZone: string;
  userAgent: string;
  config: AppConfig;
  firstScreen: FirstScreen;
}

/**
 * The app's renderer (client/entry-server.tsx, built as RENDERER_FILE): every page the server
 * draws, the visitors' at build time (scripts/prerender.ts), a signed-in one per request in the
 * render host.
 */
export interface AppRenderer {
  /**
   * `route` for a visitor whose stored locale is `locale`, in the layout of `device`, at build
   * time: its query is the search placeholder, then the route's own (`/login?tab=password`).
   */
  prerender(route: string, locale: Locale, device: DeviceClass): Promise<string>;
  /** The markup of `<div id="root">`; undefined for a redirect; rejects when a part failed to render. */
  render(request: SignedInRequest): Promise<string | undefined>;
}
