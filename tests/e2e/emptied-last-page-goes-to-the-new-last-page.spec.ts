/**
 * Issue 40, item 10: deleting every row of a list's last page left "No data" beside "Total: 72"
 * and no page selected. Now the list goes to the new last page; an address past the end does too.
 */
import { expect, journeysInTurns, test, type Page } from '../support/e2e-fixtures';
import {
  activePage,
  adminTexts,
  createInternalUser,
  createPlatform,
  listRows,
  loginAsAdmin,
  platformTexts,
  toast,
  uniqueName,
  userTexts,
} from '../support/e2e-admin';
import { uniqueSuffix } from '../support/e2e-api';

const pageParam = (page: Page) => new URL(page.url()).searchParams.get('page');

journeysInTurns((lang, inTurn) => {
  const c = adminTexts[lang];

  if (inTurn())
    test(`platforms: the last page's only row deleted, the list shows the page before (${lang})`, async ({
      page,
    }) => {
      const t = platformTexts[lang];
      await loginAsAdmin(page);
      const prefix = uniqueName('Last');
      for (let i = 0; i < 13; i++) await createPlatform(page.request, `${prefix}${i}`);
      await page.goto(`/admin/platform?lang=${lang}`);
      const search = page.getByRole('search');
      await search.getByRole('textbox', { name: t.name, exact: true }).fill(prefix);
      await search.getByRole('button', { name: c.search }).click();
      await expect(listRows(page)).toHaveCount(12);
      await page.locator('.arco-pagination-item', { hasText: /^2$/ }).click();
      await expect(listRows(page)).toHaveCount(1);

      await listRows(page).first().getByRole('button', { name: c.delete }).click();
      await page.getByRole('dialog').getByRole('button', { name: c.confirm }).click();
      await expect(toast(page, t.deleted)).toBeVisible();
      await expect(activePage(page)).toHaveText('1');
      await expect(listRows(page)).toHaveCount(12);
      await expect(page.locator('.admin-table .arco-table-no-data')).toHaveCount(0);
      expect(pageParam(page)).toBeNull();
    });

  if (inTurn())
    test(`users: the last page bulk-deleted, and an address past the end, show the last page (${lang})`, async ({
      page,
    }) => {
      const t = userTexts[lang];
      await loginAsAdmin(page);
      const domain = `last${uniqueSuffix()}.example.org`;
      for (let i = 0; i < 26; i++) await createInternalUser(page.request, { email: `u${i}@${domain}` });
      await page.goto(`/admin/user?lang=${lang}`);
      const search = page.getByRole('search');
      await search.getByRole('textbox', { name: t.email, exact: true }).fill(domain);
      await search.getByRole('button', { name: c.search }).click();
      await expect(listRows(page)).toHaveCount(12);
      await page.locator('.arco-pagination-item', { hasText: /^3$/ }).click();
      await expect(listRows(page)).toHaveCount(2);

      await page.getByRole('row').first().locator('.arco-checkbox').click(); // all rows of the page
      await page.getByRole('button', { name: c.bulkDelete }).click();
      await page.getByRole('dialog').getByRole('button', { name: c.confirm }).click();
      await expect(toast(page, t.deleted)).toBeVisible();
      await expect(activePage(page)).toHaveText('2');
      await expect(listRows(page)).toHaveCount(12);
      expect(pageParam(page)).toBe('2');

      // An address from before, past the end now.
      await page.goto(`/admin/user?lang=${lang}&email=${domain}&page=40`);
      await expect(activePage(page)).toHaveText('2');
      await expect(listRows(page)).toHaveCount(12);
    });
});

test('the role list past its end shows its last page', async ({ sharedPage: page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin/role?lang=en-US&page=5');
  await expect(activePage(page)).toHaveText('1');
  await expect(listRows(page).first()).toBeVisible();
});
