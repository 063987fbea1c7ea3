/**
 * Screenshots of the back office, desktop and phone, both languages, for people to look at
 * (`SCREENSHOTS=1 npx playwright test tests/e2e/screenshots-of-the-back-office.spec.ts`, written to
 * tests/screenshots/). Skipped in the normal suite.
 */
import { atRest, test, type Page } from '../support/e2e-fixtures';
import { adminTexts, createInternalUser, loginAsAdmin, platformTexts, PNG_1X1 } from '../support/e2e-admin';
import { LANGS } from '../support/e2e-texts';

test.skip(!process.env.SCREENSHOTS, 'run with SCREENSHOTS=1');

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

async function settle(page: Page) {
  await page.locator('main h1, main .admin-denied').first().waitFor();
  await atRest(page);
}

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const lang of LANGS) {
    test(`back office ${size} ${lang}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const shot = async (name: string) => {
        await settle(page);
        await page.screenshot({
          path: `tests/screenshots/admin-${name}-${size}-${lang}.png`,
          fullPage: true,
        });
      };
      await loginAsAdmin(page);
      const user = await createInternalUser(page.request, { roleIds: [2] });

      await page.goto(`/admin/platform?lang=${lang}`);
      await shot('platform-list');
      await page.goto('/admin/platform/create');
      await page.getByRole('button', { name: adminTexts[lang].save }).click();
      await shot('platform-create-errors');
      await page.locator('.platform-logo input[type="file"]').setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: PNG_1X1,
      });
      await page.locator('.arco-upload-list-item-picture img').waitFor();
      await shot('platform-create-logo');
      await page.goto('/admin/platform/edit?id=media');
      await shot('platform-edit');
      await page.getByRole('tab', { name: platformTexts[lang].authTab }).click();
      await shot('platform-auth');
      await page.goto('/admin/user');
      await shot('user-list');
      await page.goto('/admin/user/create');
      await shot('user-create');
      await page.goto(`/admin/user/edit?id=${user.ssoUid}`);
      await shot('user-edit');
      await page.goto('/admin/role');
      await shot('role-list');
      await page.goto('/admin/elsewhere');
      await shot('no-permission');
    });
  }
}
