/**
 * The app's server renderer, one bundle for two callers (issues 9 and 17):
 *   - scripts/prerender.mjs renders /login, /register and /forget at build time (`prerender`),
 *     for an anonymous visitor on a desktop browser with the given locale stored;
 *   - the BFF renders a signed-in page's first screen per request (`renderSignedIn`), from the
 *     data it inlines anyway (bff/spa/server-render.ts), so that the account rows or the first
 *     table rows arrive with the document instead of after the scripts.
 * Both render the very tree client/main.tsx hydrates, through the same route table.
 *
 * The app reads a few browser facts while rendering (the runtime config element, the stored
 * locale, the user agent, the address). They are supplied as just those facts, and only while
 * the app loads or a page renders: the BFF's own code never sees a `window` or a `document`.
 * `window` is absent while the app loads, so that the UI library, which looks for it when it
 * loads, takes its server-rendering paths. A read of anything else fails the render, as it
 * should: the page would then depend on something the document cannot know.
 */
import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { AppConfig } from '@shared/api/runtime-config';
import type { FirstScreen } from '@shared/api/first-screen';
import type { Locale } from '@shared/i18n/locale';
import { LOCALE_STORAGE_KEY } from '@shared/i18n/locale';
import {
  PLACEHOLDERS,
  type RenderedMarkup,
  type SignedInRenderer,
  type SignedInRequest,
} from '@shared/prerender';
import { DEFAULT_BRAND_PREFIX } from '@shared/routes';
import { AppRoot } from './app/hydration';
import { AppRoutes } from './app/router';
import { resetRuntimeConfig } from './lib/runtime-config';
import { formatInTimeZone } from './lib/format-time';
// The pages rendered here, loaded with the app: React.lazy then finds them loaded (after one render:
// createSignedInRenderer renders each page once) instead of loading them halfway through a render.
import './features/auth/routes/login/index';
import './features/auth/routes/register/index';
import './features/auth/routes/forget/index';
import './features/account/routes/usercenter/index';
import './features/account/routes/usercenter/access-keys';
import './features/admin/components/admin-shell';
import './features/admin/routes/user/index';
import './features/admin/routes/platform/index';
import './features/admin/routes/role/index';

/** The runtime config the prerendered pages render with: what varies per deployment is a placeholder. */
const PRERENDER_CONFIG: AppConfig = {
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
const DESKTOP_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** What a render may know of the browser. */
interface BrowserFacts {
  config: AppConfig;
  userAgent: string;
  /** Absent while the app loads. */
  page?: { url: URL; locale: Locale; timeZone?: string };
}

const GLOBALS = ['document', 'navigator', 'window'] as const;

/**
 * Puts the browser facts in place as globals; the function returned puts back what was there
 * (Node 21 and later have a navigator of their own). In the BFF only around a synchronous render:
 * it serves other requests between two awaits.
 */
function setBrowserFacts(facts: BrowserFacts): () => void {
  const saved = GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const);
  const configElement = { textContent: JSON.stringify(facts.config) };
  const values: Record<(typeof GLOBALS)[number], unknown> = {
    document: {
      getElementById: (id: string) => (id === 'app-config' ? configElement : null),
      documentElement: { lang: '' },
    },
    navigator: { userAgent: facts.userAgent, maxTouchPoints: 0 },
    window: facts.page ? browserWindow(facts.page.url, facts.page.locale) : undefined,
  };
  for (const name of GLOBALS) {
    if (values[name] === undefined) Reflect.deleteProperty(globalThis, name);
    else Object.defineProperty(globalThis, name, { value: values[name], configurable: true, writable: true });
  }
  // A browser reads the config once per page load; here once per render.
  resetRuntimeConfig();
  formatInTimeZone(facts.page?.timeZone);
  return () => {
    resetRuntimeConfig();
    formatInTimeZone(undefined);
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else Reflect.deleteProperty(globalThis, name);
    }
  };
}

function browserWindow(url: URL, locale: Locale) {
  const stored = new Map<string, string>([[LOCALE_STORAGE_KEY, locale]]);
  return {
    location: {
      href: url.href,
      origin: url.origin,
      host: url.host,
      pathname: url.pathname,
      search: url.search,
    },
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
  };
}

function tree(url: URL, prerendered: boolean, firstScreen?: FirstScreen): ReactNode {
  const page = (
    <AppRoot prerendered={prerendered} firstScreen={firstScreen}>
      <StaticRouter location={`${url.pathname}${url.search}`}>
        <AppRoutes />
      </StaticRouter>
    </AppRoot>
  );
  // A cache of its own for each render: nothing of one user's reaches another's page.
  return firstScreen ? <SWRConfig value={{ provider: () => new Map() }}>{page}</SWRConfig> : page;
}

