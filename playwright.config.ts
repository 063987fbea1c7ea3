import { defineConfig, devices } from '@playwright/test';

// Overridable so that two suites (or two people) can run side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 18080);
const SERVER_DIR = process.env.E2E_SERVER_DIR ?? 'dist/server';
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? 'dist/client';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node --enable-source-maps ${SERVER_DIR}/index.js`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      STATIC_DIR,
      // The journeys send many codes from one address: the default rules with roomier per-address limits.
      RATE_LIMITS_FILE: 'tests/e2e/rate-limits.json',
    },
  },
});
