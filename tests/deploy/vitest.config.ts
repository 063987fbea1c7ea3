// The deploy suite (npm run test:deploy): real processes (redis-server, nginx, BFF replicas, the
// local UAA) on loopback ports, one file at a time.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@shared': dir('../../shared'),
      '@bff': dir('../../bff'),
      '@local-uaa': dir('../../local-uaa'),
    },
  },
  test: {
    root: dir('../..'),
    include: ['tests/deploy/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    reporters: ['verbose'],
  },
});
