/**
 * /login (spec §2, §4): the SMS tab with its captcha, countdown and agreement popover; the
 * password tab preselected abroad; and where a visitor goes after logging in.
 */
import { expect, journeysInTurns, passwordLogin, test, type Page } from '../support/e2e-fixtures';
import {
  codeSentTo,
  createPhoneUser,
  loginByApi,
  newPhone,
  registerPhoneUser,
  setLocation,
  uniqueSuffix,
} from '../support/e2e-api';
import { common, login, username as usernameTexts, validation, type Lang } from '../support/e2e-texts';

/** Asks for an SMS code through the captcha dialog; returns the panel and the code that was sent. */
async function sendSmsCode(page: Page, lang: Lang, phone: string) {
  const t = login[lang];
  const panel = page.getByRole('tabpanel', { name: t.smsTab });
  await panel.getByRole('textbox', { name: t.phone, exact: true }).fill(phone);
  const code = await codeSentTo(page.request, phone, async () => {
    await panel.getByRole('button', { name: common[lang].getCode }).click();
    const dialog = page.getByRole('dialog', { name: common[lang].captchaTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: common[lang].verify }).click();
  });
  return { panel, code };
}

journeysInTurns((lang, inTurn) => {
  const t = login[lang];
  const c = common[lang];

  if (inTurn())
    test(`SMS login of a new phone: captcha, 60 s countdown then resend, agreement, set username (${lang})`, async ({
      page,
    }) => {
      await page.clock.install();
      await page.goto(`/login?lang=${lang}`);
      await expect(page.getByRole('tab', { name: t.smsTab, selected: true })).toBeVisible();
      await expect(page.getByText(t.autoLogin.replace('{days}', '14'))).toBeVisible();

      const phone = newPhone();
      const { panel, code } = await sendSmsCode(page, lang, phone);
      const codeButton = panel.getByRole('button', { name: /^60/ });
      await expect(codeButton).toBeDisabled();
      await page.clock.runFor(61_000);
      await expect(panel.getByRole('button', { name: c.resend })).toBeEnabled();

      await panel.getByRole('textbox', { name: t.code, exact: true }).fill(code);
      await panel.getByRole('button', { name: t.submit, exact: true }).click();
      await expect(
        page.getByRole('alert').filter({ hasText: validation.agreementRequired[lang] }),
      ).toBeVisible();
      await panel.getByText(c.agree).click();
      await panel.getByRole('button', { name: t.submit, exact: true }).click();

      // A new phone account has no username: the main platform asks for one first.
      await expect(page).toHaveURL(/\/username/);
      const u = usernameTexts[lang];
      const name = `sms-${uniqueSuffix()}`;
      await page.getByRole('textbox', { name: u.username, exact: true }).fill(name);
      await page.getByRole('button', { name: u.confirm }).click();
      await expect(page).toHaveURL(/\/usercenter/);
      await expect(page.getByText(name)).toBeVisible();
    });

  if (inTurn())
    test(`a wrong SMS code is refused and the visitor stays (${lang})`, async ({
      sharedPage: page,
      baseURL,
    }) => {
      const { phone } = await createPhoneUser(baseURL!);
      await page.goto(`/login?lang=${lang}`);
      const { panel } = await sendSmsCode(page, lang, phone);
      await panel.getByRole('textbox', { name: t.code, exact: true }).fill('000000');
      await panel.getByText(c.agree).click();
      await panel.getByRole('button', { name: t.submit, exact: true }).click();
      // The server's message (A0204, worded by the local UAA) appears as an error toast.
      await expect(page.locator('.arco-message-error')).toBeVisible();
      await expect(page).toHaveURL(/\/login/);
    });
}, 'zh-CN');

test('visitors abroad or in Hong Kong, Taiwan or Macau get the password tab first', async ({
  sharedPage: page,
}) => {
  try {
    for (const location of [
      { overseas: true, city: 'Singapore' },
      { overseas: false, city: 'Hong Kong' },
      { overseas: false, city: '台湾' },
      { overseas: false, city: 'Macau' },
    ]) {
      await setLocation(page.request, location);
      await page.goto('/login?lang=en-US');
      await expect(
        page.getByRole('tab', { name: login['en-US'].passwordTab, selected: true }),
        location.city,
      ).toBeVisible();
    }
    await setLocation(page.request, { overseas: false, city: 'Shanghai' });
    await page.goto('/login?lang=en-US');
    await expect(page.getByRole('tab', { name: login['en-US'].smsTab, selected: true })).toBeVisible();
  } finally {
    await setLocation(page.request, null);
  }
});

