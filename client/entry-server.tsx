/**
 * The build-time renderer of /login, /register and /forget (scripts/prerender.mjs bundles this
 * file for Node and calls `prerender`). It renders the very tree client/main.tsx hydrates,
 * through the same route table, for a visitor the BFF will serve the document to: anonymous, on
 * a desktop browser, with the given locale stored and nothing else known.
 *
 * The app reads a few browser facts while rendering (the runtime config element, the stored
 * locale, the user agent). They are supplied below as just those facts: `document` and
 * `navigator` from the start (the route table reads the runtime config when it loads), `window`
 * only while a page renders, so that the UI library, which looks for `window` when it loads,
 * takes its server-rendering paths. A read of anything else fails the build, as it should: the
 * page would then depend on something the document cannot know.
 */
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { AppConfig } from '@shared/api/runtime-config';
import type { Locale } from '@shared/i18n/locale';
import { LOCALE_STORAGE_KEY } from '@shared/i18n/locale';
import { PLACEHOLDERS } from '@shared/prerender';
import { DEFAULT_BRAND_PREFIX } from '@shared/routes';

/** The runtime config the pages render with: what varies per deployment is a placeholder. */
const CONFIG: AppConfig = {
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

const configElement = { textContent: JSON.stringify(CONFIG) };
Object.assign(globalThis, {
  document: {
    getElementById: (id: string) => (id === 'app-config' ? configElement : null),
    documentElement: { lang: '' },
  },
});
// Node 21 and later have a navigator of their own.
Object.defineProperty(globalThis, 'navigator', {
  value: { userAgent: DESKTOP_AGENT, maxTouchPoints: 0 },
  configurable: true,
  writable: true,
});

// After the facts above: these modules read them as they load.
const { AppRoutes } = await import('./app/router');
const { AppRoot } = await import('./app/hydration');
// Loaded now, while `window` is absent: React.lazy (login, register, forget) would load them halfway
// through a render, with `window` present.
await import('./features/auth/routes/login/index');
await import('./features/auth/routes/register/index');
await import('./features/auth/routes/forget/index');

function browserWindow(url: URL, locale: Locale) {
  const stored = new Map<string, string>([[LOCALE_STORAGE_KEY, locale]]);
  return {
    location: { href: url.href, origin: url.origin, host: url.host, pathname: url.pathname, search: '' },
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
  };
}

export interface PrerenderResult {
  /** The markup of `<div id="root">`. */
  html: string;
  /** `<html lang>` after the render. */
  lang: string;
}

/**
 * Renders `path` (with the search placeholder as its query) for a visitor whose stored locale is
 * `locale`, once every lazy part has loaded.
 */
export async function prerender(path: string, locale: Locale): Promise<PrerenderResult> {
  const url = new URL(`${path}${PLACEHOLDERS.search}`, 'https://prerender.invalid');

  Object.assign(globalThis, { window: browserWindow(url, locale) });
  try {
    const html = await new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      let failure: unknown;
      const stream = renderToPipeableStream(
        <AppRoot prerendered>
          <StaticRouter location={`${url.pathname}${url.search}`}>
            <AppRoutes />
          </StaticRouter>
        </AppRoot>,
        {
          onAllReady() {
            const sink = new PassThrough();
            sink.on('data', (chunk: Buffer) => chunks.push(chunk));
            sink.on('end', () =>
              failure ? reject(failure) : resolve(Buffer.concat(chunks).toString('utf8')),
            );
            stream.pipe(sink);
          },
          onShellError: reject,
          // A part that fails renders its fallback: the document would not be the page.
          onError(error) {
            failure ??= error;
          },
        },
      );
    });
    const { documentElement } = globalThis.document as unknown as { documentElement: { lang: string } };
    return { html, lang: documentElement.lang };
  } finally {
    Reflect.deleteProperty(globalThis, 'window');
  }
}

// What scripts/prerender.mjs needs to know besides the renderer.
export { LOCALES } from '@shared/i18n/locale';
export {
  DEFERRED_STYLE_ATTRIBUTE,
  PLACEHOLDERS,
  PRERENDER_DIR,
  PRERENDER_MANIFEST,
  PRERENDERED_ATTRIBUTE,
} from '@shared/prerender';
/** The sub-brand prefix the branded page is rendered with. */
export const brandPrefix = CONFIG.brandPrefix;
