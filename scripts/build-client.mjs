// `npm run build:client`: the SPA and the app's renderer as `rsbuild build` makes them
// (rsbuild.config.ts's `web` and `renderer` environments, unchanged), then the prerendered
// /login, /register and /forget documents (scripts/prerender.ts, issues 9 and 17), then the
// .br/.gz files beside the hashed assets (scripts/compress.mjs). CLIENT_DIST (default
// dist/client) is the output directory, as rsbuild.config.ts reads it.
//
// Rsbuild runs through its JavaScript API to learn which CSS and JS files the named lazy chunk
// groups of the pages in ROUTE_CHUNKS load: the prerendered documents name them, and the BFF
// announces them with preload links on the others (issue 17).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRsbuild, loadConfig } from '@rsbuild/core';
import { documentTools, prerender } from './prerender.ts';
import { signedInStyles } from './signed-in-styles.ts';
import { DESKTOP_CHUNKS, IN_APP, IN_APP_CHUNKS, PRERENDERED_PAGES, ROUTE_CHUNKS } from './route-modules.ts';
import { desktopPartsOf } from '../shared/documents.ts';

process.env.NODE_ENV ??= 'production';
const clientDist = process.env.CLIENT_DIST ?? 'dist/client';
// Read by the BFF (bff/documents/route-preloads.ts ROUTE_PRELOADS_FILE).
const ROUTE_PRELOADS_FILE = 'route-preloads.json';
const ANNOUNCED = [
  ...Object.entries(ROUTE_CHUNKS),
  ...Object.entries(DESKTOP_CHUNKS).map(([route, names]) => [desktopPartsOf(route), names]),
  [IN_APP, IN_APP_CHUNKS],
];

/**
 * Records, for each page of ROUTE_CHUNKS, the files of its named chunk groups (its `import()`s'
 * `webpackChunkName`), and the names no chunk group has.
 */
function routeChunks(routeFiles, unnamed) {
  return {
    name: 'route-chunks',
    setup(api) {
      api.modifyRspackConfig((config, { environment }) => {
        if (environment.name !== 'web') return;
        config.plugins.push({
          apply(compiler) {
            compiler.hooks.afterEmit.tap('route-chunks', ({ namedChunkGroups }) => {
              for (const [route, names] of ANNOUNCED) {
                const files = new Set();
                for (const name of names) {
                  const group = namedChunkGroups.get(name);
                  if (!group) unnamed.add(name);
                  for (const file of group?.getFiles() ?? []) files.add(`/${file}`);
                }
                routeFiles.set(route, files);
              }
            });
          },
        });
      });
    },
  };
}

const routeFiles = new Map();
const unnamed = new Set();
const { content } = await loadConfig({ cwd: process.cwd(), command: 'build' });
const rsbuild = await createRsbuild({
  cwd: process.cwd(),
  config: content,
  loadEnv: true,
  environment: ['web', 'renderer'],
});
rsbuild.addPlugins([routeChunks(routeFiles, unnamed)]);
const build = await rsbuild.build();
await build?.close?.();

// A name on no `import()` (renamed, or the comment lost to a transform) would leave its page without
// preload links and its prerendered document without its scripts, silently (docs/adr/0015).
const empty = ANNOUNCED.filter(([route]) => !routeFiles.get(route)?.size).map(([route]) => route);
if (unnamed.size || empty.length)
  throw new Error(`no chunk group named ${[...unnamed].join(', ')} (pages ${empty.join(', ')}): ADR 0015`);
const { [IN_APP]: inAppFiles = [], ...routeTable } = Object.fromEntries(
  [...routeFiles].map(([route, set]) => [route, [...set].filter((f) => /\.(js|css)$/.test(f)).sort()]),
);
writeFileSync(path.join(clientDist, ROUTE_PRELOADS_FILE), JSON.stringify(routeTable));
const filesOf = (files) => ({
  css: files.filter((f) => f.endsWith('.css')),
  js: files.filter((f) => f.endsWith('.js')),
});
const tools = await documentTools(clientDist);
await prerender({
  clientDist,
  tools,
  inApp: filesOf(inAppFiles),
  // A document names its page's chunks, which it needs before the app can take over.
  pages: PRERENDERED_PAGES.map((route) => ({ route, ...filesOf(routeTable[route.split('?')[0]] ?? []) })),
});
// Each route's critical CSS is cut from all its files, its desktop parts' too (their fields are
// rendered on a desktop); the desktop parts are no route of their own.
const routes = Object.keys(ROUTE_CHUNKS);
await signedInStyles({
  clientDist,
  tools,
  routes: Object.fromEntries(
    routes.map((route) => [route, [...routeTable[route], ...(routeTable[desktopPartsOf(route)] ?? [])]]),
  ),
});
execFileSync(process.execPath, [path.join('scripts', 'compress.mjs'), path.join(clientDist, 'static')], {
  stdio: 'inherit',
});
