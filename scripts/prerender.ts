// The visitors' pages rendered at build time (issues 9, 17): /login (and the sub-brand's twin),
// /register and /forget, in both languages, in each device class's layout (shared/device.ts) and
// for the tabs their addresses may name, by the app's renderer (client/entry-server.tsx). Each
// document is index.html with the page in its root (which client/main.tsx hydrates), its critical
// CSS inline (beasties) and its stylesheets at the body's end, its chunks' scripts preloaded. The
// manifest lists the documents with the CSP hashes of their inline CSS for the BFF
// (bff/documents/prerendered.ts). Run by scripts/build-client.mjs, under tsx
// (`npm run build:client`), so that it reads shared/documents.ts as the BFF and the app do.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';
import { PurgeCSS } from 'purgecss';
import { DEVICE_CLASSES } from '@shared/device';
import { LOCALES } from '@shared/i18n/locale';
import {
  PLACEHOLDERS,
  PRERENDER_DIR,
  PRERENDER_MANIFEST,
  DEVICE_ATTRIBUTE,
  PRERENDERED_ATTRIBUTE,
  RENDERER_FILE,
  TEMPLATE_SLOTS,
  type AppRenderer,
  type PrerenderedDocument,
} from '@shared/documents';
import { DEFAULT_BRAND_PREFIX, TAB_PARAM } from '@shared/routes';
import { styleHash } from '../bff/documents/prerendered';

/** A page to prerender: its route (`/login?tab=password`) and the files of its chunks. */
export interface PrerenderPage {
  route: string;
  css: string[];
  js: string[];
}

/** The document as the CSP admits it (no inline script, no style attribute), its inline CSS by hash. */
function finish(html: string, route: string) {
  const refused = html.match(/<script(?![^>]*\bsrc=)[^>]*>| style="[^"]*"/);
  if (refused) throw new Error(`${route}: the CSP would refuse ${refused[0]}`);
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] as string);
  return { html, styleHashes: [...new Set(styles.map(styleHash))] };
}

/**
 * The inline CSS without the custom properties nothing in it reads (ADR 0009): Arco's palette puts
 * some 300 on body, of which the login page's critical rules read about a tenth. PurgeCSS, given
 * the document, drops them (its `variables` option); the rules are beasties' choice, all of which
 * the document uses. The deferred stylesheets define every property again for the rest of the app.
 */
export async function withoutUnusedProperties(html: string): Promise<string> {
  const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)];
  // Beasties writes one: a property set in one element and read in another would be dropped.
  if (inline.length !== 1) throw new Error(`one inline style element expected, ${inline.length} found`);
  const [element, css] = inline[0] as RegExpExecArray;
  const [purged] = await new PurgeCSS().purge({
    content: [{ raw: html, extension: 'html' }],
    css: [{ raw: css as string }],
    variables: true,
  });
  return html.replace(element, () => `<style>${purged?.css ?? css}</style>`);
}

/** The placeholders only as whole words: anything else would escape the BFF's filling in. */
function checkPlaceholders(html: string) {
  const rest = Object.values(PLACEHOLDERS).reduce((text, p) => text.replaceAll(p, ''), html);
  if (/prerender\.invalid|prerender-search/.test(rest))
    throw new Error('a placeholder was rendered in a form the BFF would not fill in');
}

/**
 * What the build's documents are made with, loaded once for the prerendered pages and the
 * signed-in pages' critical CSS (scripts/signed-in-styles.ts): the app's renderer, index.html, and
 * beasties as both inline their CSS.
 */
export async function documentTools(clientDist: string) {
  // The renderer's bundle is there already (rsbuild.config.ts's `renderer` environment).
  const rendererFile = path.join(clientDist, PRERENDER_DIR, RENDERER_FILE);
  const { createRenderer } = (await import(pathToFileURL(rendererFile).href)) as {
    createRenderer(): Promise<AppRenderer>;
  };
  return {
    renderer: await createRenderer(),
    template: readFileSync(path.join(clientDist, 'index.html'), 'utf8'),
    beasties: new Beasties({
      path: clientDist,
      publicPath: '/',
      // The stylesheets at the body's end, not switched on by a script (the CSP admits none inline).
      preload: 'body',
      inlineFonts: false,
      keyframes: 'critical',
      compress: true,
      logLevel: 'warn',
    }),
  };
}
export type DocumentTools = Awaited<ReturnType<typeof documentTools>>;

/** Each page in both languages; /login's sub-brand twin shares its files. */
export async function prerender({
  clientDist,
  tools: { renderer, template, beasties },
  pages,
  inApp,
}: {
  clientDist: string;
  tools: DocumentTools;
  pages: PrerenderPage[];
  /** The files the in-app browser's documents load besides their page's (its warning's). */
  inApp: Omit<PrerenderPage, 'route'>;
}) {
  const started = Date.now();
  const outDir = path.join(clientDist, PRERENDER_DIR);
  const brandPrefix = DEFAULT_BRAND_PREFIX;
  const documents: PrerenderedDocument[] = [];
  const sizes: string[] = [];
  const routes = pages.flatMap((page) =>
    page.route.startsWith('/login')
      ? [page, { ...page, route: page.route.replace('/login', `/${brandPrefix}-login`) }]
      : [page],
  );
  const { lang, headEnd, root } = TEMPLATE_SLOTS;
  const linksOf = ({ css, js }: Omit<PrerenderPage, 'route'>) =>
    [
      ...css.map((href) => `<link href="${href}" rel="stylesheet">`),
      ...js.map((href) => `<link href="${href}" rel="preload" as="script">`),
    ].join('');
  for (const { route, css, js } of routes) {
    for (const locale of LOCALES) {
      for (const device of DEVICE_CLASSES) {
        const links = linksOf(
          device === 'mobile-in-app'
            ? { css: [...css, ...inApp.css], js: [...js, ...inApp.js] }
            : { css, js },
        );
        const markup = await renderer.prerender(route, locale, device);
        checkPlaceholders(markup);
        const composed = template
          .replace(lang, () => `<html lang="${locale}"`)
          .replace(headEnd, () => `${links}${headEnd}`)
          .replace(
            root,
            () =>
              `<div id="root" ${PRERENDERED_ATTRIBUTE}="${locale}" ${DEVICE_ATTRIBUTE}="${device}">${markup}</div>`,
          );
        const { html, styleHashes } = finish(
          await withoutUnusedProperties(await beasties.process(composed)),
          route,
        );
        // A route may name a tab (`/login?tab=password`): its document answers addresses naming it.
        const [pagePath = route, query] = route.split('?');
        const tab = new URLSearchParams(query).get(TAB_PARAM) ?? undefined;
        const file = `${pagePath.slice(1)}${tab ? `.${tab}` : ''}.${locale}.${device}.html`;
        writeFileSync(path.join(outDir, file), html);
        documents.push({ path: pagePath, ...(tab ? { tab } : {}), locale, device, file, styleHashes });
        sizes.push(`${file} ${Math.round(html.length / 1024)} KB`);
      }
    }
  }
  writeFileSync(
    path.join(outDir, PRERENDER_MANIFEST),
    `${JSON.stringify({ brandPrefix, documents }, null, 2)}\n`,
  );
  console.log(`prerendered ${sizes.join(', ')} in ${Date.now() - started} ms`);
}
