/**
 * Issue 40, item 8: the user list's "Registration source" and "Platforms used" filters were icons
 * in the column headers that neither the keyboard nor a screen reader could reach or name, and
 * "Platforms used" listed every platform (70 and more) in a six-row box with no search. Now both
 * are named fields of the filter form, chosen by keyboard, the platforms found by typing.
 */
import { expect, journeysInTurns, test, type Page } from '../support/e2e-fixtures';
import {
  adminTexts,
  createInternalUser,
  listRows,
  loginAsAdmin,
  loginReply,
  newPhone,
  usePlatform,
  userTexts,
} from '../support/e2e-admin';
import { uniqueSuffix } from '../support/e2e-api';

/**
 * The option Enter chooses, drawn highlighted. Arco moves the highlight to the first match a render
 * after the typed text narrows the list, so Enter pressed sooner chose the option highlighted before.
 */
const highlighted = (page: Page) => page.locator('.arco-select-option-hover');

journeysInTurns((lang, inTurn) => {
  const t = userTexts[lang];
  const c = adminTexts[lang];

  if (inTurn())
    test(`registration source and platforms used are named fields, chosen by keyboard, platforms found by typing (${lang})`, async ({
      page,
      playwright,
      baseURL,
    }) => {
      await loginAsAdmin(page);
      const domain = `kb${uniqueSuffix()}.example.org`;
      const a = await createInternalUser(page.request, {
        email: `a@${domain}`,
        phone: newPhone(),
        source: 'media',
      });
      await createInternalUser(page.request, { email: `b@${domain}`, source: 'media' });
      await createInternalUser(page.request, { email: `c@${domain}` });
      const asA = await playwright.request.newContext({ baseURL });
      await loginReply(asA, a.email!, a.password);
      await usePlatform(asA, 'uaa-cmg');
      await asA.dispose();

      await page.goto(`/admin/user?lang=${lang}`);
      const search = page.getByRole('search');
      const rows = listRows(page);
      await search.getByRole('textbox', { name: t.email, exact: true }).fill(domain);

      // From the e-mail field, by Tab, to the registration source; typed, chosen with Enter.
      const source = search.getByRole('combobox', { name: t.columnSource });
      await search.getByRole('textbox', { name: c.createdTo }).focus();
      await page.keyboard.press('Tab');
      // Named where the focus is (Arco's field inside the combobox), not by its placeholder.
      await expect(page.locator(':focus')).toHaveAccessibleName(t.columnSource);
      expect(await source.evaluate((box) => box.contains(document.activeElement))).toBe(true);
      await page.keyboard.type('Medi');
      await expect(page.getByRole('option', { name: 'Media', exact: true })).toBeVisible();
      await expect(highlighted(page)).toHaveText('Media');
      await page.keyboard.press('Enter');
      await expect(source).toContainText('Media');
      await search.getByRole('button', { name: c.search }).press('Enter');
      await expect(rows).toHaveCount(2);

      // Platforms used: a search among all of them, not a long box to scroll.
      const platforms = search.getByRole('combobox', { name: t.columnPlatforms });
      await platforms.focus();
      await expect(page.locator(':focus')).toHaveAccessibleName(t.columnPlatforms);
      // The whole name, in another case: other tests' platforms, named at random, once held 'cm'.
      await page.keyboard.type('cmg');
      await expect(page.getByRole('option')).toHaveText(['CMG']);
      await expect(highlighted(page)).toHaveText('CMG');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Escape');
      await expect(platforms).toContainText('CMG');
      await search.getByRole('button', { name: c.search }).press('Enter');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(a.email!);
      expect(new URL(page.url()).searchParams.getAll('platform')).toEqual(['cmg']);
    });
});
