/**
 * Issue 40, item 12: an administrator could not find the back office: logged in as the demo admin
 * one lands in the user centre, which had no way to it. Now the user centre links to /admin for an
 * account with back-office modules (the shell's own permission call), and not for a member.
 */
import { expect, test } from '../support/e2e-fixtures';
import { adminTexts, loginAsAdmin } from '../support/e2e-admin';
import { signInAsNewUser } from '../support/e2e-api';
import { LANGS, usercenter } from '../support/e2e-texts';

for (const lang of LANGS) {
  const t = usercenter[lang];

  test(`the demo admin's user centre links to the back office (${lang})`, async ({ sharedPage: page }) => {
    await loginAsAdmin(page);
    await page.goto(`/usercenter?lang=${lang}`);
    await expect(page.getByRole('heading', { name: t.menuAccount })).toBeVisible();
    const link = page.getByRole('banner').getByRole('link', { name: t.backOffice });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/admin\/user/);
    await expect(page.getByRole('heading', { level: 1, name: adminTexts[lang].modules.users })).toBeVisible();
  });

  test(`a member's user centre offers no back office (${lang})`, async ({ sharedPage: page, baseURL }) => {
    await signInAsNewUser(page, baseURL!);
    const modules = page.waitForResponse((response) =>
      response.url().includes('/role/management/user/res/list'),
    );
    await page.goto(`/usercenter?lang=${lang}`);
    await expect(page.getByRole('heading', { name: t.menuAccount })).toBeVisible();
    expect(await (await modules).json()).toMatchObject({ data: [] });
    await expect(page.getByRole('link', { name: t.backOffice })).toHaveCount(0);
  });
}
