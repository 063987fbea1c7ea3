/**
 * A form refused by its checks puts focus on its first field with a problem, and each problem is
 * its field's description (aria-describedby, with aria-invalid), so that a screen reader reads
 * the message with the field (issue 40, item 15; WCAG 3.3.1). Every form: the login, register and
 * reset forms, the username page, the user centre's change flows and the back office's forms; a
 * problem the server found (an e-mail in use) too.
 */
import { expect, journeysInTurns, test, type Locator } from '../support/e2e-fixtures';
import { createPhoneUser, loginByApi, uniqueSuffix } from '../support/e2e-api';
import { adminTexts, loginAsAdmin, platformTexts } from '../support/e2e-admin';
import {
  contactChange,
  forget,
  LANGS,
  login,
  register,
  username,
  usercenter,
  validation,
  type Lang,
} from '../support/e2e-texts';

/** The field says it is wrong and is described by the message shown under it. */
async function describedBy(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

for (const lang of LANGS) {
  const v = (code: keyof typeof validation) => validation[code][lang];

  test(`the visitor forms focus their first problem and describe each field by its own (${lang})`, async ({
    sharedPage: page,
  }) => {
    const r = register[lang];
    await page.goto(`/register?lang=${lang}`);
    const emailForm = page.getByRole('tabpanel', { name: r.emailTab });
    await emailForm.getByRole('button', { name: r.submit, exact: true }).click();
    const regUsername = emailForm.getByRole('textbox', { name: r.username, exact: true });
    await expect(regUsername).toBeFocused();
    await describedBy(regUsername, v('usernameRequired'));
    await describedBy(emailForm.getByRole('textbox', { name: r.email, exact: true }), v('emailRequired'));
    await describedBy(emailForm.locator('input[type=password]').first(), v('passwordRequired'));
    // Corrected, the field is no longer described by a message that has gone.
    await regUsername.fill('walker');
    await regUsername.blur();
    await expect(regUsername).not.toHaveAttribute('aria-invalid', 'true');
    await expect(regUsername).toHaveAccessibleDescription('');

    await page.getByRole('tab', { name: r.phoneTab }).click();
    const phoneForm = page.getByRole('tabpanel', { name: r.phoneTab });
    await phoneForm.getByRole('textbox', { name: r.username, exact: true }).fill('walker');
    await phoneForm.getByRole('button', { name: r.submit, exact: true }).click();
    const regPhone = phoneForm.getByRole('textbox', { name: r.phone, exact: true });
    await expect(regPhone).toBeFocused();
    await describedBy(regPhone, v('phoneRequired'));
    await describedBy(phoneForm.getByRole('textbox', { name: r.code, exact: true }), v('codeRequired'));

    const f = forget[lang];
    await page.goto(`/forget?lang=${lang}`);
    const resetForm = page.getByRole('tabpanel', { name: f.phoneTab });
    await resetForm.getByRole('button', { name: f.submit, exact: true }).click();
    const resetPhone = resetForm.getByRole('textbox', { name: f.phone, exact: true });
    await expect(resetPhone).toBeFocused();
    await describedBy(resetPhone, v('phoneRequired'));
    await describedBy(resetForm.getByRole('textbox', { name: f.code, exact: true }), v('codeRequired'));

    const l = login[lang];
    await page.goto(`/login?lang=${lang}`);
    const sms = page.getByRole('tabpanel', { name: l.smsTab });
    await sms.getByRole('button', { name: l.submit, exact: true }).click();
    const loginPhone = sms.getByRole('textbox', { name: l.phone, exact: true });
    await expect(loginPhone).toBeFocused();
    await describedBy(loginPhone, v('phoneRequired'));
    await describedBy(sms.getByRole('textbox', { name: l.code, exact: true }), v('codeRequired'));
  });
}

journeysInTurns((lang: Lang, inTurn) => {
  const v = (code: keyof typeof validation) => validation[code][lang];

  if (inTurn())
    test(`a member's forms: the username, a change flow's step, an e-mail in use (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const email = `taken.${uniqueSuffix()}@example.com`;
      const user = await createPhoneUser(baseURL!, { email });
      await loginByApi(page, user.phone, user.password);

      const u = username[lang];
      await page.goto(`/username?lang=${lang}`);
      await page.getByRole('button', { name: u.confirm, exact: true }).click();
      const name = page.getByRole('textbox', { name: u.username, exact: true });
      await expect(name).toBeFocused();
      await describedBy(name, v('usernameRequired'));

      const t = usercenter[lang];
      const c = contactChange[lang];
      await page.goto(`/usercenter?lang=${lang}&type=password`);
      const flow = page.getByRole('region', { name: t.changePassword });
      await flow.getByRole('button', { name: t.next }).click();
      const code = flow.getByRole('textbox', { name: c.code, exact: true });
      await expect(code).toBeFocused();
      await describedBy(code, v('codeRequired'));

      // A problem the server found is its field's description too, with the way on it offers.
      await page.context().clearCookies();
      const r = register[lang];
      await page.goto(`/register?lang=${lang}`);
      const emailField = page.getByRole('textbox', { name: r.email, exact: true });
      await emailField.fill(email);
      await emailField.blur();
      await describedBy(emailField, `${v('emailExists')} ${r.loginLink}`);
    });

  if (inTurn())
    test(`the back office's platform form focuses its first problem and describes it (${lang})`, async ({
      page,
    }) => {
      await loginAsAdmin(page);
      await page.goto(`/admin/platform/create?lang=${lang}`);
      const p = platformTexts[lang];
      await page.getByRole('button', { name: adminTexts[lang].save, exact: true }).click();
      const name = page.getByRole('textbox', { name: p.name, exact: true });
      await expect(name).toBeFocused();
      await describedBy(name, v('platformNameRule'));
      await describedBy(page.getByRole('textbox', { name: p.logoutUrl, exact: true }), v('required'));
    });
});
