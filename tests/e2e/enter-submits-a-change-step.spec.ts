/**
 * Enter in a change flow's field does what its primary button does (issue 40, item 14): the code
 * of step 1 goes on to step 2, and the new password of step 2 is submitted, without reaching for
 * Next or Submit. The user centre's change of password, through the real local UAA.
 */
import { expect, test } from '../support/e2e-fixtures';
import { codeSentTo, createPhoneUser, loginByApi } from '../support/e2e-api';
import { common, contactChange, LANGS, usercenter } from '../support/e2e-texts';

for (const lang of LANGS)
  test(`Enter moves a change of password on, then submits it (${lang})`, async ({ page, baseURL }) => {
    const user = await createPhoneUser(baseURL!);
    await loginByApi(page, user.phone, user.password);
    await page.goto(`/usercenter?lang=${lang}`);
    await page.locator('[data-row="password"]').getByRole('button').click();
    const flow = page.getByRole('region', { name: usercenter[lang].changePassword });
    const code = await codeSentTo(page.request, user.phone, () =>
      flow.getByRole('button', { name: common[lang].getCode }).click(),
    );
    const codeField = flow.getByRole('textbox', { name: contactChange[lang].code, exact: true });
    await codeField.fill(code);
    await codeField.press('Enter');
    const passwords = flow.locator('input[type=password]');
    await expect(passwords).toHaveCount(2);
    await passwords.nth(0).fill('Changed123');
    await passwords.nth(1).fill('Changed123');
    await passwords.nth(1).press('Enter');
    await expect(page.getByRole('heading', { name: usercenter[lang].menuAccount })).toBeVisible();
    await expect(flow).toHaveCount(0);
  });
