import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@shared': dir('./shared'),
      '@client': dir('./client'),
      '@bff': dir('./bff'),
      '@local-uaa': dir('./local-uaa'),
      '@tests': dir('./tests'),
    },
  },
  test: {
    include: [
      '{shared,client,bff,local-uaa,scripts}/**/*.test.{ts,tsx}',
      'tests/{architecture,conformance,faults,fuzz,security,support}/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 15000,
    pool: 'threads',
    // Vitest's default leaves a core free (one worker on this 2-core machine). The files spend most
    // of their time importing or waiting on their servers: three workers on two cores run the
    // suite in 48-51 s, two in 57 s, one in 101 s (docs/testing.md).
    maxWorkers: '150%',
    // The files of a worker share their imports instead of importing everything again (56 s to
    // 33 s here; the files spend most of their time importing). A file that changes a global puts
    // it back (vi.unstubAllGlobals, vi.useRealTimers); the suite passes in any file order
    // (--sequence.shuffle.files).
    isolate: false,
  },
});
