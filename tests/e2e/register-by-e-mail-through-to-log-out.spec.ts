/**
 * The foundation journey, as a person does it in the demo: register by e-mail, activate from the
 * outbox, log in with the password, see the user centre, log out. Along the way, the session
 * token must never be readable by the page.
 */
import { expect, journeysInTurns, test, type Response } from '../support/e2e-fixtures';
import { jsReadableStorage, lastMessageTo, uniqueSuffix } from '../support/e2e-api';

const PASSWORD = 'Journey2024!';

journeysInTurns((lang, inTurn) => {
  const t =
    lang === 'en-US'
      ? {
          emailTab: 'Register by email',
          username: 'Username',
          email: 'Email',
          password: 'Password',
          confirm: 'Confirm password',
          agree: 'I have read and agree to the',
          register: 'Register',
          sent: 'Sent successfully',
          within: 'within 2 hours',
          activated: 'Activated. Please sign in',
          login: 'Log in',
          passwordTab: 'Password login',
          account: 'Account',
          captchaTitle: 'Authentication',
          verify: 'I am human, verify',
          logout: 'Log out',
        }
      : {
          emailTab: '邮箱注册',
          username: '用户名',
          email: '邮箱',
          password: '密码',
          confirm: '确认密码',
          agree: '我已阅读并同意',
          register: '注册',
          sent: '发送成功',
          within: '2 小时内',
          activated: '激活成功，请登录',
          login: '去登录',
          passwordTab: '密码登录',
          account: '账号',
          captchaTitle: '身份验证',
          verify: '我是真人，点击验证',
          logout: '退出登录',
        };

  if (inTurn())
    test(`register by e-mail, activate, log in, log out (${lang})`, async ({ page, context, request }) => {
      const suffix = uniqueSuffix();
      const username = `journey-${suffix}`;
      const email = `journey.${suffix}@example.com`;
      const bodies: string[] = [];
      page.on('response', async (response: Response) => {
        const type = response.headers()['content-type'] ?? '';
        if (/json|html|text/.test(type)) bodies.push(await response.text().catch(() => ''));
      });

      await page.goto(`/register?lang=${lang}`);
      await expect(page.getByRole('tab', { name: t.emailTab, selected: true })).toBeVisible();
      const form = page.getByRole('tabpanel', { name: t.emailTab });
      await form.getByRole('textbox', { name: t.username, exact: true }).fill(username);
      await form.getByRole('textbox', { name: t.email, exact: true }).fill(email);
      await form.getByLabel(t.password, { exact: true }).fill(PASSWORD);
      await form.getByLabel(t.confirm, { exact: true }).fill(PASSWORD);
      await form.getByText(t.agree).click();
      await expect(form.getByRole('checkbox', { name: t.agree })).toBeChecked();
      await form.getByRole('button', { name: t.register, exact: true }).click();

      await expect(page.getByText(t.sent)).toBeVisible();
      await expect(page.getByText(t.within)).toBeVisible();

      const mail = await lastMessageTo(request, email);
      expect(mail.link).toBeTruthy();
      await page.goto(mail.link!);
      await expect(page.getByText(t.activated)).toBeVisible();

      await page.getByRole('link', { name: t.login }).click();
      await expect(page).toHaveURL(/\/login/);
      await page.getByRole('tab', { name: t.passwordTab }).click();
      const loginForm = page.getByRole('tabpanel', { name: t.passwordTab });
      await loginForm.getByRole('textbox', { name: t.account, exact: true }).fill(email);
      await loginForm.getByLabel(t.password, { exact: true }).fill(PASSWORD);
      await loginForm.getByText(t.agree).click();
      await expect(loginForm.getByRole('checkbox', { name: t.agree })).toBeChecked();
      await loginForm
        .getByRole('button', { name: lang === 'en-US' ? 'Log in' : '登录', exact: true })
        .click();
      const captcha = page.getByRole('dialog', { name: t.captchaTitle });
      await expect(captcha).toBeVisible();
      await captcha.getByRole('button', { name: t.verify }).click();

      await expect(page).toHaveURL(/\/usercenter/);
      await expect(page.getByText(username)).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();

      // The token lives only in an httpOnly cookie: not in any body, not in JS-readable storage.
      const cookie = (await context.cookies()).find((c) => c.name === 'uaa-token');
      expect(cookie, 'session cookie set').toBeTruthy();
      expect(cookie!.httpOnly).toBe(true);
      expect(cookie!.sameSite).toBe('Lax');
      expect(cookie!.value.length).toBeGreaterThan(20);
      expect(await jsReadableStorage(page)).not.toContain(cookie!.value);
      for (const body of bodies) expect(body).not.toContain(cookie!.value);

      await page.getByRole('button', { name: t.logout }).click();
      await expect(page).toHaveURL(/\/login/);
      expect((await context.cookies()).find((c) => c.name === 'uaa-token')).toBeUndefined();
    });
}, 'zh-CN');
