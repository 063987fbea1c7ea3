/**
 * Issue 40: a double click on "Save" of a new platform created two platforms. A back-office form's
 * submit, and a confirmation's OK, is taken once however fast the second click comes: here both
 * clicks are dispatched in one task, before the page can draw the button as busy.
 */
import { expect, journeysInTurns, test, type Locator, type Page } from '../support/e2e-fixtures';
import {
  adminTexts,
  createPlatform,
  loginAsAdmin,
  platformTexts,
  toast,
  uniqueName,
  userTexts,
} from '../support/e2e-admin';
import { uniqueSuffix } from '../support/e2e-api';

/** Counts the calls to a UAA path the page makes from now on. */
function countCalls(page: Page, path: string): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith(path)) calls += 1;
  });
  return () => calls;
}

/** Two clicks in the same task: the second comes before any re-render. */
async function doubleClick(button: Locator): Promise<void> {
  await button.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
  });
}

journeysInTurns((lang, inTurn) => {
  const c = adminTexts[lang];

  if (inTurn())
    test(`a new platform's Save, clicked twice at once, creates one platform (${lang})`, async ({ page }) => {
      const t = platformTexts[lang];
      await loginAsAdmin(page);
      await page.goto(`/admin/platform/create?lang=${lang}`);
      const name = uniqueName('Once');
      await page.getByRole('textbox', { name: t.name, exact: true }).fill(name);
      await page
        .getByRole('textbox', { name: t.logoutUrl, exact: true })
        .fill('https://once.example.org/out');
      const adds = countCalls(page, '/mgmt/platforms/add');
      await doubleClick(page.getByRole('button', { name: c.save }));
      await expect(toast(page, t.createdDone)).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/platform(\?[^/]*)?$/);
      expect(adds()).toBe(1);
      const search = page.getByRole('search');
      await search.getByRole('textbox', { name: t.name, exact: true }).fill(name);
      await search.getByRole('button', { name: c.search }).click();
      await expect(page.locator('.admin-table tbody tr.arco-table-tr')).toHaveCount(1);
    });

  if (inTurn())
    test(`a new user's Save and an edit's Save, clicked twice at once, are sent once (${lang})`, async ({
      page,
    }) => {
      const t = userTexts[lang];
      await loginAsAdmin(page);
      await page.goto(`/admin/user/create?lang=${lang}`);
      const email = `once-${uniqueSuffix()}@example.org`;
      await page.getByRole('textbox', { name: t.email, exact: true }).fill(email);
      await page.getByRole('textbox', { name: t.password, exact: true }).fill('Once-only-123');
      await page.getByRole('combobox').filter({ hasText: t.sourcePlaceholder }).click();
      await page.getByRole('option', { name: t.defaultSource, exact: true }).click();
      const creates = countCalls(page, '/user/admin/internal/create');
      await doubleClick(page.getByRole('button', { name: c.save }));
      await expect(toast(page, t.createdDone)).toBeVisible();
      expect(creates()).toBe(1);
    });

  if (inTurn())
    test(`an edit's Save and a delete's OK, clicked twice at once, are sent once (${lang})`, async ({
      page,
    }) => {
      const t = platformTexts[lang];
      await loginAsAdmin(page);
      const platform = await createPlatform(page.request, uniqueName('Twice'));
      await page.goto(`/admin/platform/edit?id=${platform.id}&lang=${lang}`);
      await page.getByRole('textbox', { name: t.description, exact: true }).fill('Saved once');
      const updates = countCalls(page, '/mgmt/platforms/update');
      await doubleClick(page.getByRole('button', { name: c.save }));
      await expect(toast(page, t.updated)).toBeVisible();
      expect(updates()).toBe(1);

      const search = page.getByRole('search');
      await search.getByRole('textbox', { name: t.name, exact: true }).fill(platform.displayName);
      await search.getByRole('button', { name: c.search }).click();
      const row = page.locator('.admin-table tbody tr.arco-table-tr', { hasText: platform.displayName });
      await row.getByRole('button', { name: c.delete }).click();
      const deletes = countCalls(page, '/mgmt/platforms/delete');
      await doubleClick(page.getByRole('dialog').getByRole('button', { name: c.confirm }));
      await expect(toast(page, t.deleted)).toBeVisible();
      await expect(row).toHaveCount(0);
      expect(deletes()).toBe(1);
    });
});
