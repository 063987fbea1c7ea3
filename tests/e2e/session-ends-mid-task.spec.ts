/**
 * A session that ends while the visitor is in the middle of something (issue 29, item 3): the
 * login page says why it appeared (spec §8, "identity expired"), and the login brings the visitor
 * back to the flow they were in, not only to its tab. What they typed (codes, passwords) is not
 * kept anywhere. A session ended upstream (logged out elsewhere) lands the login on the same
 * screen, and the query a sub-platform sent (clientId, redirect, lang) survives the 401.
 */
import {
  expect,
  journeysInTurns,
  passwordLogin,
  request as playwrightRequest,
  test,
  type Page,
} from '../support/e2e-fixtures';
import {
  api,
  codeSentTo,
  createPhoneUser,
  loginByApi,
  registerPhoneUser,
  uniqueSuffix,
  signInAsNewUser,
} from '../support/e2e-api';
import { common, contactChange, LANGS, login, product, username, usercenter } from '../support/e2e-texts';

/** A phone account with a username (nothing then comes between the login and the user centre). */
async function member(page: Page, baseURL: string) {
  const user = await createPhoneUser(baseURL);
  await loginByApi(page, user.phone, user.password);
  const set = await api(page.request, '/personal/username/set', { username: `walk-${uniqueSuffix()}` });
  expect(set.msgCode, set.msg).toBe('10000');
  return user;
}

/** The session cookie goes (as when it expires or is deleted): the next call answers 401. */
async function dropSession(page: Page): Promise<void> {
  await page.context().clearCookies({ name: 'uaa-token' });
}

/** Ends every session of the account from another browser (logout/all): the page keeps a dead cookie. */
async function revokeSessions(baseURL: string, user: { phone: string; password: string }) {
  const elsewhere = await playwrightRequest.newContext({ baseURL });
  try {
    const page = { request: elsewhere } as Page;
    await loginByApi(page, user.phone, user.password);
    expect((await api(elsewhere, '/logout/all')).msgCode).toBe('10000');
  } finally {
    await elsewhere.dispose();
  }
}

