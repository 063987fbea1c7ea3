/**
 * How the browser tests start Debian's Chromium (Playwright cannot download its own here).
 * docs/adr/0003-chromium-omnibox-popup.md says why one Chromium feature is turned off, and
 * chromium.test.ts fails when a Playwright upgrade changes what that relies on. The feature lists
 * live in chromium-features.json, which the benchmark (bench/pages.mjs) reads too.
 */
import FEATURES from './chromium-features.json' with { type: 'json' };

export const CHROMIUM_EXECUTABLE = '/usr/bin/chromium';

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
