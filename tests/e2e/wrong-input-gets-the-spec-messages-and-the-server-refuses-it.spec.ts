/**
 * Wrong input on the register and login forms shows the spec's messages in both languages, and
 * the server refuses the same input when the form is bypassed; a username taken is refused on
 * blur, before a code is spent on it.
 */
import { expect, journeysInTurns, test, type Page } from '../support/e2e-fixtures';
import { encryptPassword } from '../../shared/crypto';
import { LIMITS } from '../../shared/validation/rules';
import {
  LANGS,
  register,
  validation as VALIDATION_MESSAGES,
  serverErrors as SERVER_ERRORS,
  product as PRODUCT_MESSAGES,
} from '../support/e2e-texts';
import { uniqueSuffix } from '../support/e2e-api';

const API = '/gw/uaa-be/api/v1';

async function api(
  page: Page,
  path: string,
  data: unknown,
  lang: string,
  headers: Record<string, string> = {},
) {
  const res = await page.request.post(`${API}${path}`, {
    data,
    headers: { 'X-CSRF': '1', lang, ...headers },
  });
  return (await res.json()) as { msgCode: string; msg: string; data?: Record<string, unknown> };
}

journeysInTurns((lang, inTurn) => {
  const v = (code: keyof typeof VALIDATION_MESSAGES) => VALIDATION_MESSAGES[code][lang];
  const ui =
    lang === 'en-US'
      ? {
          emailTab: 'Register by email',
          username: 'Username',
          email: 'Email',
          register: 'Register',
          passwordTab: 'Password login',
          smsTab: 'SMS login',
          phone: 'Phone number',
          account: 'Account',
          login: 'Log in',
          agree: 'I have read and agree to the',
          verify: 'I am human, verify',
        }
      : {
          emailTab: '邮箱注册',
          username: '用户名',
          email: '邮箱',
          register: '注册',
          passwordTab: '密码登录',
          smsTab: '验证码登录',
          phone: '手机号',
          account: '账号',
          login: '登录',
          agree: '我已阅读并同意',
          verify: '我是真人，点击验证',
        };

  if (inTurn())
    test(`register form shows the spec's messages (${lang})`, async ({ sharedPage: page }) => {
      await page.goto(`/register?lang=${lang}`);
      const form = page.getByRole('tabpanel', { name: ui.emailTab });
      await form.getByRole('button', { name: ui.register, exact: true }).click();
      await expect(form.getByText(v('usernameRequired'))).toBeVisible();
      await expect(form.getByText(v('emailRequired'))).toBeVisible();
      await expect(form.getByText(v('passwordRequired'))).toBeVisible();

      await form.getByRole('textbox', { name: ui.username, exact: true }).fill('1abc');
      await form.getByRole('textbox', { name: ui.email, exact: true }).fill('not-an-email');
      const [password, confirm] = [
        form.locator('input[type=password]').nth(0),
        form.locator('input[type=password]').nth(1),
      ];
      await password.fill('abcdefgh');
      await confirm.fill('abcdefgh1');
      await form.getByRole('button', { name: ui.register, exact: true }).click();
      await expect(form.getByText(v('usernameStart'))).toBeVisible();
      await expect(form.getByText(v('emailInvalid'))).toBeVisible();
      await expect(form.getByText(v('passwordRule'))).toBeVisible();
      await expect(form.getByText(v('passwordMismatch'))).toBeVisible();

      // Valid fields, agreement unticked: the popover prompts.
      const suffix = uniqueSuffix();
      await form.getByRole('textbox', { name: ui.username, exact: true }).fill(`valid-${suffix}`);
      await form.getByRole('textbox', { name: ui.email, exact: true }).fill(`valid.${suffix}@example.com`);
      await password.fill('Valid12345');
      await confirm.fill('Valid12345');
      await form.getByRole('button', { name: ui.register, exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: v('agreementRequired') })).toBeVisible();
    });

  if (inTurn())
    test(`an e-mail already registered says so, with a login link (${lang})`, async ({
      sharedPage: page,
    }) => {
      await page.goto(`/register?lang=${lang}`);
      const suffix = uniqueSuffix();
      const email = `taken.${suffix}@example.com`;
      const { data } = await api(page, '/cipher/getPubKey', {}, lang);
      const registered = await api(
        page,
        '/register/byEmail',
        {
          username: `taken-${suffix}`,
          email,
          password: encryptPassword(String(data?.pubKey), 'Taken12345', 'register'),
        },
        lang,
      );
      expect(registered.msgCode).toBe('10000');

      const form = page.getByRole('tabpanel', { name: ui.emailTab });
      await form.getByRole('textbox', { name: ui.email, exact: true }).fill(email);
      await form.getByRole('textbox', { name: ui.username, exact: true }).click();
      const alert = form.getByRole('alert').filter({ hasText: v('emailExists') });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole('link')).toHaveAttribute('href', /\/login/);
    });

  if (inTurn())
    test(`login forms show the spec's messages (${lang})`, async ({ sharedPage: page }) => {
      await page.goto(`/login?lang=${lang}`);
      await expect(page.getByRole('tab', { name: ui.smsTab, selected: true })).toBeVisible();
      const sms = page.getByRole('tabpanel', { name: ui.smsTab });
      await sms.getByRole('textbox', { name: ui.phone, exact: true }).fill('123');
      await sms.getByRole('textbox', { name: ui.phone, exact: true }).blur();
      await expect(sms.getByText(v('phoneInvalid'))).toBeVisible();

      await page.getByRole('tab', { name: ui.passwordTab }).click();
      const form = page.getByRole('tabpanel', { name: ui.passwordTab });
      await form.getByRole('button', { name: ui.login, exact: true }).click();
      await expect(form.getByText(v('accountRequired'))).toBeVisible();
      await expect(form.getByText(v('passwordRequired'))).toBeVisible();
      await expect(page.getByText(PRODUCT_MESSAGES.formInvalid[lang])).toBeVisible();

      // A wrong password reaches the server, whose localized message is shown.
      await form.getByRole('textbox', { name: ui.account, exact: true }).fill('admin');
      await form.locator('input[type=password]').fill('Wrong12345');
      await form.getByText(ui.agree).click();
      await form.getByRole('button', { name: ui.login, exact: true }).click();
      await page.getByRole('button', { name: ui.verify }).click();
      await expect(page.getByText(SERVER_ERRORS.A0207[lang])).toBeVisible();
      await expect(page).toHaveURL(/\/login/);
    });

  if (inTurn())
    test(`the server refuses what the form would refuse (${lang})`, async ({ sharedPage: page }) => {
      await page.goto(`/login?lang=${lang}`);
      const { data } = await api(page, '/cipher/getPubKey', {}, lang);
      const pubKey = String(data?.pubKey);
      const suffix = uniqueSuffix();
      const cases = [
        { username: '1bad', email: `a.${suffix}@example.com`, password: 'Valid12345' },
        { username: `ok-${suffix}`, email: 'not-an-email', password: 'Valid12345' },
        { username: `ok-${suffix}`, email: `b.${suffix}@example.com`, password: 'short' },
        { username: `ok-${suffix}`, email: `c.${suffix}@example.com`, password: 'lettersonly' },
      ];
      for (const c of cases) {
        const reply = await api(
          page,
          '/register/byEmail',
          { ...c, password: encryptPassword(pubKey, c.password, 'register') },
          lang,
        );
        expect(reply.msgCode, JSON.stringify(c)).toMatch(/^A010[0-3]$/);
        // The message is localized: the code's own text or the precise rule that failed.
        const known = [
          SERVER_ERRORS[reply.msgCode as 'A0100'][lang],
          ...Object.values(VALIDATION_MESSAGES).map((m) => m[lang]),
        ];
        expect(known).toContain(reply.msg);
      }
      const noCaptcha = await api(
        page,
        '/login/byAccount',
        { account: 'admin', password: 'x', autoLogin: false },
        lang,
      );
      expect(noCaptcha.msgCode).toBe('A0204');
      const tooLong = await api(
        page,
        '/login/byAccount',
        {
          account: 'a'.repeat(LIMITS.accountMax + 1),
          password: encryptPassword(pubKey, 'Admin12345', 'login'),
          autoLogin: false,
        },
        lang,
        { captchaVerifyParam: 'local-captcha-pass', sceneId: 'local', prefix: 'local' },
      );
      expect(tooLong.msgCode).toBe('A0100');
    });
});

