/**
 * One product name, in the page's language, everywhere (issue 29, item 8): the back office's and
 * the user centre's tab titles name the page, then the product, in the page's language (every
 * /admin/* tab said "账号中心 · Account" in both), and the way back from "no permission" names the
 * product the user centre shows ("Account Center", not "User Center").
 */
import { expect, test } from '../support/e2e-fixtures';
import { adminTexts, loginAsAdmin } from '../support/e2e-admin';
import { createPhoneUser, loginByApi } from '../support/e2e-api';
import { LANGS, platformNames, usercenter } from '../support/e2e-texts';
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
    const user = await createPhoneUser(baseURL!);
    await loginByApi(page, user.phone, user.password);
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
