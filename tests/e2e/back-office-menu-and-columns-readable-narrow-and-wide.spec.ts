/**
 * Issue 29, item 10 (its back-office parts): at 390 px the back office is usable (its whole menu
 * readable, its tables scrolling sideways with more than the ID and the actions in view), and at
 * 1280 px the user list's fixed Actions column covers no other column's text. Both languages.
 */
import { expect, test, type Page } from '../support/e2e-fixtures';
import {
  adminTexts,
  createInternalUser,
  loginAsAdmin,
  newPhone,
  ROLE,
  uniqueName,
} from '../support/e2e-admin';
import { api } from '../support/e2e-api';
import { LANGS } from '../support/e2e-texts';

/**
 * Header and body cells whose text the fixed Actions column covers, or that lie out of the
 * table's view, as the table is first shown (scrolled to its start).
 */
async function coveredByActions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const covered: string[] = [];
    for (const row of document.querySelectorAll('.arco-table-tr')) {
      const actions = row.querySelector('.arco-table-col-fixed-right');
      const view = row.closest('.arco-table-content-inner, .arco-table-body, .arco-table-header');
      const edge = actions?.getBoundingClientRect().left ?? view?.getBoundingClientRect().right;
      if (edge === undefined) continue;
      for (const cell of row.querySelectorAll(
        '.arco-table-td:not(.arco-table-col-fixed-right), .arco-table-th:not(.arco-table-col-fixed-right)',
      )) {
        const content = cell.querySelector('.arco-table-cell, .arco-table-th-item-title, span');
        const text = content?.getBoundingClientRect();
        if (text && text.width > 0 && text.right > edge + 0.5)
          covered.push((cell.textContent ?? '').trim().slice(0, 30));
      }
    }
    return covered;
  });
}

/** Rows with every column filled, long values included, as a real back office shows them. */
async function longRows(page: Page): Promise<void> {
  await createInternalUser(page.request, {
    roleIds: [ROLE.superAdmin],
    phone: newPhone(),
    email: `${uniqueName('someone-with-a-long-name')}@research-platform.example.org`,
    githubAccount: uniqueName('octocat-with-a-long-name'),
  });
  const reply = await api(page.request, '/mgmt/platforms/add', {
    displayName: uniqueName('PlatformWithALongName').slice(0, 32),
    homePageUrl: `https://a-sub-platform-with-a-long-host.example.org/${'path/'.repeat(40)}`,
    callback: 'https://e2e.example.org/cb',
    logoutUrl: 'https://e2e.example.org/logout',
  });
  expect(reply.msgCode, reply.msg).toBe('10000');
}

for (const lang of LANGS) {
  const c = adminTexts[lang];

  test(`390 px: the whole menu reads, the user list scrolls with its key columns (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAsAdmin(page);
    await page.goto(`/admin/user?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const menu = page.getByRole('navigation', { name: c.navigation });
    for (const name of [c.modules.users, c.modules.platforms, c.modules.role]) {
      const item = menu.getByRole('menuitem', { name });
      await expect(item).toBeInViewport({ ratio: 1 });
      expect(await item.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), name).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    // The first row: more than the ID and the actions are in view at once.
    const row = page.locator('.arco-table tbody tr:not(.arco-table-empty-row)').first();
    const inView = await row.evaluate((tr) => {
      const body =
        tr.closest('.arco-table-content-scroll, .arco-table-body, .arco-table-content-inner') ?? tr;
      const { left, right } = body.getBoundingClientRect();
      return [...tr.querySelectorAll('.arco-table-td')].filter((td) => {
        const box = td.getBoundingClientRect();
        return box.width > 0 && box.left >= left - 1 && box.right <= right + 1;
      }).length;
    });
    expect(inView).toBeGreaterThanOrEqual(3);
  });

  // The user list's columns add up to the panel's width at 1280 px (longer values end in an
  // ellipsis), so the fixed Actions column lies over none of them; the platform list's and the
  // role list's too.
  test(`1280 px: the fixed Actions column covers no column's text (${lang})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await loginAsAdmin(page);
    await longRows(page);
    for (const [path, heading] of [
      ['/admin/user', c.modules.users],
      ['/admin/platform', c.modules.platforms],
      ['/admin/role', c.modules.role],
    ] as const) {
      await page.goto(`${path}?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('.arco-table tbody tr:not(.arco-table-empty-row)').first()).toBeVisible();
      expect(await coveredByActions(page), path).toEqual([]);
      // The row's actions are in view without scrolling.
      const actions = page.locator('.arco-table tbody tr').first().locator('.arco-table-col-fixed-right');
      if (path !== '/admin/role')
        await expect(actions.getByRole('button', { name: c.delete })).toBeInViewport({ ratio: 1 });
    }
  });
}
