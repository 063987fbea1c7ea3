/**
 * Issue 40, item 9: a back-office list whose page failed to load said "No data", lost its
 * pagination, and every failed call of the page stacked its own "Network error" toast. Now the
 * table says the page could not be loaded with "Try again", the paging stays, and the failures of
 * one moment say "Network error" once.
 */
import { expect, test, type Page } from '../support/e2e-fixtures';
import { adminTexts, createInternalUser, loginAsAdmin, userTexts } from '../support/e2e-admin';
import { uniqueSuffix } from '../support/e2e-api';
import { LANGS, product, type Lang } from '../support/e2e-texts';
import { loadErrorTexts } from '../../client/components/load-error.locale';

/** Arco's own text of an empty table, in the page's language. */
const NO_DATA: Record<Lang, string> = { 'en-US': 'No data', 'zh-CN': '暂无数据' };

const GATEWAY = '**/gw/uaa-be/**';

/** Counts the gateway calls the page makes while the network to the gateway is gone. */
async function gatewayGone(page: Page): Promise<{ failed: () => number }> {
  let failed = 0;
  await page.route(GATEWAY, async (route) => {
    failed += 1;
    await route.abort('failed');
  });
  return { failed: () => failed };
}

for (const lang of LANGS) {
  test(`a user list page that failed says so with "Try again", keeps its paging and toasts once (${lang})`, async ({
    sharedPage: page,
  }) => {
    const t = userTexts[lang];
    await loginAsAdmin(page);
    const email = `list-${uniqueSuffix()}@example.org`;
    await createInternalUser(page.request, { email });
    await page.goto(`/admin/platform?lang=${lang}`);
    await expect(
      page.getByRole('heading', { level: 1, name: adminTexts[lang].modules.platforms }),
    ).toBeVisible();

    const calls = await gatewayGone(page);
    // The user list mounts in the app: its page, its sources and its platform names all fail.
    await page.getByRole('navigation').getByText(adminTexts[lang].modules.users).click();
    const table = page.locator('.admin-table');
    const failed = table.getByRole('alert').filter({ hasText: loadErrorTexts[lang].dataTitle });
    await expect(failed).toBeVisible();
    await expect(table.getByText(NO_DATA[lang])).toHaveCount(0);
    await expect(page.locator('.admin-panel .arco-pagination')).toBeVisible();

    // A filtered search that fails too: the same one toast, not one more on top.
    await page.getByRole('textbox', { name: t.email, exact: true }).fill(email);
    await page.getByRole('button', { name: adminTexts[lang].search }).click();
    await expect.poll(calls.failed).toBeGreaterThanOrEqual(4);
    await expect(failed).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: product.networkError[lang] })).toHaveCount(1);

    await page.unroute(GATEWAY);
    await failed.getByRole('button', { name: loadErrorTexts[lang].retry }).click();
    await expect(table.locator('tbody tr', { hasText: email })).toHaveCount(1);
    await expect(failed).toHaveCount(0);
  });
}
