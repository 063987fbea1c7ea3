/**
 * Issue 30, item 6, in the browser: a platform home page the UAA hands back as `javascript:…` is
 * shown on /admin/platform as text, and clicking it runs nothing; an https: one is a link. The
 * list's reply is rewritten on its way to the page: the local UAA, like the form, refuses to save
 * such an address, and a real UAA's data is not ours to trust.
 */
import { expect, test } from '../support/e2e-fixtures';
import { loginAsAdmin } from '../support/e2e-admin';

const HOSTILE = 'javascript:alert(document.domain)';
const SAFE = 'https://platform.example/home';

const platform = (id: string, homePageUrl: string) => ({
  id,
  displayName: `Links ${id}`,
  createTime: '2024-01-01 00:00:00',
  homePageUrl,
  callback: '',
  logoutUrl: 'https://platform.example/logout',
  logo: '',
  description: '',
  clientId: `links-${id}`,
});

test('a javascript: home page is text that runs nothing, an https: one a link', async ({
  sharedPage: page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await loginAsAdmin(page);
  await page.route('**/mgmt/platforms/list', async (route) => {
    const reply = (await (await route.fetch()).json()) as { data: unknown };
    const records = [platform('1', HOSTILE), platform('2', SAFE)];
    await route.fulfill({ json: { ...reply, data: { records, total: records.length } } });
  });
  await page.goto('/admin/platform?lang=en-US');

  const hostile = page.locator('.admin-table').getByText(HOSTILE, { exact: true });
  await expect(hostile).toBeVisible();
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: HOSTILE })).toHaveCount(0);
  await hostile.click();
  await expect(page).toHaveURL(/\/admin\/platform\?lang=en-US$/);
  expect(dialogs).toEqual([]);

  await expect(page.getByRole('link', { name: SAFE })).toHaveAttribute('href', SAFE);
});