for (const lang of LANGS) {
  const t = usercenter[lang];
  const c = contactChange[lang];

  test(`"Next" in the password change after the session ended: told why, back in the flow after the login (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const user = await member(page, baseURL!);
    await page.goto(`/usercenter?lang=${lang}`);
    await page.getByRole('button', { name: `${t.edit} ${t.password}` }).click();
    const flow = page.getByRole('region', { name: t.changePassword });
    await expect(flow).toBeVisible();
    const code = await codeSentTo(page.request, user.phone, () =>
      flow.getByRole('button', { name: common[lang].getCode }).click(),
    );
    await flow.getByRole('textbox', { name: c.code, exact: true }).fill(code);

    await dropSession(page);
    await flow.getByRole('button', { name: c.next }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('alert').filter({ hasText: product.identityExpired[lang] })).toBeVisible();

    await passwordLogin(page, lang, user.phone, user.password);
    await expect(page).toHaveURL(/\/usercenter/);
    const again = page.getByRole('region', { name: t.changePassword });
    await expect(again).toBeVisible();
    // The step the visitor was on, empty: the code is not kept, neither in the form nor the address.
    await expect(again.getByRole('textbox', { name: c.code, exact: true })).toHaveValue('');
    expect(page.url()).not.toContain(code);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ lang, type: 'password' });
    // A login on this tab ends the notice: the next visit to the login page has nothing to explain.
    await page.getByRole('button', { name: t.logout }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText(product.identityExpired[lang])).toHaveCount(0);
  });

  test(`"Create" of an access key after the session ended: told why, back in the dialog after the login (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const user = await member(page, baseURL!);
    await page.goto(`/usercenter?tab=keys&lang=${lang}`);
    const section = page.getByRole('region', { name: t.keysTitle });
    await section.getByRole('button', { name: t.createKey }).click();
    const dialog = page.getByRole('dialog', { name: t.createKeyTitle });
    await dialog.getByRole('textbox', { name: t.description }).fill('ci runner');

    await dropSession(page);
    await dialog.getByRole('button', { name: t.create, exact: true }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('alert').filter({ hasText: product.identityExpired[lang] })).toBeVisible();

    await passwordLogin(page, lang, user.phone, user.password);
    await expect(page).toHaveURL(/\/usercenter/);
    await expect(page.getByRole('dialog', { name: t.createKeyTitle })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('keys');
    // Now it works: the key is made and listed.
    await page
      .getByRole('dialog', { name: t.createKeyTitle })
      .getByRole('textbox', { name: t.description })
      .fill('ci runner');
    await page
      .getByRole('dialog', { name: t.createKeyTitle })
      .getByRole('button', { name: t.create, exact: true })
      .click();
    await expect(page.getByRole('dialog', { name: t.keyCreatedTitle })).toBeVisible();
  });

  test(`an account without a username sets one after the login, then is back in the dialog (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const user = await signInAsNewUser(page, baseURL!);
    await page.goto(`/usercenter?tab=keys&lang=${lang}`);
    await page.getByRole('region', { name: t.keysTitle }).getByRole('button', { name: t.createKey }).click();
    const dialog = page.getByRole('dialog', { name: t.createKeyTitle });
    await expect(dialog).toBeVisible();
    await dropSession(page);
    await dialog.getByRole('button', { name: t.create, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: product.identityExpired[lang] })).toBeVisible();

    await passwordLogin(page, lang, user.phone, user.password);
    await expect(page).toHaveURL(/\/username/);
    const u = username[lang];
    await page.getByRole('textbox', { name: u.username, exact: true }).fill(`back-${uniqueSuffix()}`);
    await page.getByRole('button', { name: u.confirm }).click();
    await expect(page.getByRole('dialog', { name: t.createKeyTitle })).toBeVisible();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('keys');
  });
}

journeysInTurns((lang, inTurn) => {
  const t = usercenter[lang];

  if (inTurn())
    test(`a session that ended upstream: log in again and land on the same screen (${lang})`, async ({
      page,
      baseURL,
    }) => {
      // An account with a username, so that nothing else comes between the login and the screen.
      const user = await registerPhoneUser(page.request);
      await loginByApi(page, user.phone, user.password);
      await page.goto(`/usercenter?tab=keys&lang=${lang}`);
      await expect(page.getByRole('region', { name: t.keysTitle })).toBeVisible();

      await revokeSessions(baseURL!, user);
      await page.reload();
      await expect(page).toHaveURL(/\/login/);
      await passwordLogin(page, lang, user.phone, user.password);
      await expect(page.getByRole('region', { name: t.keysTitle })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/usercenter');
      expect(new URL(page.url()).searchParams.get('tab')).toBe('keys');
    });

  if (inTurn())
    test(`the menu keeps clientId, redirect and lang, so a later 401 keeps them too (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const user = await signInAsNewUser(page, baseURL!);
      const redirect = 'http://localhost:9/after-login';
      await page.goto(`/usercenter?clientId=media&redirect=${encodeURIComponent(redirect)}&lang=${lang}`);
      await page.getByRole('menuitem', { name: t.menuHelp }).click();
      await expect(page.getByRole('heading', { name: t.helpTitle })).toBeVisible();
      let query = new URL(page.url()).searchParams;
      expect(Object.fromEntries(query)).toEqual({ clientId: 'media', redirect, lang, tab: 'help' });

      // The session ends elsewhere; the next call (the key list) answers 401.
      await revokeSessions(baseURL!, user);
      await page.getByRole('menuitem', { name: t.menuKeys }).click();
      await expect(page).toHaveURL(/\/login\?/);
      query = new URL(page.url()).searchParams;
      expect(query.get('clientId')).toBe('media');
      expect(query.get('redirect')).toBe(redirect);
      expect(query.get('lang')).toBe(lang);
      await expect(page.getByRole('tab', { name: login[lang].passwordTab })).toBeVisible();
    });
}, 'zh-CN');
