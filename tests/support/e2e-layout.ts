/**
 * Layouts as phones and other engines draw them: a phone's user agent, text as wide as WebKit's
 * and Firefox's fallback font, and the measures the layout specs share.
 */
import type { BrowserContext, Locator, Page } from './e2e-fixtures';

export const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/** Safari on an iPad that says it is one (older iPadOS, or Safari asked for the mobile site). */
export const IPAD_UA =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
/** Safari on a Mac, as an iPad presents itself too (spec §1: its touch points tell them apart). */
export const MAC_SAFARI_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

/**
 * Text as WebKit and Firefox draw it here, a little wider still: their fallback font ('DejaVu
 * Sans', which fontconfig gives for sans-serif), about 11 % wider than the one Chromium picks from
 * the app's list, spaced out by 2 % of a letter: English about 13 % wider, digits 19 %, Chinese
 * 6 % (issue 40, item 5). A phone's own fonts (PingFang, Noto Sans CJK, Roboto) lie within that.
 * A context showing it needs `bypassCSP`: the page's policy refuses a style sheet the test adds.
 */
const WIDER_TEXT = `html body * { font-family: 'DejaVu Sans', sans-serif !important; letter-spacing: 0.02em !important; }`;

/** Every page of the context draws its text wider (WIDER_TEXT), from its first paint on. */
export async function widenText(context: BrowserContext): Promise<void> {
  await context.addInitScript((css) => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
    });
  }, WIDER_TEXT);
}

/** How much wider a line of English is drawn on the page than in the app's font as Chromium picks it. */
export async function textWidening(page: Page): Promise<number> {
  return page.evaluate(() => {
    const line = document.createElement('span');
    line.textContent = 'Account Center Forgot password? Log out Verify it is you GitHub account Not set';
    line.style.cssText = 'position: absolute; white-space: nowrap; font-size: 14px';
    document.body.append(line);
    const widened = line.getBoundingClientRect().width;
    // The app's own font (on html, which the wider text leaves alone), spaced as it is.
    line.style.setProperty('font-family', getComputedStyle(document.documentElement).fontFamily, 'important');
    line.style.setProperty('letter-spacing', 'normal', 'important');
    const plain = line.getBoundingClientRect().width;
    line.remove();
    return widened / plain;
  });
}

/** How far the page scrolls sideways (0 when everything fits its width). */
export async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

/** The box of the text itself, which may run past its element's box. */
export async function textBox(
  locator: Locator,
): Promise<{ left: number; right: number; top: number; bottom: number }> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { left, right, top, bottom } = range.getBoundingClientRect();
    return { left, right, top, bottom };
  });
}
