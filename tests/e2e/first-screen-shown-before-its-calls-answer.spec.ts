/**
 * Issue 17: a signed-in page renders its first screen from the data the BFF inlined into the
 * document, without waiting for its own getUserInfo (or the back office's module list, or the first
 * page of the list it opens on); the later revalidation still sends an ended session to /login.
 */
import { expect, test, type Page } from '../support/e2e-fixtures';
import { ADMIN } from '../support/e2e-admin';
import { api, loginByApi, signInAsNewUser } from '../support/e2e-api';
import { usercenter } from '../support/e2e-texts';

/** Holds every call to `pattern` unanswered until the test ends: only inlined data can show. */
async function holdCalls(page: Page, pattern: string): Promise<() => number> {
  let seen = 0;
  await page.route(pattern, () => {
    seen += 1;
  });
  return () => seen;
}

test('the user centre shows the account before its getUserInfo is answered', async ({
  sharedPage: page,
  baseURL,
}) => {
  const user = await signInAsNewUser(page, baseURL!);
  const userInfoCalls = await holdCalls(page, '**/login/getUserInfo');
  await page.goto('/usercenter?lang=en-US');
  await expect(page.getByRole('heading', { name: usercenter['en-US'].menuAccount })).toBeVisible();
  await expect(page.locator('[data-row="phone"]')).toContainText(user.phone);
  // SWR still revalidates: the call is made after the first render, and nothing waited for it.
  // It leaves the page a moment after the screen shows, so the count is polled, not read once.
  await expect.poll(userInfoCalls).toBeGreaterThan(0);
});

test('the back office shows its menu before the user info and module list are answered', async ({
  sharedPage: page,
}) => {
  await loginByApi(page, ADMIN.account, ADMIN.password);
  await holdCalls(page, '**/login/getUserInfo');
  await holdCalls(page, '**/role/management/user/res/list');
  await page.goto('/admin/user?lang=en-US');
  await expect(page.getByRole('navigation')).toBeVisible();
  await expect(page.locator('.admin-avatar-name')).toHaveText(ADMIN.account);
});

for (const [page, call] of [
  ['/admin/user', '**/user/admin/internal/list'],
  ['/admin/platform', '**/mgmt/platforms/list'],
  ['/admin/role', '**/role/management/role/list'],
] as const) {
  test(`${page} shows its list's first rows before the list call is answered`, async ({
    sharedPage: tab,
  }) => {
    await loginByApi(tab, ADMIN.account, ADMIN.password);
    const listCalls = await holdCalls(tab, call);
    await tab.goto(`${page}?lang=en-US`);
    await expect(tab.locator('.arco-table tbody tr:not(.arco-table-empty-row)').first()).toBeVisible();
    // Shown as loaded: no spinner over the rows while their revalidation is under way.
    await expect(tab.locator('.arco-spin-loading')).toHaveCount(0);
    // SWR still revalidates the inlined page (and that call is never answered here).
    await expect.poll(listCalls).toBeGreaterThan(0);
  });
}

test("the keys tab shows the user's keys before credential/list is answered", async ({
  sharedPage: page,
  baseURL,
}) => {
  await signInAsNewUser(page, baseURL!);
  const created = await api(page.request, '/open/credential/create', { description: 'inlined key' });
  expect(created.msgCode, created.msg).toBe('10000');
  const listCalls = await holdCalls(page, '**/open/credential/list');
  await page.goto('/usercenter?tab=keys&lang=en-US');
  await expect(page.locator('.uc-content .arco-table tbody tr')).toContainText(['inlined key']);
  await expect(page.locator('.uc-content .arco-spin-loading')).toHaveCount(0);
  await expect.poll(listCalls).toBeGreaterThan(0);
});

test('an ended session still goes to /login although the page came with its user', async ({
  sharedPage: page,
  baseURL,
}) => {
  await signInAsNewUser(page, baseURL!);
  // The document is served with the user inlined; the revalidation then meets a 401.
  await page.route('**/login/getUserInfo', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: '{"msgCode":"A0211","msg":"expired"}',
    }),
  );
  await page.goto('/usercenter');
  await expect(page).toHaveURL(/\/login/);
});
