import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Rspack } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { PRERENDER_DIR, RENDERER_FILE } from './shared/documents';

const BFF = 'http://localhost:8080';
const CLIENT_DIST = process.env.CLIENT_DIST ?? 'dist/client';

/**
 * BUNDLE_STATS=file: writes which source modules each emitted file holds (`npm run bench` reads
 * it to prove what /login downloads, and what it does not).
 */
function bundleStats(file: string): Rspack.RspackPluginInstance {
  return {
    apply(compiler) {
      compiler.hooks.done.tap('bundle-stats', (stats) => {
        const json = stats.toJson({
          all: false,
          chunks: true,
          ids: true,
          modules: true,
          nestedModules: true,
          orphanModules: true,
          modulesSpace: Infinity,
          nestedModulesSpace: Infinity,
        });
        const names = (m: Rspack.StatsModule): string[] => [
          m.name ?? '',
          ...(m.modules ?? []).flatMap(names),
        ];
        const byChunk = new Map<string | number, string[]>();
        for (const m of json.modules ?? []) {
          for (const id of m.chunks ?? []) byChunk.set(id, [...(byChunk.get(id) ?? []), ...names(m)]);
        }
        const chunks = (json.chunks ?? []).map((c) => ({
          files: c.files ?? [],
          modules: c.id === undefined ? [] : (byChunk.get(c.id) ?? []),
        }));
        writeFileSync(file, JSON.stringify(chunks));
      });
    },
  };
}

/** The BFF's entries (dist/server), each a file of its own; npm packages stay external. */
const SERVER_ENTRIES = {
  // Loads bff/main.ts after tracing starts, as a chunk beside it (jsAsync: ''), which finds
  // render-host.js by its own URL.
  index: './bff/index.ts',
  'local-uaa': './local-uaa/index.ts',
  'render-host': './bff/documents/render-host.ts',
  // The security events' verifier, for the security team (docs/security-events.md).
  'verify-events': './bff/security-events/verify-cli.ts',
};

/**
 * Three environments of one build: `web`, the SPA; `renderer`, client/entry-server.tsx as one
 * Node module with every package inside (the BFF's image has only its own), which
 * scripts/prerender.ts runs and the BFF's render host loads; `server`, the BFF. `npm run
 * build:client` builds the first two (scripts/build-client.mjs), `npm run build:server` the third.
 */
export default defineConfig({
  plugins: [pluginReact()],
  source: {
    // Arco: JS tree-shakes by itself; CSS is pulled in per component actually used.
    transformImport: [
      {
        libraryName: '@arco-design/web-react',
        libraryDirectory: 'es',
        camelToDashComponentName: false,
        style: 'css',
      },
      {
        libraryName: '@arco-design/web-react/icon',
        libraryDirectory: 'react-icon',
        camelToDashComponentName: false,
      },
    ],
  },
  output: {
    legalComments: 'none',
  },
  environments: {
    web: {
      source: { entry: { index: './client/main.tsx' } },
      html: {
        template: './client/index.html',
        title: '',
      },
      output: { distPath: { root: CLIENT_DIST } },
      performance: {
        chunkSplit: { strategy: 'split-by-experience', override: { chunks: 'initial' } },
      },
      tools: {
        rspack: (config) => {
          if (process.env.BUNDLE_STATS)
            config.plugins = [...(config.plugins ?? []), bundleStats(process.env.BUNDLE_STATS)];
        },
      },
    },
    renderer: {
      source: { entry: { renderer: './client/entry-server.tsx' } },
      output: {
        target: 'node',
        distPath: { root: path.join(CLIENT_DIST, PRERENDER_DIR), js: '' },
        filename: { js: RENDERER_FILE },
        minify: true,
        // Written by the web environment's build.
        cleanDistPath: false,
      },
      // One file: the pages' parts loaded on demand are inside.
      tools: { rspack: { output: { asyncChunks: false } } },
    },
    server: {
      source: { entry: SERVER_ENTRIES },
      output: {
        target: 'node',
        distPath: { root: process.env.SERVER_DIST ?? 'dist/server', js: '', jsAsync: '' },
        filenameHash: false,
        autoExternal: true,
        minify: false,
        sourceMap: { js: 'source-map' },
      },
      performance: { chunkSplit: { strategy: 'all-in-one' } },
      tools: {
        rspack: {
          // import.meta.url and new URL(…, import.meta.url) as Node reads them where the file runs.
          module: { parser: { javascript: { importMeta: false, url: false } } },
        },
      },
    },
  },
  server: {
    port: 3000,
    // `npm run dev`: the Rsbuild dev server serves the SPA, the BFF everything else.
    proxy: {
      '/gw': BFF,
      '/bff': BFF,
      '/__dev': BFF,
      '/authentication': BFF,
      '/xlab-authentication': BFF,
    },
  },
});
