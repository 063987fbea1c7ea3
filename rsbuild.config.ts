import { writeFileSync } from 'node:fs';
import { defineConfig, type Rspack } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const BFF = 'http://localhost:8080';

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

export default defineConfig({
  plugins: [pluginReact()],
  source: {
    entry: { index: './client/main.tsx' },
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
  html: {
    template: './client/index.html',
    title: '',
  },
  output: {
    distPath: { root: process.env.CLIENT_DIST ?? 'dist/client' },
    legalComments: 'none',
  },
  performance: {
    chunkSplit: { strategy: 'split-by-experience', override: { chunks: 'initial' } },
  },
  tools: {
    rspack: (config) => {
      if (process.env.BUNDLE_STATS)
        config.plugins = [...(config.plugins ?? []), bundleStats(process.env.BUNDLE_STATS)];
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
