/**
 * The user centre on phones and tablets (spec §1: iPhone, iPad and Android are mobile). On a phone
 * (390 px) the header, the three menu entries and the feedback link fit and the access keys stack
 * instead of scrolling sideways; on an iPad, an Android tablet and a phone held sideways (issue 29,
 * item 2) the content is there, the full width of the screen, its tabs above (before, only the
 * three tabs showed and the content column had no width, past the right edge).
 */ import { atRest, expect, test, type Page } from '../support/e2e-fixtures';
import { blockingViolations as axeBlocking } from '../support/e2e-axe';
import { api, signInAsNewUser } from '../support/e2e-api';
import { IPAD_UA } from '../support/e2e-layout';
import { LANGS, platformNames, usercenter, type Lang } from '../support/e2e-texts';

const IPAD = IPAD_UA;
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

const DEVICES = [
  { name: 'an iPad, portrait', userAgent: IPAD, viewport: { width: 820, height: 1180 } },
  { name: 'an iPad, landscape', userAgent: IPAD, viewport: { width: 1180, height: 820 } },
  { name: 'an Android tablet', userAgent: ANDROID_TABLET, viewport: { width: 800, height: 1280 } },
  { name: 'a phone held sideways', userAgent: IPHONE, viewport: { width: 844, height: 390 } },
];

/** Signs a new phone account in and opens its user centre; the account section's heading. */
async function openUserCentre(page: Page, baseURL: string, lang: Lang) {
  await signInAsNewUser(page, baseURL);
  await page.goto(`/usercenter?lang=${lang}`);
  return page.getByRole('heading', { name: usercenter[lang].menuAccount });
}

for (const device of DEVICES) {
  test.describe(`on ${device.name} (${device.viewport.width} × ${device.viewport.height})`, () => {
    test.use({ userAgent: device.userAgent, viewport: device.viewport, hasTouch: true });

    for (const lang of LANGS) {
      const t = usercenter[lang];

      test(`the user centre shows its content the full width, its tabs above (${lang})`, async ({
        page,
        baseURL,
      }) => {
        await expect(await openUserCentre(page, baseURL!, lang)).toBeInViewport();

        const width = device.viewport.width;
        const content = await page.locator('.uc-content').boundingBox();
        expect(content).not.toBeNull();
        // The content spans the screen (a little margin at most) and nothing scrolls sideways.
        expect(content!.x).toBeGreaterThanOrEqual(0);
        expect(content!.width).toBeGreaterThan(width * 0.9);
        expect(content!.x + content!.width).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

        // The tabs sit above the content and work.
        const keys = page.getByRole('menuitem', { name: t.menuKeys });
        await expect(keys).toBeInViewport({ ratio: 1 });
        expect((await keys.boundingBox())!.y).toBeLessThan(content!.y);
        await keys.click();
        await expect(page.getByRole('heading', { name: t.keysTitle })).toBeInViewport();
      });
    }
  });
}

/** Serious and critical axe findings on the page as it is now. */
async function blockingViolations(page: Page): Promise<string[]> {
  await atRest(page);
  return axeBlocking(page);
}

/** The number of lines on which this text is laid out. */
async function lineCount(page: Page, text: string): Promise<number> {
  return page.getByText(text).evaluate((element, wanted) => {
    const node = [...element.childNodes].find((n) => n.textContent?.includes(wanted));
    const range = document.createRange();
    range.selectNodeContents(node ?? element);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  }, text);
}

test.describe('on a phone (390 px)', () => {
  test.use({ userAgent: IPHONE, viewport: { width: 390, height: 844 } });

  for (const lang of LANGS) {
    const t = usercenter[lang];

    test(`the header, all three menu entries and the feedback link fit and look right (${lang})`, async ({
      page,
      baseURL,
    }) => {
      await expect(await openUserCentre(page, baseURL!, lang)).toBeVisible();

      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await expect(page.getByRole('button', { name: t.logout })).toBeInViewport({ ratio: 1 });
      expect(await lineCount(page, platformNames[lang].main)).toBe(1);
      for (const entry of [t.menuAccount, t.menuKeys, t.menuHelp])
        await expect(page.getByRole('menuitem', { name: entry })).toBeInViewport({ ratio: 1 });

      // The feedback link is styled as the product's links, not the browser's default blue.
      const feedback = page.getByRole('link', { name: t.feedback });
      await expect(feedback).toBeVisible();
      await expect(feedback).not.toHaveCSS('color', 'rgb(0, 0, 238)');
      await expect(feedback).toHaveCSS('text-decoration-line', 'none');

      expect(await blockingViolations(page)).toEqual([]);

      await page.getByRole('menuitem', { name: t.menuHelp }).click();
      await expect(page.getByRole('heading', { name: t.helpTitle })).toBeVisible();
    });

    test(`the access keys stack instead of scrolling sideways (${lang})`, async ({ page, baseURL }) => {
      await signInAsNewUser(page, baseURL!);
      expect((await api(page.request, '/open/credential/create', { description: 'phone key' })).msgCode).toBe(
        '10000',
      );
      await page.goto(`/usercenter?tab=keys&lang=${lang}`);
      const section = page.getByRole('region', { name: t.keysTitle });
      await expect(section.getByText('phone key')).toBeVisible();
      for (const control of [
        section.getByRole('button', { name: `${t.show} ${t.sk}` }),
        section.getByRole('button', { name: `${t.copy} ${t.sk}` }),
        section.getByRole('switch'),
        section.getByRole('button', { name: t.delete }),
      ])
        await expect(control).toBeInViewport({ ratio: 1 });
      const sideways = await section.evaluate((root) =>
        [root, ...root.querySelectorAll('*')].some(
          (el) =>
            ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) &&
            el.scrollWidth > el.clientWidth + 1,
        ),
      );
      expect(sideways).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      expect(await blockingViolations(page)).toEqual([]);
    });

    test(`a dialog fits the phone: deleting a key asks within the screen (${lang})`, async ({
      page,
      baseURL,
    }) => {
      await signInAsNewUser(page, baseURL!);
      const created = await api(page.request, '/open/credential/create', { description: 'phone key' });
      const { ak } = created.data as { ak: string };
      expect((await api(page.request, '/open/credential/disable', { ak })).msgCode).toBe('10000');
      await page.goto(`/usercenter?tab=keys&lang=${lang}`);
      await page.getByRole('region', { name: t.keysTitle }).getByRole('button', { name: t.delete }).click();
      const dialog = page.getByRole('dialog', { name: t.deleteConfirmTitle });
      // Arco's dialogs are 520 px wide whatever the screen. Measured once it has grown to its size.
      await expect(dialog).toBeVisible();
      await expect(dialog).not.toHaveClass(/-active/);
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    });
  }
});
