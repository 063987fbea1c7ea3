// `npm run build:client`: the SPA and the app's renderer as `rsbuild build` makes them
// (rsbuild.config.ts's `web` and `renderer` environments, unchanged), then the prerendered
// /login, /register and /forget documents (scripts/prerender.ts, issues 9 and 17), then the
// .br/.gz files beside the hashed assets (scripts/compress.mjs). CLIENT_DIST (default
// dist/client) is the output directory, as rsbuild.config.ts reads it.
//
// Rsbuild runs through its JavaScript API to learn which CSS and JS files the lazy chunk groups of
// the pages in ROUTE_MODULES load: the prerendered documents name them, and the BFF announces them
// with preload links on the others (issue 17).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRsbuild, loadConfig } from '@rsbuild/core';
import { prerender } from './prerender.ts';
import { IN_APP, IN_APP_MODULES, ROUTE_MODULES } from './route-modules.ts';

process.env.NODE_ENV ??= 'production';
const clientDist = process.env.CLIENT_DIST ?? 'dist/client';
// Read by the BFF (bff/documents/route-preloads.ts ROUTE_PRELOADS_FILE).
const ROUTE_PRELOADS_FILE = 'route-preloads.json';
/** The source files a module stands for (one, or those scope hoisting concatenated into it). */
const resources = (module) => [module.resource, ...(module.modules ?? []).flatMap(resources)].filter(Boolean);

/** Records, for each page of ROUTE_MODULES, the files of the chunk groups loaded on demand that hold its modules. */
function routeChunks(routeFiles) {
  return {
    name: 'route-chunks',
    setup(api) {
      api.modifyRspackConfig((config, { environment }) => {
        if (environment.name !== 'web') return;
        config.plugins.push({
          apply(compiler) {
            compiler.hooks.afterEmit.tap('route-chunks', (compilation) => {
              const { chunkGraph } = compilation;
              for (const group of compilation.chunkGroups) {
                if (group.isInitial()) continue;
                const holds = (source) =>
                  group.chunks.some((chunk) =>
                    chunkGraph
                      .getChunkModules(chunk)
                      .some((m) => resources(m).some((r) => r.replaceAll('\\', '/').endsWith(source))),
                  );
                for (const [route, sources] of [...Object.entries(ROUTE_MODULES), [IN_APP, IN_APP_MODULES]]) {
                  if (!sources.some(holds)) continue;
                  const files = routeFiles.get(route) ?? new Set();
                  for (const file of group.getFiles()) files.add(`/${file}`);
                  routeFiles.set(route, files);
                }
              }
            });
          },
        });
      });
    },
  };
}

const routeFiles = new Map();
const { content } = await loadConfig({ cwd: process.cwd(), command: 'build' });
const rsbuild = await createRsbuild({
  cwd: process.cwd(),
  config: content,
  loadEnv: true,
  environment: ['web', 'renderer'],
});
rsbuild.addPlugins([routeChunks(routeFiles)]);
const build = await rsbuild.build();
await build?.close?.();

// The plugin reads Rspack's chunk graph (docs/adr/0015): if an upgrade changes what it reads, a
// page would lose its preload links and its prerendered document its scripts, silently.
const unfound = [...Object.keys(ROUTE_MODULES), IN_APP].filter((route) => !routeFiles.get(route)?.size);
if (unfound.length) throw new Error(`no lazy chunk holds the modules of ${unfound.join(', ')} (ADR 0015)`);
const { [IN_APP]: inAppFiles = [], ...routeTable } = Object.fromEntries(
  [...routeFiles].map(([route, set]) => [route, [...set].filter((f) => /\.(js|css)$/.test(f)).sort()]),
);
writeFileSync(path.join(clientDist, ROUTE_PRELOADS_FILE), JSON.stringify(routeTable));
const filesOf = (files) => ({
  css: files.filter((f) => f.endsWith('.css')),
  js: files.filter((f) => f.endsWith('.js')),
});
await prerender({
  clientDist,
  inApp: filesOf(inAppFiles),
  // Each page, and each tab's own document, the first tab's too: a tab pressed before the scripts
  // is a link to that address (client/components/tabs.tsx), `?tab=sms` back from the password tab.
  // A document names its page's chunks, which it needs before the app can take over.
  pages: [
    '/login',
    '/login?tab=sms',
    '/login?tab=password',
    '/register',
    '/register?tab=email',
    '/register?tab=phone',
    '/forget',
    '/forget?tab=phone',
    '/forget?tab=email',
  ].map((route) => {
    return { route, ...filesOf(routeTable[route.split('?')[0]] ?? []) };
  }),
});
execFileSync(process.execPath, [path.join('scripts', 'compress.mjs'), path.join(clientDist, 'static')], {
  stdio: 'inherit',
});