export type PrerenderResult = RenderedMarkup;

const documentLang = () =>
  (globalThis.document as unknown as { documentElement: { lang: string } }).documentElement.lang;

/**
 * Renders `path` (with the search placeholder as its query) for a visitor whose stored locale is
 * `locale`, once every lazy part has loaded. At build time only (it awaits with globals set).
 */
export async function prerender(path: string, locale: Locale): Promise<PrerenderResult> {
  const url = new URL(`${path}${PLACEHOLDERS.search}`, 'https://prerender.invalid');
  // The build renders one page at a time: the facts may stay while the render awaits its parts.
  const restore = setBrowserFacts({
    config: PRERENDER_CONFIG,
    userAgent: DESKTOP_AGENT,
    page: { url, locale },
  });
  try {
    const html = await new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let failure: unknown;
      const stream = renderToPipeableStream(tree(url, true), {
        onAllReady() {
          const sink = new PassThrough();
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('end', () => (failure ? reject(failure) : resolve(Buffer.concat(chunks).toString('utf8'))));
          stream.pipe(sink);
        },
        onShellError: reject,
        // A part that fails renders its fallback: the document would not be the page.
        onError(error) {
          failure ??= error;
        },
      });
    });
    return { html, lang: documentLang() };
  } finally {
    restore();
  }
}

// React marks a Suspense boundary it could not finish (`<!--$!-->`) or left pending (`<!--$?-->`).
const UNFINISHED = /<!--\$[!?]-->/;

/** The page's markup rendered synchronously; undefined when a part could not render. */
function renderNow(request: SignedInRequest): PrerenderResult | undefined {
  const { url, locale, timeZone, userAgent, config, firstScreen } = request;
  const restore = setBrowserFacts({ config, userAgent, page: { url, locale, timeZone } });
  // What the app or a library would say on the console while rendering (a <Navigate> on the first
  // render, say: the page goes elsewhere) stays out of the BFF's log, and the browser renders it.
  const { warn, error } = console;
  let said = false;
  console.warn = console.error = () => {
    said = true;
  };
  try {
    // A part that threw or suspended inside a Suspense boundary leaves React's marker; outside
    // one, the render throws.
    const html = renderToString(tree(url, false, firstScreen));
    return said || UNFINISHED.test(html) ? undefined : { html, lang: documentLang() };
  } catch {
    return undefined;
  } finally {
    console.warn = warn;
    console.error = error;
    restore();
  }
}

/** A user and first screen for each page, so that every lazy part is met once before a visitor. */
const SAMPLE_USER = {
  ssoUid: 'warm-up',
  username: 'warm-up',
  phone: '13800000000',
  email: 'warm-up@example.invalid',
  githubAccount: null,
  wechat: null,
  wechatName: null,
};
const SAMPLE_PAGES = [
  '/usercenter',
  '/usercenter?tab=keys',
  '/usercenter?tab=help',
  '/admin/user',
  '/admin/platform',
  '/admin/role',
];

/**
 * The renderer the BFF calls per request. Each page is rendered once first, awaiting between
 * tries, so that React.lazy has met every page before a visitor asks for one.
 */
export async function createSignedInRenderer(): Promise<SignedInRenderer> {
  for (const page of SAMPLE_PAGES) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const done = renderNow({
        url: new URL(page, 'https://warm-up.invalid'),
        locale: 'zh-CN',
        timeZone: 'UTC',
        userAgent: DESKTOP_AGENT,
        config: PRERENDER_CONFIG,
        firstScreen: {
          authenticated: true,
          userInfo: SAMPLE_USER as unknown as FirstScreen['userInfo'],
          modules: ['users', 'platforms', 'role'],
        },
      });
      if (done) break;
      // React.lazy's modules are in the bundle: they resolve within a few turns.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return { render: renderNow };
}

// What scripts/prerender.mjs needs to know besides the renderer.
export { LOCALES } from '@shared/i18n/locale';
export {
  DEFERRED_STYLE_ATTRIBUTE,
  PLACEHOLDERS,
  PRERENDER_DIR,
  PRERENDER_MANIFEST,
  PRERENDERED_ATTRIBUTE,
  RENDERER_FILE,
} from '@shared/prerender';
/** The sub-brand prefix the branded page is rendered with. */
export const brandPrefix = PRERENDER_CONFIG.brandPrefix;
