/**
 * Issue 40, item 11: the back office's lists kept their page and filters in memory only: View or
 * Edit then Back, a Save or a reload, showed page 1 unfiltered again. Now the page, the page size
 * and the filters are the address's: Back, Save, a reload and the browser's Back and Forward show
 * the rows the person was on, with the filter fields saying so; values the address cannot mean
 * fall back to the defaults.
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
  roleTexts,
  toast,
  uniqueName,
  userTexts,
} from '../support/e2e-admin';
import { uniqueSuffix } from '../support/e2e-api';
import { LANGS } from '../support/e2e-texts';

const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** Fourteen platforms named `prefix0`…`prefix13`: two pages of the list filtered by the prefix. */
async function twoPagesOfPlatforms(page: Page): Promise<string> {
  const prefix = uniqueName('Addr');
  for (let i = 0; i < 14; i++) await createPlatform(page.request, `${prefix}${i}`);
  return prefix;
}

journeysInTurns((lang, inTurn) => {
  const t = platformTexts[lang];
  const c = adminTexts[lang];
  const nameFilter = (page: Page) =>
    page.getByRole('search').getByRole('textbox', { name: t.name, exact: true });

  if (inTurn())
    test(`platforms: View, Back, Edit, Save and a reload stay on the filtered page they left (${lang})`, async ({
      page,
    }) => {
      await loginAsAdmin(page);
      const prefix = await twoPagesOfPlatforms(page);
      await page.goto(`/admin/platform?lang=${lang}`);
      await nameFilter(page).fill(prefix);
      await page.getByRole('search').getByRole('button', { name: c.search }).click();
      await expect(listRows(page)).toHaveCount(12);
      await page.locator('.arco-pagination-item', { hasText: /^2$/ }).click();
      await expect(listRows(page)).toHaveCount(2);
      expect(query(page)).toEqual({ lang, name: prefix, page: '2' });
      const second = (await listRows(page).first().locator('td').nth(2).textContent())!.trim();

      // The browser's Back and Forward walk the list's own steps: page 1 of the search, no search.
      await page.goBack();
      await expect(activePage(page)).toHaveText('1');
      await expect(listRows(page)).toHaveCount(12);
      await page.goBack();
      await expect(nameFilter(page)).toHaveValue('');
      await page.goForward();
      await expect(nameFilter(page)).toHaveValue(prefix);
      await page.goForward();
      await expect(activePage(page)).toHaveText('2');
      await expect(listRows(page).first()).toContainText(second);

      await listRows(page).first().getByRole('link', { name: c.view }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.viewTitle })).toBeVisible();
      await page.getByRole('link', { name: c.back }).click();
      await expect(activePage(page)).toHaveText('2');
      await expect(listRows(page).first()).toContainText(second);
      await expect(nameFilter(page)).toHaveValue(prefix);

      // View, then its Edit, then Save: back on the same page of the same search.
      await listRows(page).first().getByRole('link', { name: c.view }).click();
      // The view, not the list whose rows have an Edit each, which stays until the view is drawn.
      await expect(page.getByRole('heading', { level: 1, name: t.viewTitle })).toBeVisible();
      await page.getByRole('link', { name: c.edit }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.editTitle })).toBeVisible();
      await page.getByRole('textbox', { name: t.description, exact: true }).fill('Kept my place');
      await page.getByRole('button', { name: c.save }).click();
      await expect(toast(page, t.updated)).toBeVisible();
      await expect(activePage(page)).toHaveText('2');
      await expect(listRows(page)).toHaveCount(2);
      expect(query(page)).toEqual({ lang, name: prefix, page: '2' });

      await page.reload();
      await expect(activePage(page)).toHaveText('2');
      await expect(listRows(page)).toHaveCount(2);
      await expect(nameFilter(page)).toHaveValue(prefix);

      // Reset empties the address's filters too.
      await page.getByRole('search').getByRole('button', { name: c.reset }).click();
      await expect(nameFilter(page)).toHaveValue('');
      expect(query(page)).toEqual({ lang });
    });

  if (inTurn())
    test(`users: a search and a page size in the address, kept by View and Back, and by a new tab (${lang})`, async ({
      page,
    }) => {
      const u = userTexts[lang];
      await loginAsAdmin(page);
      const domain = `addr${uniqueSuffix()}.example.org`;
      for (let i = 0; i < 16; i++) await createInternalUser(page.request, { email: `u${i}@${domain}` });
      await page.goto(`/admin/user?lang=${lang}&size=15&email=${domain}&page=2`);
      await expect(listRows(page)).toHaveCount(1);
      await expect(activePage(page)).toHaveText('2');
      const email = page.getByRole('search').getByRole('textbox', { name: u.email, exact: true });
      await expect(email).toHaveValue(domain);

      await listRows(page).first().getByRole('link', { name: c.view }).click();
      await expect(page.getByRole('heading', { level: 1, name: u.viewTitle })).toBeVisible();
      await page.getByRole('link', { name: c.back }).click();
      await expect(activePage(page)).toHaveText('2');
      await expect(listRows(page)).toHaveCount(1);
      expect(query(page)).toEqual({ lang, size: '15', email: domain, page: '2' });

      // The same address in a new tab: the same rows.
      const other = await page.context().newPage();
      await other.goto(page.url());
      await expect(listRows(other)).toHaveCount(1);
      await expect(activePage(other)).toHaveText('2');
      await other.close();
    });
});

for (const lang of LANGS) {
  test(`addresses no list can mean show the first page of 12, never an error (${lang})`, async ({
    sharedPage: page,
  }) => {
    const c = adminTexts[lang];
    await loginAsAdmin(page);
    await createPlatform(page.request);
    for (const [path, heading] of [
      ['/admin/platform', c.modules.platforms],
      ['/admin/user', c.modules.users],
      ['/admin/role', c.modules.role],
    ] as const) {
      for (const junk of ['page=abc&size=7', 'page=-1&size=1e9', 'page=1.5&from=yesterday&to=2026-02-30']) {
        await page.goto(`${path}?lang=${lang}&${junk}`);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(activePage(page)).toHaveText('1');
        await expect(page.locator('.arco-table tbody tr:not(.arco-table-empty-row)').first()).toBeVisible();
        expect(
          await page.locator('.arco-table tbody tr:not(.arco-table-empty-row)').count(),
        ).toBeLessThanOrEqual(12);
      }
    }
    await expect(page.getByRole('columnheader', { name: roleTexts[lang].roleName })).toBeVisible();
  });
}
