/**
 * The steps of a change flow are entries of the history (issue 40, item 6): the browser's Back
 * goes from the second step to the first and from the first to the account list, Forward comes
 * back, and the flow's own Back walks the same entries. The address names the step, but a step
 * that needs a passed verification shows only once it passed in this page: a reload or a link
 * naming it shows the first step. Through the real local UAA, the languages taking turns.
 */
import { expect, journeysInTurns, test, type Page } from '../support/e2e-fixtures';
import { codeSentTo, createPhoneUser, loginByApi, newPhone } from '../support/e2e-api';
import { common, contactChange, usercenter, type Lang } from '../support/e2e-texts';

async function openUserCentre(page: Page, baseURL: string, lang: Lang) {
  const user = await createPhoneUser(baseURL);
  await loginByApi(page, user.phone, user.password);
  await page.goto(`/usercenter?lang=${lang}`);
  await expect(page.getByRole('heading', { name: usercenter[lang].menuAccount })).toBeVisible();
  return user;
}

journeysInTurns((lang, inTurn) => {
  const t = usercenter[lang];
  const c = contactChange[lang];

  if (inTurn())
    test(`Back and Forward walk the password change's steps; a reload or a link shows no unverified step (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const user = await openUserCentre(page, baseURL!, lang);
      const list = page.getByRole('heading', { name: t.menuAccount });
      const flow = page.getByRole('region', { name: t.changePassword });
      const codeField = flow.getByRole('textbox', { name: c.code, exact: true });
      const passwords = flow.locator('input[type=password]');

      await page.locator('[data-row="password"]').getByRole('button').click();
      await expect(codeField).toBeVisible();
      const code = await codeSentTo(page.request, user.phone, () =>
        flow.getByRole('button', { name: common[lang].getCode }).click(),
      );
      await codeField.fill(code);
      await flow.getByRole('button', { name: t.next }).click();
      await expect(passwords).toHaveCount(2);
      await expect(page).toHaveURL(/[?&]step=2(&|$)/);

      // Back: the first step, still in the user centre; Forward: the second again (it passed).
      await page.goBack();
      await expect(codeField).toBeVisible();
      await expect(passwords).toHaveCount(0);
      await expect(page).not.toHaveURL(/[?&]step=/);
      await page.goForward();
      await expect(passwords).toHaveCount(2);

      // The flow's own Back is the same step back; the browser's Back then leaves the flow for
      // the list, not the page before the user centre.
      await flow.getByRole('button', { name: t.back }).click();
      await expect(codeField).toBeVisible();
      await page.goBack();
      await expect(list).toBeVisible();
      await expect(flow).toHaveCount(0);
      await expect(page).toHaveURL(/\/usercenter/);
      await page.goForward();
      await expect(codeField).toBeVisible();
      await page.goForward();
      await expect(passwords).toHaveCount(2);

      // A reload on the second step: its verification is not this page's any more.
      await page.reload();
      await expect(codeField).toBeVisible();
      await expect(passwords).toHaveCount(0);
      await expect(page).not.toHaveURL(/[?&]step=/);

      // A link naming the second step shows the first.
      await page.goto(`/usercenter?lang=${lang}&type=password&step=2`);
      await expect(codeField).toBeVisible();
      await expect(passwords).toHaveCount(0);
      await expect(page).not.toHaveURL(/[?&]step=/);
    });

  if (inTurn())
    test(`the phone change: Back from its second step to its first, then to the list; done, the list (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const user = await openUserCentre(page, baseURL!, lang);
      const list = page.getByRole('heading', { name: t.menuAccount });
      const flow = page.getByRole('region', { name: c.changePhone });
      const codeField = flow.getByRole('textbox', { name: c.code, exact: true });
      const newPhoneField = flow.getByRole('textbox', { name: c.newPhone, exact: true });

      await page.locator('[data-row="phone"]').getByRole('button').click();
      // The browser's Back from the first step: the list, in the user centre.
      await expect(codeField).toBeVisible();
      await page.goBack();
      await expect(list).toBeVisible();
      await expect(flow).toHaveCount(0);

      await page.locator('[data-row="phone"]').getByRole('button').click();
      const code0 = await codeSentTo(page.request, user.phone, () =>
        flow.getByRole('button', { name: common[lang].getCode }).click(),
      );
      await codeField.fill(code0);
      await flow.getByRole('button', { name: c.next }).click();
      await expect(newPhoneField).toBeVisible();
      await page.goBack();
      await expect(flow.getByRole('textbox', { name: c.currentPhone })).toBeVisible();
      await page.goForward();
      await expect(newPhoneField).toBeVisible();

      const fresh = newPhone();
      await newPhoneField.fill(fresh);
      await newPhoneField.blur();
      const code1 = await codeSentTo(page.request, fresh, () =>
        flow.getByRole('button', { name: common[lang].getCode }).click(),
      );
      await codeField.fill(code1);
      await flow.getByRole('button', { name: c.submit }).click();
      await expect(page.locator('[data-row="phone"]')).toContainText(fresh);
      await expect(flow).toHaveCount(0);
      await expect(page).not.toHaveURL(/[?&](type|step)=/);
    });
});
