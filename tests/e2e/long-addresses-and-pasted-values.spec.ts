/**
 * Issue 40, item 2: one limit for an address everywhere, said, never a silent cut. A 61-character
 * university address registers, activates and then logs in through the login page's account
 * field (which used to cut it to 40 and answer "User or password error"); an address past
 * RFC 5321's 254 characters stays whole in every field that takes one and is refused with "at most
 * 254 characters", on a phone too; a phone pasted as `+86 131 4512 2268` and a code pasted as
 * ` 123456 ` keep every digit (they became `+86 131 451` and ` 12345`) and sign in.
 */
import { expect, journeysInTurns, test, type Locator, type Page } from '../support/e2e-fixtures';
import { codeSentTo, createPhoneUser, lastMessageTo, newPhone, uniqueSuffix } from '../support/e2e-api';
import { loginAsAdmin, userTexts } from '../support/e2e-admin';
import { common, forget, LANGS, login, register, validation, type Lang } from '../support/e2e-texts';
import { LIMITS } from '../../shared/validation/rules';

const PASSWORD = 'Long-address-1';

/** An address of exactly `length` characters: a local part within 64, domain labels within 63. */
function addressOf(length: number): string {
  const domain = 'mail.physics.example.edu.cn';
  const labels: string[] = [];
  let local = length - domain.length - 1;
  for (; local > 64; local -= 64) labels.push('x'.repeat(63));
  const id = `u-${uniqueSuffix()}`;
  const address = `${id}${'a'.repeat(local - id.length)}@${[...labels, domain].join('.')}`;
  expect(address).toHaveLength(length);
  return address;
}

/** Types as a paste does: the whole text at once, into the focused field. */
async function paste(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.page().keyboard.insertText(text);
}

async function passwordTab(page: Page, lang: Lang) {
  await page.getByRole('tab', { name: login[lang].passwordTab }).click();
  return page.getByRole('tabpanel', { name: login[lang].passwordTab });
}

journeysInTurns((lang, inTurn) => {
  if (inTurn())
    test(`a 61-character address registers, activates and logs in through the account field (${lang})`, async ({
      page,
      request,
    }) => {
      const t = register[lang];
      const email = addressOf(61);
      const username = `long-${uniqueSuffix()}`;
      await page.goto(`/register?lang=${lang}`);
      const form = page.getByRole('tabpanel', { name: t.emailTab });
      await form.getByRole('textbox', { name: t.username, exact: true }).fill(username);
      await paste(form.getByRole('textbox', { name: t.email, exact: true }), email);
      await form.getByLabel(t.password, { exact: true }).fill(PASSWORD);
      await form.getByLabel(t.confirm, { exact: true }).fill(PASSWORD);
      await form.getByText(common[lang].agree).click();
      await form.getByRole('button', { name: t.submit, exact: true }).click();
      await expect(page.getByText(t.emailSentTitle)).toBeVisible();
      const mail = await lastMessageTo(request, email);
      const activated = page.waitForResponse((r) => r.url().includes('/register/active'));
      await page.goto(mail.link!);
      expect(((await (await activated).json()) as { msgCode: string }).msgCode).toBe('10000');

      await page.goto(`/login?lang=${lang}`);
      const panel = await passwordTab(page, lang);
      const account = panel.getByRole('textbox', { name: login[lang].account, exact: true });
      await paste(account, email);
      await expect(account).toHaveValue(email);
      await panel.locator('input[type=password]').fill(PASSWORD);
      await panel.getByText(common[lang].agree).click();
      await panel.getByRole('button', { name: login[lang].submit, exact: true }).click();
      await page.getByRole('button', { name: common[lang].verify }).click();
      await expect(page).toHaveURL(/\/usercenter/);
      await expect(page.getByText(username)).toBeVisible();
    });

  if (inTurn())
    test(`a phone pasted as +86 131 4512 2268 and a code pasted with spaces sign in (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const t = login[lang];
      // Made in the back office: no code sent yet, so the login's is not held back a minute.
      const { phone } = await createPhoneUser(baseURL!);
      const spaced = `+86 ${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
      await page.goto(`/login?lang=${lang}`);
      const panel = page.getByRole('tabpanel', { name: t.smsTab });
      const phoneField = panel.getByRole('textbox', { name: t.phone, exact: true });
      await paste(phoneField, spaced);
      await expect(phoneField).toHaveValue(phone);
      const code = await codeSentTo(page.request, phone, async () => {
        await panel.getByRole('button', { name: common[lang].getCode }).click();
        await page
          .getByRole('dialog', { name: common[lang].captchaTitle })
          .getByRole('button', { name: common[lang].verify })
          .click();
      });
      const codeField = panel.getByRole('textbox', { name: t.code, exact: true });
      await paste(codeField, ` ${code} `);
      await expect(codeField).toHaveValue(code);
      await panel.getByText(common[lang].agree).click();
      await panel.getByRole('button', { name: t.submit, exact: true }).click();
      // Signed in: an account without a username is asked for one first (spec §4).
      await expect(page).toHaveURL(/\/username/);
    });
});

