/** axe-core on every back-office page, both languages: no serious or critical violation. */
import { atRest, expect, test, type Page } from '../support/e2e-fixtures';
import {
  adminTexts,
  backOfficePages,
  createInternalUser,
  loginAsAdmin,
  platformTexts,
  userTexts,
} from '../support/e2e-admin';
import { blockingViolations as axeBlocking } from '../support/e2e-axe';
import { LANGS } from '../support/e2e-texts';

async function blockingViolations(page: Page): Promise<string[]> {
  // Measured at rest: Arco fades messages and popups in (a form error blinks on arrival).
  await atRest(page);
  return axeBlocking(page);
}

for (const lang of LANGS) {
  test(`back-office pages have no serious or critical accessibility violations (${lang})`, async ({
    sharedPage: page,
  }) => {
    test.slow(); // ten pages, each measured by axe at rest
    await loginAsAdmin(page);
    const user = await createInternalUser(page.request, { roleIds: [2] });
    const pages = [...backOfficePages(user.ssoUid), '/admin/not-a-module'];
    await page.goto(`/admin?lang=${lang}`);
    for (const path of pages) {
      await page.goto(path);
      await page.locator('main h1, main .admin-denied').first().waitFor();
      expect(await blockingViolations(page), `${path} (${lang})`).toEqual([]);
    }
  });

  test(`back-office dialogs, menus and form errors have no serious or critical violations (${lang})`, async ({
    sharedPage: page,
  }) => {
    test.slow(); // five states, each measured by axe at rest
    const c = adminTexts[lang];
    const t = platformTexts[lang];
    await loginAsAdmin(page);
    await page.goto(`/admin/platform?lang=${lang}`);
    await page.getByRole('button', { name: c.accountMenu }).click();
    await expect(page.getByRole('menuitem', { name: c.logout })).toBeVisible();
    expect(await blockingViolations(page), 'avatar menu').toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('row').nth(1).getByRole('button', { name: c.delete }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await blockingViolations(page), 'delete dialog').toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: c.cancel }).click();

    await page.goto('/admin/platform/edit?id=media');
    await page.getByRole('tab', { name: t.authTab }).click();
    await expect(page.getByTestId('client-id')).toBeVisible();
    expect(await blockingViolations(page), 'authentication tab').toEqual([]);

    await page.goto('/admin/platform/create');
    await page.getByRole('button', { name: c.save }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await page.mouse.move(0, 0); // the button's hover shade is not what is measured
    expect(await blockingViolations(page), 'form errors').toEqual([]);

    await page.goto('/admin/user');
    await page.getByRole('combobox', { name: userTexts[lang].columnPlatforms }).click();
    await expect(page.getByRole('option').first()).toBeVisible();
    expect(await blockingViolations(page), 'platforms used filter').toEqual([]);
  });
}
