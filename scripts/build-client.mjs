// `npm run build:client`: the SPA as `rsbuild build` makes it (rsbuild.config.ts, unchanged),
// then the prerendered /login documents (scripts/prerender.mjs, issue 9), then the .br/.gz files
// beside the hashed assets (scripts/compress.mjs). CLIENT_DIST (default dist/client) is the
// output directory, as rsbuild.config.ts reads it.
//
// Rsbuild runs through its JavaScript API for one reason: to learn which CSS and JS files the
// login page's lazy chunk group loads, which the prerendered document must name.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createRsbuild, loadConfig } from '@rsbuild/core';
import { prerender } from './prerender.mjs';

process.env.NODE_ENV ??= 'production';
const clientDist = process.env.CLIENT_DIST ?? 'dist/client';
const LOGIN_PAGE = /[\\/]client[\\/]features[\\/]auth[\\/]routes[\\/]login[\\/]index\.tsx$/;

/** The source files a module stands for (one, or those scope hoisting concatenated into it). */
const resources = (module) => [module.resource, ...(module.modules ?? []).flatMap(resources)].filter(Boolean);

/**
 * Records the files of the chunk groups that hold the login page and are loaded on demand (none
 * when the page is part of the entry).
 */
function loginChunks(found) {
  return {
    name: 'login-chunks',
    setup(api) {
      api.modifyRspackConfig((config) => {
        config.plugins.push({
          apply(compiler) {
            compiler.hooks.afterEmit.tap('login-chunks', (compilation) => {
              const { chunkGraph } = compilation;
              for (const group of compilation.chunkGroups) {
                if (group.isInitial()) continue;
                const holdsLogin = group.chunks.some((chunk) =>
                  chunkGraph.getChunkModules(chunk).some((m) => resources(m).some((r) => LOGIN_PAGE.test(r))),
                );
                if (holdsLogin) for (const file of group.getFiles()) found.add(file);
              }
            });
          },
        });
      });
    },
  };
}

const files = new Set();
const { content } = await loadConfig({ cwd: process.cwd(), command: 'build' });
const rsbuild = await createRsbuild({ cwd: process.cwd(), config: content, loadEnv: true });
rsbuild.addPlugins([loginChunks(files)]);
const build = await rsbuild.build();
await build?.close?.();

const asPaths = (ext) => [...files].filter((f) => f.endsWith(ext)).map((f) => `/${f}`);
await prerender({ clientDist, loginCss: asPaths('.css'), loginJs: asPaths('.js') });
execFileSync(process.execPath, [path.join('scripts', 'compress.mjs'), path.join(clientDist, 'static')], {
  stdio: 'inherit',
});
