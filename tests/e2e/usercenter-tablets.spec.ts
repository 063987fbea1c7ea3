/**
 * The user centre at every width between a phone and a desktop (issue 29, item 2): on an iPad,
 * an Android tablet and a phone held sideways the page has the mobile layout (spec: iPad and
 * Android are mobile), and its content is there, the full width of the screen; before, only the
 * three menu tabs showed and the content column had no width, past the right edge.
 */
import { expect, test } from '../support/e2e-fixtures';
import { createPhoneUser, loginByApi } from '../support/e2e-api';
import { LANGS, usercenter } from '../support/e2e-texts';

const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

const DEVICES = [
  { name: 'an iPad, portrait', userAgent: IPAD, viewport: { width: 820, height: 1180 } },
  { name: 'an iPad, landscape', userAgent: IPAD, viewport: { width: 1180, height: 820 } },
  { name: 'an Android tablet', userAgent: ANDROID_TABLET, viewport: { width: 800, height: 1280 } },
  { name: 'a phone held sideways', userAgent: IPHONE, viewport: { width: 844, height: 390 } },
];

for (const device of DEVICES) {
  test.describe(`on ${device.name} (${device.viewport.width} × ${device.viewport.height})`, () => {
    test.use({ userAgent: device.userAgent, viewport: device.viewport, hasTouch: true });

    for (const lang of LANGS) {
      const t = usercenter[lang];

      test(`the user centre shows its content the full width, its tabs above (${lang})`, async ({
        page,
        baseURL,
      }) => {
        const user = await createPhoneUser(baseURL!);
        await loginByApi(page, user.phone, user.password);
        await page.goto(`/usercenter?lang=${lang}`);
        const heading = page.getByRole('heading', { name: t.menuAccount });
        await expect(heading).toBeInViewport();

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
