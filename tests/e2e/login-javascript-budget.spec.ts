/**
 * /login's JavaScript stays within its budget (issue 39: 130 KB, `npm run bench`'s figure, which
 * only the benchmark showed until now): what a desktop browser with a cold cache downloads for
 * /login until the app has the page, each file at its gzip size from the build (the `.gz`
 * compress.mjs wrote beside it, as bench/pages.mjs counts it), fonts and images counted (issue 17).
 * The back office's contract, the user centre's change flows and the like come with their own
 * pages (docs/performance.md).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { expect, takenOver, test } from '../support/e2e-fixtures';
import BUDGET from '../support/login-weight-budget.json' with { type: 'json' };

const DIST = process.env.E2E_STATIC_DIR ?? 'dist/client';

/** The gzip size of a built file, as the benchmark has it. */
function gzipSize(pathname: string): number {
  const file = path.join(DIST, decodeURIComponent(pathname));
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  const raw = readFileSync(file);
  return Math.min(raw.length, gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }).length);
}

const COUNTED = /\.(m?js|woff2?|ttf|otf|eot|png|jpe?g|gif|svg|webp|avif|ico)$/;

test(`/login downloads at most ${BUDGET.jsKb} KB of JavaScript, gzip, fonts and images counted`, async ({
  page,
  baseURL,
}) => {
  const files = new Set<string>();
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin === new URL(baseURL!).origin && COUNTED.test(url.pathname)) files.add(url.pathname);
  });
  await page.goto('/login');
  await takenOver(page);
  const sizes = [...files].map((file) => ({ file, gzip: gzipSize(file) }));
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  const list = sizes.map(({ file, gzip }) => `${file} ${(gzip / 1024).toFixed(1)} KB`).join('\n');
  expect(
    sizes.some(({ file }) => file.endsWith('.js')),
    'scripts were counted',
  ).toBe(true);
  expect(total / 1024, `/login's JavaScript:\n${list}`).toBeLessThanOrEqual(BUDGET.jsKb);
});
