/**
 * The user centre as people walk it (issue 19): on a phone, after the session expires upstream,
 * after /setphone, and in the change flows; both languages.
 */
import {
  expect,
  request as playwrightRequest,
  journeysInTurns,
  passwordLogin,
  test,
  type Page,
} from '../support/e2e-fixtures';
import { blockingViolations as axeBlocking } from '../support/e2e-axe';
import {
  api,
  codeSentTo,
  createPhoneUser,
  loginByApi,
  newPhone,
  registerPhoneUser,
  uniqueSuffix,
} from '../support/e2e-api';
import {
  common,
  contactChange,
  LANGS,
  login,
  platformNames,
  usercenter,
  validation,
} from '../support/e2e-texts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

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

/**
 * Stops the page's timers about 100 ms from now on the page's own clock. The target is read in the
 * page; on a loaded machine the command can still arrive after it (Playwright then refuses a pause
 * "in the past"), so it is read again.
 */
async function pauseSoon(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const target = (await page.evaluate(() => Date.now())) + 100;
    try {
      await page.clock.pauseAt(target);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}

function row(page: Page, key: string) {
  return page.locator(`[data-row="${key}"]`);
}

/** Serious and critical axe findings on the page as it is now. */
async function blockingViolations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
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
      const user = await createPhoneUser(baseURL!);
      await loginByApi(page, user.phone, user.password);
      await page.goto(`/usercenter?lang=${lang}`);
      await expect(page.getByRole('heading', { name: t.menuAccount })).toBeVisible();

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
      const user = await createPhoneUser(baseURL!);
      await loginByApi(page, user.phone, user.password);
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
  }
});

journeysInTurns((lang, inTurn) => {
  const t = usercenter[lang];
  const c = contactChange[lang];

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
      const user = await createPhoneUser(baseURL!);
      await loginByApi(page, user.phone, user.password);
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

  if (inTurn())
    test(`after /setphone the user centre shows the new phone at once (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const user = await createPhoneUser(baseURL!);
      await loginByApi(page, user.phone, user.password);
      await page.clock.install();
      await page.goto(`/usercenter?lang=${lang}`);
      await expect(row(page, 'phone')).toContainText(user.phone);
      // Into /setphone inside the application (as a later step of a journey does), and back.
      await page.evaluate(() => {
        window.history.pushState({}, '', '/setphone');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      const flow = page.getByRole('region', { name: c.changePhone });
      await expect(flow).toBeVisible();
      // A quick visitor (or an autofilled code) finishes within the 2 s in which the page's data
      // library reuses its last answer: the page's timers stand still, so only an explicit reload
      // of the user info can show the new phone.
      await pauseSoon(page);
      const code0 = await codeSentTo(page.request, user.phone, () =>
        flow.getByRole('button', { name: common[lang].getCode }).click(),
      );
      await flow.getByRole('textbox', { name: c.code, exact: true }).fill(code0);
      await flow.getByRole('button', { name: c.next }).click();
      const fresh = newPhone();
      await flow.getByRole('textbox', { name: c.newPhone, exact: true }).fill(fresh);
      const code1 = await codeSentTo(page.request, fresh, () =>
        flow.getByRole('button', { name: common[lang].getCode }).click(),
      );
      await flow.getByRole('textbox', { name: c.code, exact: true }).fill(code1);
      await flow.getByRole('button', { name: c.submit }).click();
      await expect(page).toHaveURL(/\/usercenter/);
      await expect(row(page, 'phone')).toContainText(fresh);
    });

  if (inTurn())
    test(`the current phone and e-mail fields are named by their labels (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const email = `both.${uniqueSuffix()}@example.com`;
      const user = await createPhoneUser(baseURL!, { email });
      await loginByApi(page, user.phone, user.password);
      await page.goto(`/usercenter?lang=${lang}`);
      await row(page, 'phone').getByRole('button').click();
      const flow = page.getByRole('region', { name: c.changePhone });
      const currentPhone = flow.getByRole('textbox', { name: c.currentPhone, exact: true });
      // Masked, and read-only rather than disabled (issue 29: readable-contacts.spec.ts).
      await expect(currentPhone).toHaveValue(`${user.phone.slice(0, 3)}****${user.phone.slice(-4)}`);
      await expect(currentPhone).not.toBeEditable();
      await flow.getByRole('radiogroup').getByText(c.viaEmail, { exact: true }).click();
      await expect(flow.getByRole('radio', { name: c.viaEmail })).toBeChecked();
      const currentEmail = flow.getByRole('textbox', { name: c.currentEmail, exact: true });
      await expect(currentEmail).toHaveValue(`b***@example.com`);
      await expect(currentEmail).not.toBeEditable();
    });

  if (inTurn())
    test(`binding an e-mail of another account says it is taken, not "please log in" (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const taken = `taken.${uniqueSuffix()}@example.com`;
      await createPhoneUser(baseURL!, { email: taken });
      const user = await createPhoneUser(baseURL!);
      await loginByApi(page, user.phone, user.password);
      await page.goto(`/usercenter?lang=${lang}`);
      await row(page, 'email').getByRole('button').click();
      const flow = page.getByRole('region', { name: c.bindEmail });
      const code0 = await codeSentTo(page.request, user.phone, () =>
        flow.getByRole('button', { name: common[lang].getCode }).click(),
      );
      await flow.getByRole('textbox', { name: c.code, exact: true }).fill(code0);
      await flow.getByRole('button', { name: c.next }).click();
      const field = flow.getByRole('textbox', { name: c.newEmail, exact: true });
      await field.fill(taken);
      await field.blur();
      // The register page's "…, please log in" does not fit someone already logged in.
      await expect(flow.getByRole('alert')).toHaveText(validation.emailInUse[lang]);
    });
}, 'zh-CN');
