/** /admin/role (spec §2, §6): a read-only list of roles with their visible modules as tags. */
import { expect, test } from '@playwright/test';
import { adminTexts, loginAsAdmin, roleTexts } from './admin-helpers';
import { LANGS } from './texts';

for (const lang of LANGS) {
  const t = roleTexts[lang];
  const c = adminTexts[lang];

  test(`the role list shows each role's modules as tags and offers no changes (${lang})`, async ({
    page,
  }) => {
    await loginAsAdmin(page);
    await page.goto(`/admin/role?lang=${lang}`);
    for (const name of [t.roleId, t.roleName, t.modules, t.description])
      await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();

    const superAdmin = page.getByRole('row').filter({ hasText: 'Super admin' });
    await expect(superAdmin.getByRole('cell').nth(0)).toHaveText('1');
    await expect(superAdmin.locator('.arco-tag')).toHaveText([
      c.modules.users,
      c.modules.platforms,
      c.modules.role,
    ]);
    const platformAdmin = page.getByRole('row').filter({ hasText: 'Platform admin' });
    await expect(platformAdmin.getByRole('cell').nth(0)).toHaveText('2');
    await expect(platformAdmin.locator('.arco-tag')).toHaveText([c.modules.platforms]);
    await expect(platformAdmin).toContainText('Manages sub-platforms');

    // Read-only: no way to add, edit, delete or select roles.
    for (const name of [c.add, c.edit, c.delete, c.bulkDelete])
      await expect(page.getByRole('main').getByRole('button', { name })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
  });
}
