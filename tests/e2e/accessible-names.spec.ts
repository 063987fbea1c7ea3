/**
 * Every control and picture names what it is, in the page's language (issue 40): the agreement
 * box by its whole line, the human check's close button, each key's copy button by the key it
 * copies, the no-permission picture left out as decoration; a link that opens a new tab says so.
 */
import { expect, test } from '../support/e2e-fixtures';
import { api, signInAsNewUser } from '../support/e2e-api';
import { IPHONE_UA } from '../support/e2e-layout';
import { agreement, arco, common, LANGS, login, newTab, usercenter } from '../support/e2e-texts';

for (const lang of LANGS) {
  const a = agreement[lang];

  test(`the agreement box is named by its whole line (${lang})`, async ({ sharedPage: page }) => {
    await page.goto(`/login?tab=password&lang=${lang}`);
    const panel = page.getByRole('tabpanel', { name: login[lang].passwordTab });
    const box = panel.getByRole('checkbox', {
      name: `${a.prefix} ${a.agreement} ${a.and} ${a.privacy}`,
      exact: true,
    });
    await expect(box).not.toBeChecked();
    // Its links still open their pages: a press on one does not tick the box.
    const popup = page.waitForEvent('popup');
    await panel.getByRole('link', { name: a.agreement }).click();
    await (await popup).close();
    await expect(box).not.toBeChecked();
    await panel.getByText(a.prefix).click();
    await expect(box).toBeChecked();
  });

  // Arco names its dialogs' close button "Close" whatever the language.
  test(`the human check's close button is named in the page's language (${lang})`, async ({
    sharedPage: page,
  }) => {
    await page.goto(`/login?tab=password&lang=${lang}`);
    const panel = page.getByRole('tabpanel', { name: login[lang].passwordTab });
    await panel.getByRole('textbox', { name: login[lang].account, exact: true }).fill('someone@example.org');
    await panel.locator('input[type=password]').fill('Some-password-1');
    await panel.getByText(a.prefix).click();
    await panel.getByRole('button', { name: login[lang].submit, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: common[lang].captchaTitle });
    await expect(dialog.getByRole('button', { name: arco[lang].close, exact: true })).toBeAttached();
    await dialog.getByRole('button', { name: arco[lang].close, exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  test(`each copy button names the key it copies (${lang})`, async ({ page, baseURL }) => {
    const t = usercenter[lang];
    await signInAsNewUser(page, baseURL!);
    expect((await api(page.request, '/open/credential/create', { description: 'a key' })).msgCode).toBe(
      '10000',
    );
    await page.goto(`/usercenter?tab=keys&lang=${lang}`);
    const section = page.getByRole('region', { name: t.keysTitle });
    await expect(section.getByRole('button', { name: `${t.copy} ${t.ak}`, exact: true })).toBeVisible();
    await expect(section.getByRole('button', { name: `${t.copy} ${t.sk}`, exact: true })).toBeVisible();

    await section.getByRole('button', { name: t.createKey }).click();
    await page
      .getByRole('dialog', { name: t.createKeyTitle })
      .getByRole('button', { name: t.create })
      .click();
    const created = page.getByRole('dialog', { name: t.keyCreatedTitle });
    for (const key of [t.ak, t.sk])
      await expect(created.getByRole('button', { name: `${t.copy} ${key}`, exact: true })).toBeVisible();
  });

  test(`/no-permission shows no unnamed picture (${lang})`, async ({ sharedPage: page }) => {
    await page.goto(`/no-permission?lang=${lang}`);
    await expect(page.locator('.arco-result-icon svg')).toBeVisible();
    // Arco's 403 picture is an <svg>, an image to assistive technology, and had no name.
    for (const image of await page.getByRole('img').all()) await expect(image).toHaveAccessibleName(/\S/);
  });
}

for (const [device, options] of [
  ['a desktop', {}],
  ['a phone', { userAgent: IPHONE_UA, viewport: { width: 390, height: 844 } }],
] as const) {
  test.describe(`on ${device}`, () => {
    test.use(options);

    for (const lang of LANGS) {
      test(`the user centre's feedback link says it opens a new tab (${lang})`, async ({ page, baseURL }) => {
        await signInAsNewUser(page, baseURL!);
        await page.goto(`/usercenter?lang=${lang}`);
        const feedback = page.getByRole('link', { name: usercenter[lang].feedback });
        await expect(feedback).toHaveAccessibleName(
          `${usercenter[lang].feedback} ${newTab[lang].opensNewTab}`,
        );
        await expect(feedback).toHaveAttribute('target', '_blank');
      });
    }
  });
}
