/**
 * The user centre's change forms name what their fields hold for the browser and password
 * managers (issue 40): the new e-mail is an e-mail (autocomplete=email), and the new password's
 * form carries the account it is for in a hidden username field (autocomplete=username), as the
 * managers expect of a change-password form.
 */
import { expect, journeysInTurns, test, type Page } from '../support/e2e-fixtures';
import { codeSentTo, createPhoneUser, loginByApi } from '../support/e2e-api';
import { common, contactChange, usercenter, type Lang } from '../support/e2e-texts';

async function verifiedFirstStep(page: Page, baseURL: string, lang: Lang, type: 'email' | 'password') {
  const user = await createPhoneUser(baseURL);
  await loginByApi(page, user.phone, user.password);
  await page.goto(`/usercenter?lang=${lang}&type=${type}`);
  const c = contactChange[lang];
  const flow = page.getByRole('region', {
    name: type === 'email' ? c.bindEmail : usercenter[lang].changePassword,
  });
  const code = await codeSentTo(page.request, user.phone, () =>
    flow.getByRole('button', { name: common[lang].getCode }).click(),
  );
  await flow.getByRole('textbox', { name: c.code, exact: true }).fill(code);
  await flow.getByRole('button', { name: c.next }).click();
  return { user, flow };
}

journeysInTurns((lang, inTurn) => {
  if (inTurn())
    test(`the new e-mail is an e-mail for the browser (${lang})`, async ({ page, baseURL }) => {
      const { flow } = await verifiedFirstStep(page, baseURL!, lang, 'email');
      const field = flow.getByRole('textbox', { name: contactChange[lang].newEmail, exact: true });
      await expect(field).toHaveAttribute('autocomplete', 'email');
    });

  if (inTurn())
    test(`the new password's form names its account for password managers (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const { user, flow } = await verifiedFirstStep(page, baseURL!, lang, 'password');
      const passwords = flow.locator('input[type=password]');
      await expect(passwords).toHaveCount(2);
      await expect(passwords.nth(0)).toHaveAttribute('autocomplete', 'new-password');
      const account = flow.locator('form input[autocomplete="username"]');
      await expect(account).toHaveValue(user.phone);
      await expect(account).toBeHidden();
    });
});
