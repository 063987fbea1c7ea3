/**
 * Issue 40, item 7: editing a platform when the session had expired, Save went to the login page
 * and what had been typed was gone after signing in again. Now a back-office form keeps its draft
 * in this tab (sessionStorage, never the shared localStorage) and gives it back, with a word, when
 * the same account signs in again; another account's login discards it; a password is never kept.
 */
import { expect, journeysInTurns, passwordLogin, test, type Page } from '../support/e2e-fixtures';
import {
  ADMIN,
  adminTexts,
  createInternalUser,
  createPlatform,
  loginAsAdmin,
  platformDetail,
  platformTexts,
  ROLE,
  toast,
  uniqueName,
  userTexts,
} from '../support/e2e-admin';
import { uniqueSuffix } from '../support/e2e-api';
import { product } from '../support/e2e-texts';

/** The session cookie goes (as when it expires): the next call answers 401. */
async function dropSession(page: Page): Promise<void> {
  await page.context().clearCookies({ name: 'uaa-token' });
}

const tabStore = (page: Page) => page.evaluate(() => JSON.stringify(sessionStorage));
const sharedStore = (page: Page) => page.evaluate(() => JSON.stringify(localStorage));

journeysInTurns((lang, inTurn) => {
  const c = adminTexts[lang];
  const t = platformTexts[lang];

  if (inTurn())
    test(`a platform's edit, its Save met by an ended session, is back after the same account's login (${lang})`, async ({
      page,
    }) => {
      await loginAsAdmin(page);
      const platform = await createPlatform(page.request, uniqueName('Draft'));
      await page.goto(`/admin/platform/edit?id=${platform.id}&lang=${lang}`);
      const home = page.getByRole('textbox', { name: t.homePageUrl, exact: true });
      const description = page.getByRole('textbox', { name: t.description, exact: true });
      await home.fill('https://draft.example.org');
      await description.fill('Typed before the session ended');

      await dropSession(page);
      await page.getByRole('button', { name: c.save }).click();
      await expect(page).toHaveURL(/\/login/);
      await expect(page.getByRole('alert').filter({ hasText: product.identityExpired[lang] })).toBeVisible();
      // Kept in this tab alone.
      expect(await tabStore(page)).toContain('Typed before the session ended');
      expect(await sharedStore(page)).not.toContain('Typed before the session ended');

      await passwordLogin(page, lang, ADMIN.account, ADMIN.password);
      await expect(page).toHaveURL(new RegExp(`/admin/platform/edit\\?id=${platform.id}`));
      await expect(description).toHaveValue('Typed before the session ended');
      await expect(home).toHaveValue('https://draft.example.org');
      await expect(page.getByText(c.draftRestored)).toBeVisible();

      await page.getByRole('button', { name: c.save }).click();
      await expect(toast(page, t.updated)).toBeVisible();
      expect((await platformDetail(page.request, platform.id)).homePageUrl).toBe('https://draft.example.org');
      // Saved, the draft is gone: the form opened again shows the stored platform, with no word.
      expect(await tabStore(page)).not.toContain('Typed before the session ended');
      await page.goto(`/admin/platform/edit?id=${platform.id}&lang=${lang}`);
      await expect(home).toHaveValue('https://draft.example.org');
      await expect(page.getByText(c.draftRestored)).toHaveCount(0);
    });

  if (inTurn())
    test(`a new user's form is back after the login, without its password, which is kept nowhere (${lang})`, async ({
      page,
    }) => {
      const u = userTexts[lang];
      await loginAsAdmin(page);
      await page.goto(`/admin/user/create?lang=${lang}`);
      const email = `draft-${uniqueSuffix()}@example.org`;
      const password = 'Never-kept-4821';
      await page.getByRole('textbox', { name: u.email, exact: true }).fill(email);
      await page.getByRole('textbox', { name: u.password, exact: true }).fill(password);
      await page.getByRole('combobox').filter({ hasText: u.sourcePlaceholder }).click();
      await page.getByRole('option', { name: 'Media', exact: true }).click();
      await page.getByRole('textbox', { name: u.description, exact: true }).fill('Typed for a new user');

      await dropSession(page);
      await page.getByRole('button', { name: c.save }).click();
      await expect(page).toHaveURL(/\/login/);
      expect(await tabStore(page)).toContain(email);
      expect(await tabStore(page)).not.toContain(password);
      expect(await sharedStore(page)).not.toContain(password);

      await passwordLogin(page, lang, ADMIN.account, ADMIN.password);
      await expect(page).toHaveURL(/\/admin\/user\/create/);
      await expect(page.getByRole('textbox', { name: u.email, exact: true })).toHaveValue(email);
      await expect(page.getByRole('textbox', { name: u.description, exact: true })).toHaveValue(
        'Typed for a new user',
      );
      await expect(page.getByRole('combobox').filter({ hasText: 'Media' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: u.password, exact: true })).toHaveValue('');
      await expect(page.getByText(c.draftRestored)).toBeVisible();
    });

  if (inTurn())
    test(`another account signing in on the tab discards the draft (${lang})`, async ({ page }) => {
      await loginAsAdmin(page);
      const other = await createInternalUser(page.request, { roleIds: [ROLE.superAdmin] });
      const platform = await createPlatform(page.request, uniqueName('NotYours'));
      await page.goto(`/admin/platform/edit?id=${platform.id}&lang=${lang}`);
      const description = page.getByRole('textbox', { name: t.description, exact: true });
      await description.fill("The first admin's words");

      await dropSession(page);
      await page.getByRole('button', { name: c.save }).click();
      await expect(page).toHaveURL(/\/login/);
      expect(await tabStore(page)).toContain("The first admin's words");

      await passwordLogin(page, lang, other.email!, other.password);
      await expect(page).not.toHaveURL(/\/login/);
      expect(await tabStore(page)).not.toContain("The first admin's words");
      await page.goto(`/admin/platform/edit?id=${platform.id}&lang=${lang}`);
      await expect(page.getByRole('textbox', { name: t.name, exact: true })).toHaveValue(
        platform.displayName,
      );
      await expect(description).toHaveValue('');
      await expect(page.getByText(c.draftRestored)).toHaveCount(0);
    });
});
