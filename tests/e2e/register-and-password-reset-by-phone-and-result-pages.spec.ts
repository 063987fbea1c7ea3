/** /register's phone tab, /forget with its existence check and countdown, and the other public pages. */
import { expect, journeysInTurns, test } from '../support/e2e-fixtures';
import { codeSentTo, createPhoneUser, newPhone, registerPhoneUser, uniqueSuffix } from '../support/e2e-api';
import {
  common,
  deleteProtocol,
  forget,
  LANGS,
  login,
  product,
  register,
  validation,
} from '../support/e2e-texts';

journeysInTurns((lang, inTurn) => {
  const c = common[lang];

  if (inTurn())
    test(`register by phone, then log in with the password (${lang})`, async ({ sharedPage: page }) => {
      const t = register[lang];
      await page.goto(`/register?lang=${lang}`);
      await page.getByRole('tab', { name: t.phoneTab }).click();
      const panel = page.getByRole('tabpanel', { name: t.phoneTab });
      const phone = newPhone();
      const name = `reg-${uniqueSuffix()}`;
      await panel.getByRole('textbox', { name: t.username, exact: true }).fill(name);
      await panel.getByRole('textbox', { name: t.phone, exact: true }).fill(phone);
      const code = await codeSentTo(page.request, phone, () =>
        panel.getByRole('button', { name: c.getCode }).click(),
      );
      await panel.getByRole('textbox', { name: t.code, exact: true }).fill(code);
      await panel.locator('input[type=password]').nth(0).fill('Phone12345');
      await panel.locator('input[type=password]').nth(1).fill('Phone12345');
      await panel.getByText(c.agree).click();
      await panel.getByRole('button', { name: t.submit, exact: true }).click();
      await expect(page.getByText(t.phoneDoneTitle)).toBeVisible();
    });

  if (inTurn())
    test(`an existing phone on register says so with a login link (${lang})`, async ({
      sharedPage: page,
    }) => {
      const user = await registerPhoneUser(page.request);
      const t = register[lang];
      await page.goto(`/register?lang=${lang}`);
      await page.getByRole('tab', { name: t.phoneTab }).click();
      const panel = page.getByRole('tabpanel', { name: t.phoneTab });
      await panel.getByRole('textbox', { name: t.phone, exact: true }).fill(user.phone);
      await panel.getByRole('textbox', { name: t.username, exact: true }).click();
      const alert = panel.getByRole('alert').filter({ hasText: validation.phoneExists[lang] });
      await expect(alert).toBeVisible();
      await expect(alert.getByRole('link')).toHaveAttribute('href', /\/login/);
    });

  if (inTurn())
    test(`forgot password by phone: existence check, code, success and 10 s countdown to login (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const t = forget[lang];
      const user = await createPhoneUser(baseURL!);
      await page.clock.install();
      await page.goto(`/forget?lang=${lang}`);
      const panel = page.getByRole('tabpanel', { name: t.phoneTab });
      const field = panel.getByRole('textbox', { name: t.phone, exact: true });
      await field.fill(newPhone());
      await field.blur();
      await expect(panel.getByText(validation.phoneNotRegistered[lang])).toBeVisible();
      await field.fill(user.phone);
      await field.blur();
      await expect(panel.getByText(validation.phoneNotRegistered[lang])).toBeHidden();
      const code = await codeSentTo(page.request, user.phone, () =>
        panel.getByRole('button', { name: c.getCode }).click(),
      );
      await panel.getByRole('textbox', { name: t.code, exact: true }).fill(code);
      await panel.locator('input[type=password]').nth(0).fill('NewPass123');
      await panel.locator('input[type=password]').nth(1).fill('NewPass124');
      await panel.getByRole('button', { name: t.submit, exact: true }).click();
      await expect(panel.getByText(validation.resetMismatch[lang])).toBeVisible();
      await panel.locator('input[type=password]').nth(1).fill('NewPass123');
      await panel.getByRole('button', { name: t.submit, exact: true }).click();
      await expect(page.getByText(t.doneTitle)).toBeVisible();
      await expect(page.getByRole('timer')).toContainText('10');
      await page.clock.runFor(4_000);
      await expect(page.getByRole('timer')).toContainText('6');
      await page.clock.runFor(7_000);
      await expect(page).toHaveURL(/\/login/);
      // The new password works.
      await page.getByRole('tab', { name: login[lang].passwordTab }).click();
      const loginPanel = page.getByRole('tabpanel', { name: login[lang].passwordTab });
      await loginPanel.getByRole('textbox', { name: login[lang].account, exact: true }).fill(user.phone);
      await loginPanel.locator('input[type=password]').fill('NewPass123');
      await loginPanel.getByText(c.agree).click();
      await loginPanel.getByRole('button', { name: login[lang].submit, exact: true }).click();
      await page.getByRole('button', { name: c.verify }).click();
      // This account has no username yet: the main platform asks for one first (spec §4).
      await expect(page).toHaveURL(/\/username/);
    });

  if (inTurn())
    test(`/deleteProtocol lists four platforms and the retention policy (${lang})`, async ({
      sharedPage: page,
    }) => {
      const t = deleteProtocol[lang];
      await page.goto(`/deleteProtocol?lang=${lang}`);
      await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
      await expect(page.getByRole('row')).toHaveCount(5);
      for (const key of ['r1', 'r2', 'r3', 'r4'] as const)
        await expect(page.getByRole('cell', { name: t.rows[key].platform, exact: true })).toBeVisible();
      await expect(page.getByText(t.retention3)).toBeVisible();
    });

  if (inTurn())
    test(`a refused redirect says so, then returns to login after 2 s (${lang})`, async ({
      sharedPage: page,
    }) => {
      const res = await page.goto(
        `/authentication?lang=${lang}&clientId=uaa-media&redirect=${encodeURIComponent('https://evil.example/cb')}`,
      );
      expect(res?.status()).toBe(400);
      await expect(page.getByText(product.redirectFailed[lang])).toBeVisible();
      await expect(page).toHaveURL(/\/login/, { timeout: 4000 });
    });

  if (inTurn())
    test(`a broken activation link says so (${lang})`, async ({ sharedPage: page }) => {
      await page.goto(`/active?lang=${lang}&sign=nope&token=nope`);
      await expect(page.getByRole('link', { name: lang === 'en-US' ? 'Log in' : '去登录' })).toBeVisible();
      await expect(page.getByText(lang === 'en-US' ? 'Activation failed' : '激活失败').first()).toBeVisible();
    });
});

test('/register and /forget open on the tab their address names; their links leave it behind', async ({
  sharedPage: page,
}) => {
  const r = register['en-US'];
  await page.goto('/register?lang=en-US&tab=phone&source=x');
  await expect(page.getByRole('tab', { name: r.phoneTab, selected: true })).toBeVisible();
  await page.getByRole('link', { name: r.login, exact: true }).click();
  await expect(page).toHaveURL(/\/login\?lang=en-US&source=x$/);
  const f = forget['en-US'];
  await page.goto('/forget?lang=en-US&tab=email');
  await expect(page.getByRole('tab', { name: f.emailTab, selected: true })).toBeVisible();
  await page.getByRole('tab', { name: f.phoneTab }).click();
  await expect(page).toHaveURL(/\/forget\?lang=en-US&tab=phone$/);
  await expect(page.getByRole('tabpanel', { name: f.phoneTab })).toBeVisible();
});

test('the no-permission page says so in both languages', async ({ sharedPage: page }) => {
  for (const lang of LANGS) {
    await page.goto(`/no-permission?lang=${lang}`);
    await expect(page.getByText(product.noPermission[lang])).toBeVisible();
  }
});
