/**
 * One product name, in the page's language, everywhere (issue 29, item 8): the back office's and
 * the user centre's tab titles name the page, then the product, in the page's language (every
 * /admin/* tab said "账号中心 · Account" in both), and the way back from "no permission" names the
 * product the user centre shows ("Account Center", not "User Center"); the login page's mark and
 * title are one size however the page was reached; role names, which the data holds in the
 * language they were entered in, say so in their columns.
 */
import { expect, test } from '../support/e2e-fixtures';
import { adminTexts, loginAsAdmin, roleTexts, userTexts } from '../support/e2e-admin';
import { signInAsNewUser } from '../support/e2e-api';
import { LANGS, login, platformNames, register, usercenter } from '../support/e2e-texts';
import { asEnteredTexts } from '../../client/features/admin/components/as-entered.locale';
import type { Page } from '../support/e2e-fixtures';
import { noPermissionTexts } from '../../client/components/no-permission.locale';

for (const lang of LANGS) {
  const product = platformNames[lang].main;

  test(`the back office's tab titles name the page, the back office and the product (${lang})`, async ({
    page,
  }) => {
    await loginAsAdmin(page);
    for (const [path, module] of [
      ['/admin/platform', 'platforms'],
      ['/admin/user', 'users'],
      ['/admin/role', 'role'],
    ] as const) {
      await page.goto(`${path}?lang=${lang}`);
      await expect(page).toHaveTitle(
        `${adminTexts[lang].modules[module]} · ${adminTexts[lang].title} · ${product}`,
      );
    }
  });

  test(`the user centre's tab title follows its tab; "no permission" leads to the Account Center (${lang})`, async ({
    page,
    baseURL,
  }) => {
    await signInAsNewUser(page, baseURL!);
    await page.goto(`/usercenter?tab=keys&lang=${lang}`);
    await expect(page).toHaveTitle(`${usercenter[lang].menuKeys} · ${product}`);
    await page.getByRole('menuitem', { name: usercenter[lang].menuHelp }).click();
    await expect(page).toHaveTitle(`${usercenter[lang].menuHelp} · ${product}`);

    // A member opening the back office: no permission, and the way back names the product.
    await page.goto(`/admin/platform?lang=${lang}`);
    const back = page.getByRole('link', { name: noPermissionTexts[lang].toUserCenter });
    await expect(back).toBeVisible();
    expect(noPermissionTexts[lang].toUserCenter).toContain(product);
  });
}

/** The sizes of the login page's mark, product name and title as drawn. */
function headerSizes(page: Page) {
  return page.evaluate(() =>
    ['.public-header .brand', '.public-header .brand-mark', '.public-title'].map((selector) => {
      const element = document.querySelector(selector);
      if (!element) return `${selector}: missing`;
      const { width, height } = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return `${selector}: ${Math.round(width)}x${Math.round(height)} ${style.fontSize}/${style.lineHeight} ${style.fontWeight}`;
    }),
  );
}

for (const lang of LANGS) {
  test(`the login page's mark and title are one size, reached directly or in the app (${lang})`, async ({
    page,
    baseURL,
  }) => {
    await page.goto(`/login?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: login[lang].title })).toBeVisible();
    const direct = await headerSizes(page);

    await page.goto(`/register?lang=${lang}`);
    await page.getByRole('link', { name: register[lang].login, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: login[lang].title })).toBeVisible();
    expect(await headerSizes(page), 'from the register page').toEqual(direct);

    await signInAsNewUser(page, baseURL!);
    await page.goto(`/usercenter?lang=${lang}`);
    await page.getByRole('button', { name: usercenter[lang].logout }).click();
    await expect(page.getByRole('heading', { level: 1, name: login[lang].title })).toBeVisible();
    expect(await headerSizes(page), 'after logging out of the user centre').toEqual(direct);
  });

  test(`role names are shown as entered, and their columns say so (${lang})`, async ({ page }) => {
    const note = asEnteredTexts[lang].asEntered;
    await loginAsAdmin(page);
    await page.goto(`/admin/role?lang=${lang}`);
    for (const name of [roleTexts[lang].roleName, roleTexts[lang].description]) {
      const header = page.getByRole('columnheader', { name, exact: true });
      await expect(header.getByText(name, { exact: true })).toHaveAccessibleDescription(note);
    }
    await expect(page.getByRole('row').filter({ hasText: '超级管理员' })).toHaveCount(1);
    await page.goto(`/admin/user?lang=${lang}`);
    const roles = page.getByRole('columnheader', { name: userTexts[lang].columnRoles, exact: true });
    await expect(roles.getByText(userTexts[lang].columnRoles, { exact: true })).toHaveAccessibleDescription(
      note,
    );
  });
}
