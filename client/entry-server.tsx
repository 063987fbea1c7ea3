/**
 * The app's renderer, one bundle for two callers: scripts/prerender.ts renders the
 * visitors' pages at build time (`prerender`), the BFF a signed-in page per request (`render`,
 * bff/documents/server-render.ts). Both render the tree client/main.tsx hydrates, with React's
 * renderToPipeableStream once every part's code has loaded. A render knows of the browser only its
 * request's RenderContext and of data only its first screen, in an SWR cache of its
 * own: nothing of one render reaches another.
 */
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { DEVICE_AGENTS } from '@shared/device';
import { LOCALES, type Locale } from '@shared/i18n/locale';
import { PLACEHOLDERS, PRERENDER_CONFIG, type AppRenderer, type SignedInRequest } from '@shared/documents';
import { App } from './app/app';
import { loadArcoLocale } from './app/providers';
import { AppRoutes } from './app/router';
import { preloadEveryPart } from './lib/lazy';
import { RedirectedProvider, type Redirected } from './lib/redirect';

/** A page to render: a signed-in one's request, or a prerendered one's without a first screen or zone. */
type PageToRender = Omit<SignedInRequest, 'firstScreen' | 'timeZone'> & Partial<SignedInRequest>;

/**
 * The markup of `<div id="root">`, once every part has rendered; undefined for a page that goes
 * elsewhere (the browser makes the move); rejects when a part failed.
 */
async function renderPage(request: PageToRender, arco: ArcoTexts): Promise<string | undefined> {
  const { url, locale, timeZone, userAgent, config, firstScreen } = request;
  const out = new PassThrough();
  const redirected: Redirected = {};
  let failure: unknown;
  const stream = renderToPipeableStream(
    <App
      context={{ config, locale, userAgent, touchPoints: 0, timeZone }}
      firstScreen={firstScreen ?? { authenticated: false }}
      arcoLocale={arco[locale]}
    >
      <SWRConfig value={{ provider: () => new Map() }}>
        <StaticRouter location={`${url.pathname}${url.search}`}>
          <RedirectedProvider value={redirected}>
            <AppRoutes />
          </RedirectedProvider>
        </StaticRouter>
      </SWRConfig>
    </App>,
    {
      onAllReady: () => stream.pipe(out),
      onShellError: (error) => out.destroy(error as Error),
      // A part that failed renders its fallback: the markup would not be the page.
      onError(error) {
        failure ??= error;
      },
    },
  );
  const html = await text(out);
  if (failure) throw failure;
  return redirected.to === undefined ? html : undefined;
}

type ArcoTexts = Record<Locale, Awaited<ReturnType<typeof loadArcoLocale>>>;

/** The renderer, once every part's code and Arco's texts have loaded. */
export async function createRenderer(): Promise<AppRenderer> {
  const [texts] = await Promise.all([
    Promise.all(LOCALES.map(async (locale) => [locale, await loadArcoLocale(locale)] as const)),
    preloadEveryPart(),
  ]);
  const arco = Object.fromEntries(texts) as ArcoTexts;
  return {
    async prerender(route, locale, device) {
      const [pathname, query] = route.split('?');
      const search = `${PLACEHOLDERS.search}${query ? `&${query}` : ''}`;
      const url = new URL(`${pathname}${search}`, 'https://prerender.invalid');
      const html = await renderPage(
        { url, locale, userAgent: DEVICE_AGENTS[device], config: PRERENDER_CONFIG },
        arco,
      );
      if (html === undefined) throw new Error(`${route} goes elsewhere: nothing to prerender`);
      return html;
    },
    render(request) {
      return renderPage(request, arco);
    },
  };
}
