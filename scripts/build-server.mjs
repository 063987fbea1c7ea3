// Bundles the BFF (with the local UAA it can embed) into dist/server; npm packages stay external.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = process.env.SERVER_DIST ?? 'dist/server';
// No chunk of an earlier build is left behind.
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    index: 'bff/index.ts',
    // Loaded by index.js after tracing starts; an entry of its own so that it sits beside
    // render-host.js, which it finds by its own URL.
    main: 'bff/main.ts',
    'local-uaa': 'local-uaa/index.ts',
    'render-host': 'bff/spa/render-host.ts',
    // The security events' verifier, for the security team (docs/security-events.md).
    'verify-events': 'bff/security-events/verify-cli.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  // The embedded local UAA (and what only it needs: node-forge, multer) is a chunk of its own,
  // loaded in demo mode only.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
console.log(`built ${outdir}`);
