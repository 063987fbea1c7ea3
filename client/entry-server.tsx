/**
 * The app's server renderer, one bundle for two callers (issues 9 and 17):
 *   - scripts/prerender.mjs renders /login, /register and /forget at build time (`prerender`),
 *     for an anonymous visitor on a desktop browser with the given locale stored;
 *   - the BFF renders a signed-in page per request (bff/spa/server-render.ts, through its render
 *     host), from the first screen it inlines anyway, so that the account rows or the first table
 *     rows arrive with the document instead of after the scripts.
 * Both render the very tree client/main.tsx hydrates, through the same route table, with React's
 * renderToPipeableStream once every part's code has loaded (createRenderer). What a render knows
 * of the browser is its request's BrowserFacts, given through React context; the data is its
 * request's first screen, in an SWR cache of its own: nothing of one render reaches another.
 */
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { AppConfig } from '@shared/api/runtime-config';
import { LOCALES, type Locale } from '@shared/i18n/locale';
import { PLACEHOLDERS, type SignedInRenderer, type SignedInRequest } from '@shared/prerender';
import { DEFAULT_BRAND_PREFIX } from '@shared/routes';
import { App } from './app/app';
import { loadArcoLocale } from './app/providers';
import { AppRoutes, isPage } from './app/router';
import { preloadEveryPart } from './lib/lazy';

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

/** The markup of `<div id="root">`, once every part has rendered; rejects when one failed. */
type Page = Omit<SignedInRequest, 'firstScreen' | 'timeZone'> & Partial<SignedInRequest>;

function renderPage(request: Page, arco: ArcoTexts) {
  const { url, locale, timeZone, userAgent, config, firstScreen } = request;
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failure: unknown;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        done();
        if (failure) reject(failure);
        else resolve(Buffer.concat(chunks).toString('utf8'));
      },
    });
    const stream = renderToPipeableStream(
      <App
        facts={{ config, locale, userAgent, touchPoints: 0, timeZone }}
        firstScreen={firstScreen ?? { authenticated: false }}
        arcoLocale={arco[locale]}
      >
        <SWRConfig value={{ provider: () => new Map() }}>
          <StaticRouter location={`${url.pathname}${url.search}`}>
            <AppRoutes />
          </StaticRouter>
        </SWRConfig>
      </App>,
      {
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        // A part that failed renders its fallback: the markup would not be the page.
        onError(error) {
          failure ??= error;
        },
      },
    );
  });
}

type ArcoTexts = Record<Locale, Awaited<ReturnType<typeof loadArcoLocale>>>;

export interface Renderer extends SignedInRenderer {
  /**
   * `route` for a visitor whose stored locale is `locale`, at build time: its query is the search
   * placeholder, then the route's own (`/login?tab=password`).
   */
  prerender(route: string, locale: Locale): Promise<string>;
}

/** The renderer, once every part's code and Arco's texts have loaded. */
export async function createRenderer(): Promise<Renderer> {
  const [arco] = await Promise.all([
    Promise.all(LOCALES.map(async (locale) => [locale, await loadArcoLocale(locale)] as const)).then(
      (entries) => Object.fromEntries(entries) as ArcoTexts,
    ),
    preloadEveryPart(),
  ]);
  return {
    prerender: (route, locale) => {
      const [pathname, query] = route.split('?');
      return renderPage(
        {
          url: new URL(
            `${pathname}${PLACEHOLDERS.search}${query ? `&${query}` : ''}`,
            'https://prerender.invalid',
          ),
          locale,
          userAgent: DESKTOP_AGENT,
          config: PRERENDER_CONFIG,
        },
        arco,
      );
    },
    async render(request) {
      if (!isPage(request.url, request.config.brandPrefix)) return undefined;
      try {
        return { html: await renderPage(request, arco) };
      } catch {
        return undefined;
      }
    },
  };
}

// What scripts/prerender.mjs needs to know besides the renderer.
export { LOCALES } from '@shared/i18n/locale';
export {
  PLACEHOLDERS,
  PRERENDER_DIR,
  PRERENDER_MANIFEST,
  PRERENDERED_ATTRIBUTE,
  RENDERER_FILE,
  TEMPLATE_SLOTS,
} from '@shared/prerender';
/** The sub-brand prefix the branded page is rendered with. */
export const brandPrefix = PRERENDER_CONFIG.brandPrefix;
