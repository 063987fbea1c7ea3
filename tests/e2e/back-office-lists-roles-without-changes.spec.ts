/** /admin/role (spec §2, §6): a read-only list of roles with their visible modules as tags. */
import { expect, journeysInTurns, test } from '../support/e2e-fixtures';
import { adminTexts, loginAsAdmin, roleTexts } from '../support/e2e-admin';

journeysInTurns((lang, inTurn) => {
  const t = roleTexts[lang];
  const c = adminTexts[lang];

  // The seed roles are named in Chinese, the default language, whatever the page's language.
  if (inTurn())
    test(`the role list shows each role's modules as tags and offers no changes (${lang})`, async ({
      sharedPage: page,
    }) => {
      await loginAsAdmin(page);
      await page.goto(`/admin/role?lang=${lang}`);
      for (const name of [t.roleId, t.roleName, t.modules, t.description])
        await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();

      const superAdmin = page.getByRole('row').filter({ hasText: '超级管理员' });
      await expect(superAdmin.getByRole('cell').nth(0)).toHaveText('1');
      await expect(superAdmin.locator('.arco-tag')).toHaveText([
        c.modules.users,
        c.modules.platforms,
        c.modules.role,
      ]);
      const platformAdmin = page.getByRole('row').filter({ hasText: '平台管理员' });
      await expect(platformAdmin.getByRole('cell').nth(0)).toHaveText('2');
      await expect(platformAdmin.locator('.arco-tag')).toHaveText([c.modules.platforms]);
      await expect(superAdmin).toContainText('管理用户、子平台和角色');
      await expect(platformAdmin).toContainText('管理子平台');

      // Read-only: no way to add, edit, delete or select roles (Add and Edit are links elsewhere).
      for (const name of [c.add, c.edit, c.delete, c.bulkDelete])
        for (const role of ['button', 'link'] as const)
          await expect(page.getByRole('main').getByRole(role, { name })).toHaveCount(0);
      await expect(page.getByRole('checkbox')).toHaveCount(0);
    });
}, 'zh-CN');
