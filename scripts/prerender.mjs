// The visitors' pages rendered at build time (issues 9, 17): /login (and the sub-brand's twin),
// /register and /forget, in both languages and for the tabs their addresses may name, by the app's
// server renderer (client/entry-server.tsx). Each document is index.html with the page in its root
// (which client/main.tsx hydrates), its critical CSS inline (beasties) and its stylesheets at the
// body's end, its chunks' scripts preloaded. The manifest lists the documents with the CSP hashes
// of their inline CSS for the BFF (bff/spa/prerendered.ts). Run by scripts/build-client.mjs.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';
import { build } from 'esbuild';
import { PurgeCSS } from 'purgecss';

/** client/entry-server.tsx as one Node module with every package inside (the BFF's image has only its own). */
async function buildRenderer(outfile) {
  await build({
    entryPoints: ['client/entry-server.tsx'],
    outfile,
    bundle: true,
    minify: true,
    platform: 'node',
    // The packages' ES builds, as the browser's bundle: Arco's components and the app then share one ConfigContext.
    mainFields: ['module', 'main'],
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    tsconfig: 'tsconfig.json',
    define: { 'process.env.NODE_ENV': '"production"' },
    // Stylesheets are the client build's business; the renderer needs only the markup.
    loader: { '.css': 'empty' },
    // CommonJS packages inside an ES module still call require() for Node's own modules.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The document as the CSP admits it (no inline script, no style attribute), its inline CSS by hash. */
function finish(html, route) {
  const refused = html.match(/<script(?![^>]*\bsrc=)[^>]*>| style="[^"]*"/);
  if (refused) throw new Error(`${route}: the CSP would refuse ${refused[0]}`);
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  return { html, styleHashes: [...new Set(styles.map(sha256))] };
}

/**
 * The inline CSS without the custom properties nothing in it reads (ADR 0009): Arco's palette puts
 * some 300 on body, of which the login page's critical rules read about a tenth. PurgeCSS, given
 * the document, drops them (its `variables` option); the rules are beasties' choice, all of which
 * the document uses. The deferred stylesheets define every property again for the rest of the app.
 */
export async function withoutUnusedProperties(html) {
  const inline = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)];
  // Beasties writes one: a property set in one element and read in another would be dropped.
  if (inline.length !== 1) throw new Error(`one inline style element expected, ${inline.length} found`);
  const [{ css }] = await new PurgeCSS().purge({
    content: [{ raw: html, extension: 'html' }],
    css: [{ raw: inline[0][1] }],
    variables: true,
  });
  return html.replace(inline[0][0], () => `<style>${css}</style>`);
}

/** The placeholders only as whole words: anything else would escape the BFF's filling in. */
function checkPlaceholders(html, placeholders) {
  const rest = Object.values(placeholders).reduce((text, p) => text.replaceAll(p, ''), html);
  if (/prerender\.invalid|prerender-search/.test(rest))
    throw new Error('a placeholder was rendered in a form the BFF would not fill in');
}

/** `pages`: each route with the files of its chunks; /login's sub-brand twin shares its files. */
export async function prerender({ clientDist, pages }) {
  const started = Date.now();
  const outDir = path.join(clientDist, 'prerender');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const bundle = await buildRenderer(path.join(outDir, 'renderer.mjs'));
  const renderer = await bundle.createRenderer();
  const {
    LOCALES,
    PLACEHOLDERS,
    PRERENDER_DIR,
    PRERENDER_MANIFEST,
    PRERENDERED_ATTRIBUTE,
    RENDERER_FILE,
    TEMPLATE_SLOTS,
    brandPrefix,
  } = bundle;
  if (PRERENDER_DIR !== 'prerender' || RENDERER_FILE !== 'renderer.mjs')
    throw new Error('scripts/prerender.mjs names the renderer as shared/prerender.ts no longer does');
  const template = readFileSync(path.join(clientDist, 'index.html'), 'utf8');
  const beasties = new Beasties({
    path: clientDist,
    publicPath: '/',
    // The stylesheets at the body's end, not switched on by a script (the CSP admits none inline).
    preload: 'body',
    inlineFonts: false,
    keyframes: 'critical',
    compress: true,
    logLevel: 'warn',
  });
  const documents = [];
  const sizes = [];
  const routes = pages.flatMap((page) =>
    page.route.startsWith('/login')
      ? [page, { ...page, route: page.route.replace('/login', `/${brandPrefix}-login`) }]
      : [page],
  );
  const { lang, headEnd, root } = TEMPLATE_SLOTS;
  for (const { route, css, js } of routes) {
    const links = [
      ...css.map((href) => `<link href="${href}" rel="stylesheet">`),
      ...js.map((href) => `<link href="${href}" rel="preload" as="script">`),
    ].join('');
    for (const locale of LOCALES) {
      const markup = await renderer.prerender(route, locale);
      checkPlaceholders(markup, PLACEHOLDERS);
      const composed = template
        .replace(lang, () => `<html lang="${locale}"`)
        .replace(headEnd, () => `${links}${headEnd}`)
        .replace(root, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${locale}">${markup}</div>`);
      const { html, styleHashes } = finish(
        await withoutUnusedProperties(await beasties.process(composed)),
        route,
      );
      // A route may name a tab (`/login?tab=password`): its document answers addresses naming it.
      const [pagePath, query] = route.split('?');
      const tab = new URLSearchParams(query).get('tab') ?? undefined;
      const file = `${pagePath.slice(1)}${tab ? `.${tab}` : ''}.${locale}.html`;
      writeFileSync(path.join(outDir, file), html);
      documents.push({ path: pagePath, ...(tab ? { tab } : {}), locale, file, styleHashes });
      sizes.push(`${file} ${Math.round(html.length / 1024)} KB`);
    }
  }
  writeFileSync(
    path.join(outDir, PRERENDER_MANIFEST),
    `${JSON.stringify({ brandPrefix, documents }, null, 2)}\n`,
  );
  console.log(`prerendered ${sizes.join(', ')} in ${Date.now() - started} ms`);
}
