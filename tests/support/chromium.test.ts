/**
 * The Chromium flags of the browser tests (chromium.ts, docs/adr/0003): ours must keep every
 * feature Playwright turns off, because Chromium keeps only the last --disable-features.
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE, OUR_DISABLED_FEATURES } from './chromium';

describe('the browser tests start Chromium', () => {
  let server: Awaited<ReturnType<typeof chromium.launchServer>>;
  let switches: string[];

  beforeAll(async () => {
    server = await chromium.launchServer({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
    switches = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
  });
  afterAll(() => server?.close());

  const features = (name: string) =>
    switches.filter((s) => s.startsWith(`--${name}=`)).map((s) => s.slice(name.length + 3).split(','));

  it("with the last --disable-features holding Playwright's own and ours", () => {
    const lists = features('disable-features');
    // Playwright's own list first, ours last (the one Chromium keeps).
    expect(lists.length).toBeGreaterThanOrEqual(2);
    const kept = lists.at(-1)!;
    for (const earlier of lists.slice(0, -1)) expect(kept).toEqual(expect.arrayContaining(earlier));
    expect(kept).toEqual(expect.arrayContaining(OUR_DISABLED_FEATURES));
  });

  it('with one --enable-features, which nothing of ours replaces', () => {
    expect(features('enable-features')).toHaveLength(1);
  });

  it("whose new windows load none of the address bar's own pages", async () => {
    // If Chromium renames a feature, its popup comes back as a target of its own.
    const browser = await chromium.connect(server.wsEndpoint());
    try {
      for (let i = 0; i < 2; i++) await (await browser.newContext()).newPage();
      const cdp = await browser.newBrowserCDPSession();
      const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] });
      const urls = targetInfos.map((t) => t.url);
      expect(urls.filter((u) => u === 'about:blank').length).toBeGreaterThanOrEqual(2);
      expect(urls.filter((u) => u.startsWith('chrome://'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