test('the tab is in the address: chosen in place, kept on reload, shown over the rule for visitors abroad', async ({
  sharedPage: page,
}) => {
  const t = login['en-US'];
  try {
    await setLocation(page.request, { overseas: true, city: 'Singapore' });
    await page.goto('/deleteProtocol?lang=en-US');
    const located = page.waitForResponse((r) => r.url().includes('/login/getLocationInfo'));
    await page.goto('/login?lang=en-US&tab=sms');
    await located;
    // The address names the SMS tab: the password tab visitors abroad get first waits for an address naming none.
    await expect(page.getByRole('tab', { name: t.smsTab, selected: true })).toBeVisible();
    await page.getByRole('tab', { name: t.passwordTab }).click();
    await expect(page.getByRole('tab', { name: t.passwordTab, selected: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?lang=en-US&tab=password$/);
    await page.getByRole('tab', { name: t.passwordTab }).press('ArrowLeft');
    await expect(page).toHaveURL(/\/login\?lang=en-US&tab=sms$/);
    await expect(page.getByRole('tab', { name: t.smsTab, selected: true })).toBeFocused();
    await page.reload();
    await expect(page.getByRole('tab', { name: t.smsTab, selected: true })).toBeVisible();
    // In place of the entry: Back leaves the page.
    await page.goBack();
    await expect(page).toHaveURL(/\/deleteProtocol/);
    // An unknown tab names none: the page picks as without one.
    await page.goto('/login?lang=en-US&tab=keys');
    await expect(page.getByRole('tab', { name: t.passwordTab, selected: true })).toBeVisible();
  } finally {
    await setLocation(page.request, null);
  }
});

test('after login with a clientId the BFF issues the code and redirects to the sub-platform', async ({
  sharedPage: page,
  baseURL,
}) => {
  const user = await registerPhoneUser(page.request);
  const target = `${baseURL}/deleteProtocol?from=platform&code=stale#frag`;
  // One trip through /authentication: a second one would cancel the first and waste its code.
  const authentications: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/authentication') authentications.push(r.url());
  });
  await page.goto(`/login?lang=en-US&clientId=uaa-media&redirect=${encodeURIComponent(target)}`);
  await passwordLogin(page, 'en-US', user.username, user.password);
  await page.waitForURL(/\/deleteProtocol/);
  const url = new URL(page.url());
  expect(url.searchParams.get('from')).toBe('platform');
  expect(url.searchParams.get('code')).toMatch(/.{16,}/);
  expect(url.searchParams.getAll('code')).toHaveLength(1);
  expect(url.hash).toBe('#frag');
  expect(authentications).toHaveLength(1);
});

test('redirect_url goes through the checked redirect; a foreign one is refused', async ({
  sharedPage: page,
  baseURL,
}) => {
  const user = await registerPhoneUser(page.request);
  await loginByApi(page, user.username, user.password);
  const ok = await page.request.get(`/bff/redirect?to=${encodeURIComponent(`${baseURL}/deleteProtocol`)}`, {
    maxRedirects: 0,
  });
  expect(ok.status()).toBe(302);
  const evil = await page.request.get(`/bff/redirect?to=${encodeURIComponent('https://evil.example/')}`, {
    maxRedirects: 0,
  });
  expect(evil.status()).toBe(400);
  expect(evil.headers().location).toBeUndefined();
});

test('a protected page sends the visitor to login and back there afterwards, once', async ({
  sharedPage: page,
}) => {
  const user = await registerPhoneUser(page.request);
  await page.goto('/usercenter?tab=help&lang=en-US');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('tab', { name: login['en-US'].passwordTab }).click();
  const panel = page.getByRole('tabpanel', { name: login['en-US'].passwordTab });
  await panel.getByRole('textbox', { name: login['en-US'].account, exact: true }).fill(user.username);
  await panel.getByText(common['en-US'].agree).click();
  // Enter in the password field submits, as the button does (the form is the app's, not the browser's).
  await panel.locator('input[type=password]').fill(user.password);
  await panel.locator('input[type=password]').press('Enter');
  await page.getByRole('button', { name: common['en-US'].verify }).click();
  await expect(page).toHaveURL(/\/usercenter\?tab=help/);
  expect(await page.evaluate(() => localStorage.getItem('redirect'))).toBeNull();
});

test('a logged-in visitor opening /login goes to the user centre; unknown paths go to /login', async ({
  sharedPage: page,
}) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
  const user = await registerPhoneUser(page.request);
  await loginByApi(page, user.username, user.password);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/usercenter/);
  await page.goto('/deleteProtocol');
  await expect(page).toHaveURL(/\/deleteProtocol/);
});
