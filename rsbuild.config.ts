import { defineConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const BFF = 'http://localhost:8080';

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
    chunkSplit: { strategy: 'split-by-experience' },
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
