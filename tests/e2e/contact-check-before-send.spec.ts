/**
 * Binding an e-mail (issue 29, item 11): the code goes out only once the existence check has
 * answered that nobody holds the address. A slow check is waited for, whether the address was
 * typed and sent at once or pasted; a check that cannot answer (refused, the network) sends
 * nothing and says so; a free address then gets its code.
 */
import { expect, journeysInTurns, test, type Page } from '../support/e2e-fixtures';
import { codeSentTo, createPhoneUser, loginByApi, uniqueSuffix } from '../support/e2e-api';
import { common, contactChange, validation } from '../support/e2e-texts';

const ITEM_CHECK = '**/gw/uaa-be/api/v1/personal/item/check';
const MESSAGE_CODE = '**/gw/uaa-be/api/v1/personal/message/code';

/** Opens the e-mail bind of a fresh phone user and passes its first step; the new-address field. */
async function atNewEmail(page: Page, baseURL: string, lang: 'en-US' | 'zh-CN') {
  const c = contactChange[lang];
  const user = await createPhoneUser(baseURL);
  await loginByApi(page, user.phone, user.password);
  await page.goto(`/usercenter?lang=${lang}`);
  await page.locator('[data-row="email"]').getByRole('button').click();
  const flow = page.getByRole('region', { name: c.bindEmail });
  const code0 = await codeSentTo(page.request, user.phone, () =>
    flow.getByRole('button', { name: common[lang].getCode }).click(),
  );
  await flow.getByRole('textbox', { name: c.code, exact: true }).fill(code0);
  await flow.getByRole('button', { name: c.next }).click();
  return { flow, field: flow.getByRole('textbox', { name: c.newEmail, exact: true }) };
}

/** An e-mail address another account holds. */
async function takenAddress(baseURL: string): Promise<string> {
  const taken = `taken.${uniqueSuffix()}@example.com`;
  await createPhoneUser(baseURL, { email: taken });
  return taken;
}

/** Counts the code sends the page asks for from now on. */
function countSends(page: Page): () => number {
  let sends = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/personal/message/code'))
      sends += 1;
  });
  return () => sends;
}

journeysInTurns((lang, inTurn) => {
  if (inTurn())
    test(`an address another account holds gets no code, however fast "Get code" is pressed (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const taken = await takenAddress(baseURL!);
      const { flow, field } = await atNewEmail(page, baseURL!, lang);
      // The existence check answers late, as on a slow network.
      await page.route(ITEM_CHECK, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      const sends = countSends(page);
      // Pasted, then "Get code" at once: no blur, no pause.
      await field.focus();
      await page.evaluate((text) => document.execCommand('insertText', false, text), taken);
      await flow.getByRole('button', { name: common[lang].getCode }).click();
      await expect(flow.getByRole('alert')).toHaveText(validation.emailInUse[lang]);
      await page.waitForLoadState('networkidle');
      expect(sends()).toBe(0);
    });

  if (inTurn())
    test(`a check that cannot answer sends no code and says to try again (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const { flow, field } = await atNewEmail(page, baseURL!, lang);
      const sends = countSends(page);
      await page.route(ITEM_CHECK, (route) => route.abort('failed'));
      const free = `free.${uniqueSuffix()}@example.com`;
      await field.fill(free);
      await flow.getByRole('button', { name: common[lang].getCode }).click();
      await expect(flow.getByRole('alert')).toHaveText(validation.contactCheckFailed[lang]);
      await page.waitForLoadState('networkidle');
      expect(sends()).toBe(0);

      // Once the check answers, the free address gets its code.
      await page.unroute(ITEM_CHECK);
      const sent = page.waitForRequest(MESSAGE_CODE);
      await flow.getByRole('button', { name: common[lang].getCode }).click();
      await sent;
      await expect(flow.getByRole('alert')).toHaveCount(0);
    });

  if (inTurn())
    test(`an address another account holds is said to be taken when the field is left, not "please log in" (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const taken = await takenAddress(baseURL!);
      const { flow, field } = await atNewEmail(page, baseURL!, lang);
      await field.fill(taken);
      await field.blur();
      // The register page's "…, please log in" does not fit someone already logged in.
      await expect(flow.getByRole('alert')).toHaveText(validation.emailInUse[lang]);
    });
});
