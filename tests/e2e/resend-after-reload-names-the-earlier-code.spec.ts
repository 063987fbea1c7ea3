/**
 * A reload in the middle of a change flow, then "Get code" again within the minute (issue 40):
 * the refusal says when a new code may be sent and that the code sent before the reload still
 * works, under the field; and it does.
 */
import { expect, test } from '../support/e2e-fixtures';
import { codeSentTo, createPhoneUser, loginByApi } from '../support/e2e-api';
import { common, contactChange, LANGS, sendCode, usercenter } from '../support/e2e-texts';

for (const lang of LANGS)
  test(`after a reload, a refused resend says the earlier code still works (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const t = usercenter[lang];
    const c = contactChange[lang];
    const user = await createPhoneUser(baseURL!);
    await loginByApi(page, user.phone, user.password);
    await page.goto(`/usercenter?lang=${lang}&type=password`);
    const flow = page.getByRole('region', { name: t.changePassword });
    const code = await codeSentTo(page.request, user.phone, () =>
      flow.getByRole('button', { name: common[lang].getCode }).click(),
    );

    await page.reload();
    const getCode = flow.getByRole('button', { name: common[lang].getCode });
    await getCode.click();
    const said = flow.getByRole('alert').filter({ hasText: sendCode[lang].earlierCodeWorks });
    await expect(said).toBeVisible();
    await expect(said).toContainText(/\d/); // when a new code may be sent
    const codeField = flow.getByRole('textbox', { name: c.code, exact: true });
    await expect(codeField).toHaveAccessibleDescription(/./);

    await codeField.fill(code);
    await flow.getByRole('button', { name: t.next }).click();
    await expect(flow.locator('input[type=password]')).toHaveCount(2);
  });
