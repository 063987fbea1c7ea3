/**
 * Every control and picture names what it is, in the page's language (issue 40): the agreement box by its whole line, the human check's close button.
 */
import { expect, test } from '../support/e2e-fixtures';
import { agreement, arco, common, LANGS, login } from '../support/e2e-texts';

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
}