for (const lang of LANGS) {
  test(`register by phone: a taken username is refused on blur, before any code is sent (${lang})`, async ({
    sharedPage: page,
  }) => {
    const t = register[lang];
    await page.goto(`/register?lang=${lang}`);
    await page.getByRole('tab', { name: t.phoneTab }).click();
    const panel = page.getByRole('tabpanel', { name: t.phoneTab });
    const username = panel.getByRole('textbox', { name: t.username, exact: true });
    const checked = page.waitForRequest(
      (r) => r.url().endsWith('/personal/username/check') && r.postDataJSON()?.username === 'admin',
    );
    await username.fill('admin');
    await panel.getByRole('textbox', { name: t.phone, exact: true }).click();
    await checked;
    await expect(
      panel.getByRole('alert').filter({ hasText: VALIDATION_MESSAGES.usernameTaken[lang] }),
    ).toBeVisible();
    await expect(panel.getByRole('button', { name: t.submit, exact: true })).toBeDisabled();
    // A free name clears the refusal.
    await username.fill(`free-${uniqueSuffix()}`);
    await panel.getByRole('textbox', { name: t.phone, exact: true }).click();
    await expect(panel.getByText(VALIDATION_MESSAGES.usernameTaken[lang])).toBeHidden();
    await expect(panel.getByRole('button', { name: t.submit, exact: true })).toBeEnabled();
  });
}
