/**
 * How the browser tests start Debian's Chromium (Playwright cannot download its own here).
 * docs/adr/0003-chromium-omnibox-popup.md says why they start its headless shell and why one
 * Chromium feature is turned off, and chromium.test.ts fails when a Playwright upgrade changes what
 * that relies on. The feature lists live in chromium-features.json, which the benchmark
 * (bench/pages.mjs, the whole browser as people have it) reads too.
 */
import FEATURES from './chromium-features.json' with { type: 'json' };

/**
 * Debian's `chromium-headless-shell`: the same Chromium build as the `chromium` package without
 * the browser's window and address bar, as Playwright's own headless runs use it; a third less CPU
 * per test here (ADR 0003). `E2E_CHROMIUM=/usr/bin/chromium` runs the suite in the whole browser.
 */
export const CHROMIUM_EXECUTABLE = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

/**
 * The features Playwright turns off itself (playwright-core 1.65, chromiumSwitches). Chromium
 * keeps only the last --disable-features it is given, so ours repeats them.
 */
export const PLAYWRIGHT_DISABLED_FEATURES: string[] = FEATURES.playwrightDisabled;

/**
 * Every new page opens a browser window whose address bar loads its suggestion popup (and, in
 * Chromium 156, its AI-mode popup), web pages of Chromium's own in renderers of their own: more
 * than half of the CPU time of opening a page. No test looks at the address bar.
 */
export const OUR_DISABLED_FEATURES: string[] = FEATURES.oursDisabled;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
];
