/**
 * A field left empty is no mistake until the form is sent (issue 40): tabbing through the empty
 * SMS login flags no field, and on /forget the empty code field left for its own "Get code" (the
 * code is on its way) says nothing. A submit still says what is missing.
 */
import { expect, test } from '../support/e2e-fixtures';
import { codeSentTo, createPhoneUser } from '../support/e2e-api';
import { common, forget, LANGS, login, validation } from '../support/e2e-texts';

for (const lang of LANGS) {
  test(`tabbing through the empty SMS login, then getting a reset code, flags no field (${lang})`, async ({
    sharedPage: page,
    baseURL,
  }) => {
    const l = login[lang];
    await page.goto(`/login?lang=${lang}`);
    const sms = page.getByRole('tabpanel', { name: l.smsTab });
    const phone = sms.getByRole('textbox', { name: l.phone, exact: true });
    const code = sms.getByRole('textbox', { name: l.code, exact: true });
    await phone.focus();
    await page.keyboard.press('Tab');
    await expect(code).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(sms.getByRole('button', { name: common[lang].getCode })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(sms.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect(sms.getByText(validation.phoneRequired[lang])).toHaveCount(0);
    await expect(sms.getByText(validation.codeRequired[lang])).toHaveCount(0);
    // Sent, the form says what is missing.
    await sms.getByRole('button', { name: l.submit, exact: true }).click();
    await expect(sms.getByText(validation.phoneRequired[lang])).toBeVisible();

    const user = await createPhoneUser(baseURL!);
    const f = forget[lang];
    await page.goto(`/forget?lang=${lang}`);
    const reset = page.getByRole('tabpanel', { name: f.phoneTab });
    await reset.getByRole('textbox', { name: f.phone, exact: true }).fill(user.phone);
    const resetCode = reset.getByRole('textbox', { name: f.code, exact: true });
    await resetCode.click();
    await codeSentTo(page.request, user.phone, () =>
      reset.getByRole('button', { name: common[lang].getCode }).click(),
    );
    await expect(reset.getByRole('button', { name: /\d/ })).toBeDisabled();
    await expect(resetCode).not.toHaveAttribute('aria-invalid', 'true');
    await expect(reset.getByText(validation.codeRequired[lang])).toHaveCount(0);
  });
}
