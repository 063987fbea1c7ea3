/**
 * On a phone the login and register pages come prerendered (issue 39), and a visitor can tick the
 * agreement before the app has taken the page over. The tick was the input's alone: once the app
 * had the page, its state said unticked, the box was drawn unticked and a submit asked the
 * visitor to agree again. Now the box hands its tick to the app as it arrives
 * (useTickedBeforeHydration, beside what the text fields typed before hand over), as do the
 * login page's "Auto login" box.
 */
import { expect, holdScripts, PHONE, takenOver, test } from '../support/e2e-fixtures';
import { createPhoneUser } from '../support/e2e-api';
import { common, LANGS, login, register, validation } from '../support/e2e-texts';

test.use(PHONE);

for (const lang of LANGS) {
  test(`a login whose agreement was ticked before the app came goes through without asking again (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const t = login[lang];
    const user = await createPhoneUser(baseURL!);
    const release = await holdScripts(page);
    await page.goto(`/login?lang=${lang}&tab=password`, { waitUntil: 'commit' });
    const panel = page.getByRole('tabpanel', { name: t.passwordTab });
    await panel.getByRole('textbox', { name: t.account, exact: true }).fill(user.phone);
    await panel.locator('input[type=password]').fill(user.password);
    const box = panel.getByRole('checkbox', { name: common[lang].agree });
    await panel.getByText(common[lang].agree).tap();
    await expect(box).toBeChecked();
    await expect(page.locator('#root')).not.toHaveAttribute('data-taken-over');
    release();
    await takenOver(page, 'input');
    // Drawn ticked by the app (Arco draws the box from its state, the input being hidden).
    await expect(panel.locator('label.arco-checkbox').filter({ hasText: common[lang].agree })).toHaveClass(
      /arco-checkbox-checked/,
    );
    await panel.getByRole('button', { name: t.submit, exact: true }).tap();
    await page.getByRole('button', { name: common[lang].verify }).tap();
    // Signed in: an account without a username is asked for one first (spec §4).
    await expect(page).toHaveURL(/\/username\?/);
    await expect(page.getByText(validation.agreementRequired[lang])).toHaveCount(0);
  });

  test(`a register page's agreement ticked before the app came stays ticked (${lang})`, async ({ page }) => {
    const t = register[lang];
    const release = await holdScripts(page);
    await page.goto(`/register?lang=${lang}`, { waitUntil: 'commit' });
    const panel = page.getByRole('tabpanel', { name: t.emailTab });
    const box = panel.getByRole('checkbox', { name: common[lang].agree });
    await panel.getByText(common[lang].agree).tap();
    await expect(box).toBeChecked();
    release();
    await takenOver(page, 'input');
    await expect(panel.locator('label.arco-checkbox').filter({ hasText: common[lang].agree })).toHaveClass(
      /arco-checkbox-checked/,
    );
    await expect(box).toBeChecked();
    // The other tab's box shows the same agreement.
    await page.getByRole('tab', { name: t.phoneTab }).tap();
    await expect(
      page.getByRole('tabpanel', { name: t.phoneTab }).getByRole('checkbox', { name: common[lang].agree }),
    ).toBeChecked();
  });
}
