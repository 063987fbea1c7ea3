/**
 * Firefox's engine: Debian's Firefox ESR, headless, driven over WebDriver BiDi by puppeteer-core
 * (no geckodriver: Firefox speaks BiDi itself). Each journey gets a browser context of its own
 * (no cookies, no storage), its page at the size's viewport, and on a phone an Android phone's
 * user agent (the page's and the requests').
 */
import puppeteer, { type Browser, type BrowserContext, type ElementHandle, type Page } from 'puppeteer-core';
import type { EngineDriver, Size } from './engine-page';

export const FIREFOX = '/usr/bin/firefox-esr';
export const ANDROID_FIREFOX_UA = 'Mozilla/5.0 (Android 14; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0';

export async function openFirefox(size: Size): Promise<EngineDriver> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    timeout: 90_000,
  });
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const current = (): Page => {
    if (!page) throw new Error('no page: fresh() opens one');
    return page;
  };

  return {
    goto: async (url) => {
      await current().goto(url);
    },
    url: async () => current().url(),
    evaluate: async (expression) => {
      const handle = await current().evaluateHandle(expression);
      const element = handle.asElement();
      if (element) return { element };
      const value: unknown = await handle.jsonValue();
      await handle.dispose();
      return { value };
    },
    click: (element) => (element as ElementHandle).click(),
    type: (element, text) => (element as ElementHandle).type(text),
    screenshot: async (file) => {
      await current().screenshot({ path: file as `${string}.png` });
    },
    fresh: async () => {
      await context?.close();
      context = await browser.createBrowserContext();
      page = await context.newPage();
      await page.setViewport({ width: size.width, height: size.height });
      if (size.name === 'phone') await page.setUserAgent(ANDROID_FIREFOX_UA);
    },
    close: () => browser.close(),
  };
}
