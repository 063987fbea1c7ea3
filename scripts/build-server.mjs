// Bundles the BFF (with the local UAA it can embed) into dist/server; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { index: 'bff/index.ts', 'local-uaa': 'local-uaa/index.ts' },
  outdir: process.env.SERVER_DIST ?? 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
console.log(`built ${process.env.SERVER_DIST ?? 'dist/server'}`);
