/**
 * Issue 40 (a low one): role names, entered in Chinese, were shown on English pages without a
 * lang attribute, so a screen reader read them with the English voice. Now a Chinese value on a
 * page in another language is marked lang="zh-CN": the role list's names and descriptions, the
 * user list's roles, the user form's role choices. On a Chinese page nothing needs marking.
 */
import { expect, test } from '../support/e2e-fixtures';
import { createInternalUser, loginAsAdmin, ROLE, SEED_ROLES } from '../support/e2e-admin';

const SUPER = SEED_ROLES.superAdmin;

test('Chinese role names and descriptions on English pages say they are Chinese', async ({
  sharedPage: page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/admin/role?lang=en-US');
  const row = page.getByRole('row').filter({ hasText: SUPER.roleName });
  await expect(
    row.locator('[lang="zh-CN"]', { hasText: SUPER.roleName }).filter({ visible: true }),
  ).toHaveCount(1);
  await expect(
    row.locator('[lang="zh-CN"]', { hasText: SUPER.roleDesc }).filter({ visible: true }),
  ).toHaveCount(1);

  const admin = await createInternalUser(page.request, { roleIds: [ROLE.superAdmin] });
  await page.goto(`/admin/user?lang=en-US&email=${admin.email}`);
  const adminRow = page.locator('.admin-table tbody tr', { hasText: SUPER.roleName });
  await expect(
    adminRow.locator('[lang="zh-CN"]', { hasText: SUPER.roleName }).filter({ visible: true }),
  ).toHaveCount(1);

  await page.goto(`/admin/user/view?id=${admin.ssoUid}&lang=en-US`);
  await expect(page.getByRole('radio', { name: SUPER.roleName })).toBeChecked();
  await expect(page.locator('label.arco-radio [lang="zh-CN"]', { hasText: SUPER.roleName })).toBeVisible();
});

test('on a Chinese page the same names are not marked', async ({ sharedPage: page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin/role?lang=zh-CN');
  await expect(page.getByRole('row').filter({ hasText: SUPER.roleName })).toBeVisible();
  await expect(page.locator('main [lang]')).toHaveCount(0);
});