for (const lang of LANGS) {
  test(`an address past 254 characters stays whole and is refused with "at most 254" on login, register and forget, at 390 px too (${lang})`, async ({
    sharedPage: page,
  }) => {
    const tooLong = addressOf(LIMITS.emailMax + 1);
    const atMost = (code: 'accountTooLong' | 'emailTooLong') =>
      page.getByRole('alert').filter({ hasText: validation[code][lang] });
    await page.setViewportSize({ width: 390, height: 844 });
    const fitsTheScreen = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto(`/login?lang=${lang}`);
    const panel = await passwordTab(page, lang);
    const account = panel.getByRole('textbox', { name: login[lang].account, exact: true });
    await paste(account, tooLong);
    await account.blur();
    await expect(account).toHaveValue(tooLong);
    await expect(atMost('accountTooLong')).toBeVisible();
    expect(validation.accountTooLong[lang]).toContain(String(LIMITS.emailMax));
    await fitsTheScreen();

    await page.goto(`/register?lang=${lang}`);
    const email = page
      .getByRole('tabpanel', { name: register[lang].emailTab })
      .getByRole('textbox', { name: register[lang].email, exact: true });
    await paste(email, tooLong);
    await email.blur();
    await expect(email).toHaveValue(tooLong);
    await expect(atMost('emailTooLong')).toBeVisible();
    await fitsTheScreen();

    await page.goto(`/forget?lang=${lang}&tab=email`);
    const item = page.getByRole('textbox', { name: forget[lang].email, exact: true });
    await paste(item, tooLong);
    await item.blur();
    await expect(item).toHaveValue(tooLong);
    await expect(atMost('emailTooLong')).toBeVisible();
    await fitsTheScreen();
  });

  test(`the back office's Add user says "at most 254" of a longer address, and keeps a pasted phone whole (${lang})`, async ({
    sharedPage: page,
  }) => {
    const t = userTexts[lang];
    await loginAsAdmin(page);
    await page.goto(`/admin/user/create?lang=${lang}`);
    const email = page.getByRole('textbox', { name: t.email, exact: true });
    const tooLong = addressOf(LIMITS.emailMax + 1);
    await paste(email, tooLong);
    await email.blur();
    await expect(email).toHaveValue(tooLong);
    await expect(page.getByRole('alert').filter({ hasText: validation.emailTooLong[lang] })).toBeVisible();

    const phone = page.getByRole('textbox', { name: t.phone, exact: true });
    const fresh = newPhone();
    await paste(phone, `+86 ${fresh.slice(0, 3)} ${fresh.slice(3, 7)} ${fresh.slice(7)}`);
    await phone.blur();
    await expect(phone).toHaveValue(fresh);
    await expect(page.getByText(t.phoneFormat)).toHaveCount(0);
  });
}
