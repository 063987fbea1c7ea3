/**
 * Where a login leads belongs to the visitor who was sent to it (issue 40, item 4). "Log out" on
 * /admin/user stored the page as the redirect after login, and the next person to sign in on that
 * browser, another account, landed on /admin/user with "This account currently has no
 * permission". A logout stores no destination; a destination a session's end stored (a 401
 * mid-task) is the continuation of that account alone.
 */
import {
  expect,
  passwordLogin,
  request as playwrightRequest,
  test,
  type Page,
} from '../support/e2e-fixtures';
import { api, createPhoneUser, loginByApi, uniqueSuffix } from '../support/e2e-api';
import { adminTexts, loginAsAdmin } from '../support/e2e-admin';
import { LANGS, product, usercenter } from '../support/e2e-texts';

/** A phone account with a username: nothing comes between its login and where the login leads. */
async function member(baseURL: string) {
  const user = await createPhoneUser(baseURL);
  const context = await playwrightRequest.newContext({ baseURL });
  try {
    await loginByApi({ request: context } as Page, user.phone, user.password);
    const set = await api(context, '/personal/username/set', { username: `n-${uniqueSuffix()}` });
    expect(set.msgCode, set.msg).toBe('10000');
    return user;
  } finally {
    await context.dispose();
  }
}

for (const lang of LANGS) {
  const a = adminTexts[lang];
  const noPermission = product.noPermission[lang];

  test(`"Log out" in the back office: the next account to sign in lands on its user centre (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const next = await member(baseURL!);
    await loginAsAdmin(page);
    await page.goto(`/admin/user?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: a.modules.users })).toBeVisible();
    await page.getByRole('button', { name: a.accountMenu }).click();
    await page.getByRole('menuitem', { name: a.logout }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('redirect'))).toBeNull();

    await passwordLogin(page, lang, next.phone, next.password);
    await expect(page).toHaveURL(/\/usercenter/);
    await expect(page.getByRole('heading', { name: usercenter[lang].menuAccount })).toBeVisible();
    await expect(page.getByText(noPermission)).toHaveCount(0);
  });

  test(`a session that ended in the back office: another account signing in next lands on its user centre, not there (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const next = await member(baseURL!);
    await loginAsAdmin(page);
    await page.goto(`/admin/user?lang=${lang}`);
    const search = page.getByRole('search');
    await expect(search).toBeVisible();
    // The admin's session ends under the page (it expired); the next call meets the 401.
    await page.context().clearCookies({ name: 'uaa-token' });
    await search.getByRole('button', { name: a.search }).click();
    await expect(page).toHaveURL(/\/login/);

    await passwordLogin(page, lang, next.phone, next.password);
    await expect(page).toHaveURL(/\/usercenter/);
    await expect(page.getByRole('heading', { name: usercenter[lang].menuAccount })).toBeVisible();
    await expect(page.getByText(noPermission)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('redirect'))).toBeNull();
  });
}
