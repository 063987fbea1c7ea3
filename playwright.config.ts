import { defineConfig } from '@playwright/test';
import {
  DESKTOP,
  E2E_PORT as PORT,
  E2E_WORKERS as WORKERS,
  stackEnv,
  stackPort,
} from './tests/support/e2e-fixtures';
import { IN_ORDER } from './tests/support/e2e-order';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './tests/support/chromium';
import { RUN_STARTED_ENV } from './tests/support/e2e-security-stream';

// The config is read by the runner and by each worker: the run's start is the runner's.
process.env[RUN_STARTED_ENV] ??= new Date().toISOString();

// E2E_PORT is overridable so that two suites (or two people) can run side by side on one machine;
// the stacks take E2E_PORT, E2E_PORT + 1, … (one per worker, E2E_WORKERS of them, default 2).
const SERVER_DIR = process.env.E2E_SERVER_DIR ?? 'dist/server';
// By default the BFF talks to a separate local UAA through nginx (TLS, gzip, /uaa-be), as in a
// deployment (tests/support/e2e-stack.ts); E2E_UPSTREAM=embedded runs the BFF alone, embedding it.
const EMBEDDED = process.env.E2E_UPSTREAM === 'embedded';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  // Tests are spread over the workers one by one (files alone left one worker idle for the last
  // 40 s); a file whose tests build on each other says so with describe.configure.
  fullyParallel: true,
  // The security events of every journey, searched for secrets once all have run (issue 26).
  globalTeardown: './tests/support/e2e-security-stream.ts',
  workers: WORKERS,
  // A test that fails is run once more, with a trace; the run fails all the same (a test that
  // passes only the second time is flaky, and failOnFlakyTests counts it as a failure).
  retries: 1,
  failOnFlakyTests: true,
  timeout: 60_000,
  // A journey's next page (a QR scan's hops, a login's redirect and render) can take more than
  // Playwright's default 5 s on a loaded two-core CI machine; the wait ends as soon as it holds,
  // so only a failing assertion waits the whole of it.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // The retry of a failed test records a trace: the DOM before and after every action, the
    // network and the console. Not its screencast, which encodes a frame for every paint and
    // doubled Chromium's work. Only the retry: tracing every test on the chance that it fails
    // cost 7-10 % of the suite's CPU time (docs/testing.md).
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
  },
  // The files whose tests run in order in one worker are handed out first, so that the short,
  // independent tests fill the other worker around them instead of one worker finishing alone.
  projects: [
    { name: 'in-order', testMatch: IN_ORDER, use: DESKTOP },
    { name: 'chromium', testIgnore: IN_ORDER, use: DESKTOP },
  ],
  webServer: Array.from({ length: WORKERS }, (_, slot) => ({
    command: EMBEDDED
      ? `node --enable-source-maps ${SERVER_DIR}/index.js`
      : 'npx tsx tests/support/e2e-stack.ts',
    // SIGTERM lets the stack stop nginx and the local UAA and remove its temporary files.
    ...(EMBEDDED ? {} : { gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 } }),
    url: `http://localhost:${stackPort(slot)}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: stackEnv(stackPort(slot)),
  })),
});
