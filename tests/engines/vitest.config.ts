// The engines tier (npm run test:engines, scripts/test-engines.sh): the core journeys in WebKitGTK
// (Safari's engine) and Firefox ESR, each engine's file in a worker of its own, side by side.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@shared': dir('../../shared'),
      '@client': dir('../../client'),
    },
  },
  test: {
    root: dir('../..'),
    include: ['tests/engines/**/*.test.ts'],
    globalSetup: ['tests/engines/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['verbose'],
  },
});
