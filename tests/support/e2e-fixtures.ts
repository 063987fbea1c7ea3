/**
 * Playwright's test, with each worker talking to its own stack (playwright.config.ts starts one
 * per worker, on E2E_PORT + the worker's slot): the journeys run in parallel without seeing each
 * other's users, platforms or counters. Specs and helpers import from here, not from
 * '@playwright/test'.
 */
import { test as base } from '@playwright/test';
import { stackPort } from './stacks';

export * from '@playwright/test';

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function takes from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(`http://localhost:${stackPort(testInfo.parallelIndex)}`);
  },
});
