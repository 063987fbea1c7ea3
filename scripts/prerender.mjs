// The prerendered documents (issue 9): the login page, in both languages and for the default
// platform and the sub-brand, and the register and forgot-password pages in both languages (issue
// 17), rendered at build time by React's server renderer (client/entry-server.tsx), so that the
// first field arrives with the HTML. Each document is the built index.html with:
//   - the page inside <div id="root" data-prerendered="<locale>">, which client/main.tsx hydrates;
//   - the CSS its markup uses inlined (beasties), the stylesheets (the entry's and the page
//     chunk's) at the body's end, so that they hold back no first paint;
//   - the page chunk's scripts preloaded, so that hydration does not wait for a second round
//     trip.
// The CSP hashes of the inline CSS go into prerender/manifest.json, which the BFF reads
// (bff/spa/prerendered.ts). Called by scripts/build-client.mjs after Rsbuild.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';
import { build } from 'esbuild';

/**
 * client/entry-server.tsx as one Node module, every package inside (the BFF's image installs only
 * what the BFF imports), at `outfile`: the build prerenders with it, the BFF renders the signed-in
 * pages with it (bff/spa/server-render.ts).
 */
async function buildRenderer(outfile) {
  await build({
    entryPoints: ['client/entry-server.tsx'],
    outfile,
    bundle: true,
    minify: true,
    platform: 'node',
    // The packages' ES builds, as the browser's bundle takes them: Arco's components and the app's
    // ArcoConfig (client/app/providers.tsx) then share one ConfigContext, and its texts.
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

/** The CSP admits no style attribute on a prerendered page (the app's styles go through the CSSOM). */
function refuseStyleAttributes(markup, route) {
  const style = markup.match(/ style="[^"]*"/);
  if (style) throw new Error(`${route}:${style[0]} would be refused by the CSP`);
  return markup;
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The page's markup in the template's slots, with the stylesheets and scripts its chunks need. */
function compose({ template, slots, markup, locale, rootAttribute, css, js }) {
  const styles = css.map((href) => `<link href="${href}" rel="stylesheet">`).join('');
  const scripts = js.map((href) => `<link href="${href}" rel="preload" as="script">`).join('');
  return template
    .replace(slots.lang, `<html lang="${locale}"`)
    .replace(slots.headEnd, `${styles}${scripts}${slots.headEnd}`)
    .replace(slots.root, `<div id="root" ${rootAttribute}="${locale}">${markup}</div>`);
}

/** The document checked for what the CSP refuses; its inline <style> is admitted by its hash. */
function finish(out) {
  const inline = out.match(/<script(?![^>]*\bsrc=)[^>]*>/);
  if (inline) throw new Error(`an inline script would break the CSP: ${inline[0]}`);
  const styles = [...out.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  return { html: out, styleHashes: [...new Set(styles.map(sha256))] };
}

/**
 * The inline CSS without the custom properties nothing in it reads (issue 17): Arco's palette
 * puts some 300 on body, of which the login page's critical rules use about a third; the browser
 * parses and cascades every one before the first paint. The deferred stylesheets define them all
 * again for the rest of the app.
 */
export function withoutUnusedProperties(html) {
  return html.replace(/<style>([\s\S]*?)<\/style>/g, (_, css) => {
    const values = new Map([...css.matchAll(/(--[\w-]+):([^;}]*)/g)].map((m) => [m[1], m[2]]));
    const used = new Set();
    const visit = (text) => {
      for (const [, name] of text.matchAll(/var\((--[\w-]+)/g)) {
        if (used.has(name)) continue;
        used.add(name);
        visit(values.get(name) ?? '');
      }
    };
    visit(css.replace(/(--[\w-]+):([^;}]*)/g, ''));
    const kept = css
      .replace(/(--[\w-]+):[^;}]*(;|(?=\}))/g, (declaration, name) => (used.has(name) ? declaration : ''))
      .replace(/;}/g, '}');
    return `<style>${kept}</style>`;
  });
}

/**
 * The markup may carry the placeholders only as whole words: anything else would escape the BFF's
 * filling in.
 */
function checkPlaceholders(html, placeholders) {
  const whole = new RegExp(
    Object.values(placeholders)
      .map((p) => p.replace(/[.?/]/g, '\\$&'))
      .join('|'),
    'g',
  );
  const rest = html.replace(whole, '');
  if (/prerender\.invalid|prerender-search/.test(rest))
    throw new Error('a placeholder was rendered in a form the BFF would not fill in');
}

/**
 * `pages`: each route with the files of its lazy chunk group;
 * the login page also gets its sub-brand twin, which shares its files.
 */
export async function prerender({ clientDist, pages }) {
  const started = Date.now();
  // Written where the documents go; bff/spa answers that directory as a route, never as files.
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
    // The stylesheets at the body's end: the page paints with its inline critical CSS first, and no
    // script (the CSP admits none inline) switches them on.
    preload: 'body',
    inlineFonts: false,
    keyframes: 'critical',
    compress: true,
    logLevel: 'warn',
  });
  const documents = [];
  const routes = pages.flatMap((page) =>
    page.route.startsWith('/login')
      ? [page, { ...page, route: page.route.replace('/login', `/${brandPrefix}-login`) }]
      : [page],
  );
  for (const { route, css, js } of routes) {
    for (const locale of LOCALES) {
      const markup = refuseStyleAttributes(await renderer.prerender(route, locale), route);
      checkPlaceholders(markup, PLACEHOLDERS);
      const composed = compose({
        template,
        slots: TEMPLATE_SLOTS,
        markup,
        locale,
        rootAttribute: PRERENDERED_ATTRIBUTE,
        css,
        js,
      });
      const { html, styleHashes } = finish(withoutUnusedProperties(await beasties.process(composed)));
      // A route may name a tab (`/login?tab=password`, shared/routes.ts TAB_PARAM): the BFF serves
      // its document to the addresses naming that tab, filling the query's placeholder with the
      // rest of the query. So the renderer renders it at `/login?prerender-search&tab=password`.
      const [pagePath, query] = route.split('?');
      const tab = new URLSearchParams(query).get('tab') ?? undefined;
      const file = `${pagePath.slice(1)}${tab ? `.${tab}` : ''}.${locale}.html`;
      writeFileSync(path.join(outDir, file), html);
      documents.push({ path: pagePath, ...(tab ? { tab } : {}), locale, file, styleHashes });
    }
  }
  writeFileSync(
    path.join(outDir, PRERENDER_MANIFEST),
    `${JSON.stringify({ brandPrefix, documents }, null, 2)}\n`,
  );
  const sizes = documents.map(
    (d) => `${d.file} ${Math.round(readFileSync(path.join(outDir, d.file)).length / 1024)} KB`,
  );
  console.log(`prerendered ${sizes.join(', ')} in ${Date.now() - started} ms`);
}
