/**
 * A tab acts only on the account it shows (issue 40, item 1). Tab 1 shows member B's user centre;
 * in tab 2 of the same browser the session becomes C's. Tab 1 learns of it before anyone acts
 * when the change was made by the app in another tab (a login, a logout), and when it was not (a
 * session changed behind the app's back) the BFF refuses the act it makes for B under C's
 * session: "Cancel my account" cancelled C and "Create key" showed C's new secret on B's page.
 * Either way the tab says so and shows who is signed in now; neither account is touched.
 */
import {
  expect,
  journeysInTurns,
  passwordLogin,
  request as playwrightRequest,
  test,
  type Page,
} from '../support/e2e-fixtures';
import { api, CAPTCHA, createPhoneUser, encrypted, loginByApi, uniqueSuffix } from '../support/e2e-api';
import { LANGS, product, usercenter, type Lang } from '../support/e2e-texts';

interface Member {
  phone: string;
  password: string;
  username: string;
}

/** A phone account with a username, which the user centre shows as it is. */
async function member(baseURL: string): Promise<Member> {
  const user = await createPhoneUser(baseURL);
  const context = await playwrightRequest.newContext({ baseURL });
  try {
    await loginByApi({ request: context } as Page, user.phone, user.password);
    const username = `m-${uniqueSuffix()}`;
    const set = await api(context, '/personal/username/set', { username });
    expect(set.msgCode, set.msg).toBe('10000');
    return { ...user, username };
  } finally {
    await context.dispose();
  }
}

const usernameRow = (page: Page) => page.locator('[data-row="username"]');

/** Tab 1: B's user centre, drawn and taken over by the app; `keys` then opens the keys section. */
async function showAs(page: Page, user: Member, lang: Lang, keys = false): Promise<void> {
  await loginByApi(page, user.phone, user.password);
  await page.goto(`/usercenter?lang=${lang}`);
  await expect(usernameRow(page)).toContainText(user.username);
  await page.locator('#root[data-taken-over]').waitFor({ state: 'attached' });
  if (keys) {
    await page.getByRole('menuitem', { name: usercenter[lang].menuKeys }).click();
    await expect(page.getByRole('region', { name: usercenter[lang].keysTitle })).toBeVisible();
  }
}

/** The session of the browser becomes `next`'s without any page of the app knowing (no script runs). */
async function switchBehindTheApp(page: Page, next: Member): Promise<void> {
  expect((await api(page.request, '/logout/all')).msgCode).toBe('10000');
  await loginByApi(page, next.phone, next.password);
}

/** Whether the account can still sign in (it was not cancelled). */
async function canSignIn(page: Page, user: Member): Promise<boolean> {
  const elsewhere = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const reply = await api(
      elsewhere,
      '/login/byAccount',
      { account: user.phone, password: await encrypted(elsewhere, user.password, 'login'), autoLogin: false },
      { headers: CAPTCHA },
    );
    return reply.msgCode === '10000';
  } finally {
    await elsewhere.dispose();
  }
}

for (const lang of LANGS) {
  const t = usercenter[lang];

  test(`"Cancel my account" on B's page under C's session: refused, the page now shows C, both accounts kept (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const [b, c] = await Promise.all([member(baseURL!), member(baseURL!)]);
    await showAs(page, b, lang);
    await switchBehindTheApp(page, c);

    await page.getByRole('button', { name: t.cancelButton }).click();
    const dialog = page.getByRole('dialog', { name: t.cancelConfirmTitle });
    await dialog.getByRole('button', { name: t.cancelConfirm }).click();

    await expect(page.getByText(product.signedInElsewhere[lang])).toBeVisible();
    await expect(usernameRow(page)).toContainText(c.username);
    await expect(page.getByText(t.cancelled)).toHaveCount(0);
    await expect(page).toHaveURL(/\/usercenter/);
    expect(await canSignIn(page, b)).toBe(true);
    expect(await canSignIn(page, c)).toBe(true);
  });
}

journeysInTurns((lang, inTurn) => {
  const t = usercenter[lang];

  if (inTurn())
    test(`"Create key" on B's page under C's session: no key on either account, no secret shown (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const [b, c] = await Promise.all([member(baseURL!), member(baseURL!)]);
      await showAs(page, b, lang, true);
      const section = page.getByRole('region', { name: t.keysTitle });
      await section.getByRole('button', { name: t.createKey }).click();
      const dialog = page.getByRole('dialog', { name: t.createKeyTitle });
      await dialog.getByRole('textbox', { name: t.description }).fill('stale tab');
      await switchBehindTheApp(page, c);

      await dialog.getByRole('button', { name: t.create, exact: true }).click();
      await expect(page.getByText(product.signedInElsewhere[lang])).toBeVisible();
      await expect(page.getByRole('dialog', { name: t.keyCreatedTitle })).toHaveCount(0);
      // C's keys, read with C's session: none was made.
      const keys = await api(page.request, '/open/credential/list', {});
      expect(keys.msgCode).toBe('10000');
      expect(keys.data ?? []).toEqual([]);
    });

  if (inTurn())
    test(`a login in another tab: the tab showing B shows C before anyone acts, and says why (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const [b, c] = await Promise.all([member(baseURL!), member(baseURL!)]);
      await showAs(page, b, lang);
      // B's session ends without the app (its cookie expires); C signs in on the login page of tab 2.
      await page.context().clearCookies({ name: 'uaa-token' });
      const tab2 = await page.context().newPage();
      await tab2.goto(`/login?lang=${lang}`);
      await passwordLogin(tab2, lang, c.phone, c.password);
      await expect(tab2).toHaveURL(/\/usercenter/);

      // Tab 1 has made no call since: it learned from tab 2.
      await expect(page.getByText(product.signedInElsewhere[lang])).toBeVisible();
      await expect(usernameRow(page)).toContainText(c.username);
      await expect(page).toHaveURL(/\/usercenter/);
      await tab2.close();
    });

  if (inTurn())
    test(`a logout in another tab: the tab showing B goes to the login page by itself, with no destination kept (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const b = await member(baseURL!);
      await showAs(page, b, lang, true);
      const tab2 = await page.context().newPage();
      await tab2.goto(`/usercenter?lang=${lang}`);
      await tab2.getByRole('button', { name: t.logout }).click();
      await expect(tab2).toHaveURL(/\/login/);

      await expect(page).toHaveURL(/\/login/);
      expect(await page.evaluate(() => localStorage.getItem('redirect'))).toBeNull();
      await tab2.close();
    });
});
