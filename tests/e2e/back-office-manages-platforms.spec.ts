/**
 * /admin/platform and /admin/platform/{create|edit|view} (spec §2, §5, §8): the list with its
 * filters and paging, create with the logo upload, view, edit, the authentication tab (copy and
 * reset secret), delete and bulk delete; as the super admin and as a platform-only admin.
 */
import { expect, journeysInTurns, test, type Page } from '../support/e2e-fixtures';
import {
  adminTexts,
  createPlatform,
  listRows,
  loginAsAdmin,
  loginAsNewAdmin,
  platformDetail,
  platformTexts,
  PNG_1X1,
  ROLE,
  toast,
  uniqueName,
} from '../support/e2e-admin';
import { copyTexts } from '../../client/lib/hooks/use-copy.locale';
import { product, serverErrors, validation, type Lang } from '../support/e2e-texts';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

// The search form's own field: right after a save, the form page (with a field of the same name)
// may still be on screen, and a filter typed there would leave the list unfiltered.
async function filterByName(page: Page, lang: Lang, name: string) {
  const search = page.getByRole('search');
  await search.getByRole('textbox', { name: platformTexts[lang].name, exact: true }).fill(name);
  await search.getByRole('button', { name: adminTexts[lang].search }).click();
  await expect(listRows(page).first()).toContainText(name);
}

async function pickCreated(page: Page, lang: Lang, from: string, to: string) {
  const c = adminTexts[lang];
  await page.getByRole('textbox', { name: c.createdFrom }).click();
  await page.getByRole('textbox', { name: c.createdFrom }).fill(from);
  await page.getByRole('textbox', { name: c.createdTo }).click();
  await page.getByRole('textbox', { name: c.createdTo }).fill(to);
  await page.keyboard.press('Enter');
}

async function uploadLogo(page: Page) {
  await page.locator('.platform-logo input[type="file"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: PNG_1X1,
  });
}

journeysInTurns((lang, inTurn) => {
  const t = platformTexts[lang];
  const c = adminTexts[lang];

  if (inTurn())
    test(`list: columns, filters by ID, name and creation date, reset, paging (${lang})`, async ({
      page,
    }) => {
      await loginAsAdmin(page);
      const mine = uniqueName('List');
      // Enough platforms for a second page of 12.
      for (let i = 0; i < 3; i++) await createPlatform(page.request, `${mine}${i}`);
      await page.goto(`/admin/platform?lang=${lang}`);
      for (const name of [t.columnId, t.columnName, t.columnCreated, t.columnHome, c.actions])
        await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
      await expect(listRows(page)).toHaveCount(12);

      const firstOnPageOne = await listRows(page).first().textContent();
      await page.locator('.arco-pagination-item', { hasText: /^2$/ }).click();
      await expect(listRows(page).first()).not.toHaveText(firstOnPageOne ?? '');
      expect(await listRows(page).count()).toBeGreaterThan(0);

      await page.getByRole('textbox', { name: t.id, exact: true }).fill('media');
      await page.getByRole('search').getByRole('button', { name: c.search }).click();
      await expect(listRows(page)).toHaveCount(1);
      await expect(listRows(page).first()).toContainText('Media');
      await expect(listRows(page).first()).toContainText('https://media.example.org');

      await page.getByRole('search').getByRole('button', { name: c.reset }).click();
      await expect(page.getByRole('textbox', { name: t.id, exact: true })).toHaveValue('');
      await expect(listRows(page)).toHaveCount(12);

      await filterByName(page, lang, mine);
      await expect(listRows(page)).toHaveCount(3);
      await pickCreated(page, lang, today(), today());
      await page.getByRole('search').getByRole('button', { name: c.search }).click();
      await expect(listRows(page)).toHaveCount(3);
      await pickCreated(page, lang, '2001-01-01', '2001-01-31');
      await page.getByRole('search').getByRole('button', { name: c.search }).click();
      await expect(listRows(page)).toHaveCount(0);
    });

  if (inTurn())
    test(`create with the form rules and a logo, then view and edit (${lang})`, async ({ page }) => {
      await loginAsAdmin(page);
      await page.goto(`/admin/platform?lang=${lang}`);
      await page.getByRole('link', { name: t.add }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/platform/create\\?lang=${lang}$`));
      await expect(page.getByRole('heading', { level: 1, name: t.createTitle })).toBeVisible();
      // Create has no authentication tab.
      await expect(page.getByRole('tab')).toHaveCount(0);

      await page.getByRole('button', { name: c.save }).click();
      await expect(page.getByText(validation.platformNameRule[lang])).toBeVisible();
      await expect(page.getByText(validation.required[lang])).toBeVisible();

      const name = uniqueName('New');
      await page.getByRole('textbox', { name: t.name, exact: true }).fill('bad name!');
      await expect(page.getByText(validation.platformNameRule[lang])).toBeVisible();
      await page.getByRole('textbox', { name: t.name, exact: true }).fill(name);
      await page.getByRole('textbox', { name: t.homePageUrl, exact: true }).fill('not a url');
      await expect(page.getByText(validation.urlRule[lang])).toBeVisible();
      await page.getByRole('textbox', { name: t.homePageUrl, exact: true }).fill('https://new.example.org');
      await page.getByRole('textbox', { name: t.callback, exact: true }).fill('https://new.example.org/cb');
      await page.getByRole('textbox', { name: t.logoutUrl, exact: true }).fill('https://new.example.org/out');
      await page.getByRole('textbox', { name: t.description, exact: true }).fill('<script>');
      await expect(page.getByText(validation.descriptionRule[lang])).toBeVisible();
      await page
        .getByRole('textbox', { name: t.description, exact: true })
        .fill('A new platform, for tests.');

      // The picker opens from the keyboard too.
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: `+ ${t.upload}` }).focus();
      await page.keyboard.press('Enter');
      await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
      const preview = page.locator('.arco-upload-list-item-picture img');
      await expect(preview).toBeVisible();
      // One picture only: the picker is gone once a logo is there.
      await expect(page.getByText(`+ ${t.upload}`)).toBeHidden();
      await page.locator('.arco-upload-list-item-picture').hover();
      await page.locator('.arco-upload-list-item-picture .arco-upload-list-preview-icon').click();
      await expect(page.locator('.arco-image-preview img')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.locator('.arco-image-preview')).toBeHidden();

      await page.getByRole('button', { name: c.save }).click();
      await expect(toast(page, t.createdDone)).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/platform(\?[^/]*)?$/);
      await filterByName(page, lang, name);
      await expect(listRows(page)).toHaveCount(1);
      const id = (await listRows(page).first().locator('td').nth(1).textContent())!.trim();
      const stored = await platformDetail(page.request, id);
      expect(stored.logo).toMatch(/\/__dev\/files\/[\w-]+$/);
      const logo = await page.request.get(new URL(stored.logo).pathname);
      expect(logo.headers()['content-type']).toContain('image/png');

      await listRows(page).first().getByRole('link', { name: c.view }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/platform/view\\?id=${id}&lang=${lang}$`));
      await expect(page.getByRole('heading', { level: 1, name: t.viewTitle })).toBeVisible();
      await expect(page.getByRole('textbox', { name: t.name, exact: true })).toHaveValue(name);
      await expect(page.getByRole('textbox', { name: t.name, exact: true })).toBeDisabled();
      await expect(page.locator('.arco-upload-list-item-picture img')).toBeVisible();
      await expect(page.getByRole('button', { name: c.save })).toHaveCount(0);
      await expect(page.getByRole('tab')).toHaveCount(0);

      await page.getByRole('link', { name: c.edit }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/platform/edit\\?id=${id}&lang=${lang}$`));
      await expect(page.getByRole('tab', { name: t.basicTab, selected: true })).toBeVisible();
      await expect(page.getByRole('tab', { name: t.authTab })).toBeVisible();
      await page
        .getByRole('textbox', { name: t.homePageUrl, exact: true })
        .fill('https://changed.example.org');
      await page.getByRole('button', { name: c.save }).click();
      await expect(toast(page, t.updated)).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/platform(\?[^/]*)?$/);
      await filterByName(page, lang, name);
      await expect(listRows(page).first()).toContainText('https://changed.example.org');
    });

  if (inTurn())
    test(`authentication tab: copy the client ID and secret, reset the secret (${lang})`, async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await loginAsAdmin(page);
      const platform = await createPlatform(page.request);
      const before = await platformDetail(page.request, platform.id);
      await page.goto(`/admin/platform/edit?id=${platform.id}&lang=${lang}`);
      await page.getByRole('tab', { name: t.authTab }).click();
      await expect(page.getByTestId('client-id')).toHaveText(before.clientId);
      await expect(page.getByTestId('client-secret')).toHaveText(before.clientSecret);

      await page.getByRole('button', { name: t.copyClientId }).click();
      await expect(toast(page, copyTexts[lang].copied)).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(before.clientId);
      await page.getByRole('button', { name: t.copyClientSecret }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(before.clientSecret);

      await page.getByRole('button', { name: t.resetSecret }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(t.resetTitle);
      await dialog.getByRole('button', { name: c.cancel }).click();
      await expect(dialog).toBeHidden();
      expect((await platformDetail(page.request, platform.id)).clientSecret).toBe(before.clientSecret);

      await page.getByRole('button', { name: t.resetSecret }).click();
      await page.getByRole('dialog').getByRole('button', { name: c.confirm }).click();
      await expect(toast(page, t.resetDone)).toBeVisible();
      const after = await platformDetail(page.request, platform.id);
      expect(after.clientSecret).not.toBe(before.clientSecret);
      expect(after.clientId).toBe(before.clientId);
      await expect(page.getByTestId('client-secret')).toHaveText(after.clientSecret);
    });

  if (inTurn())
    test(`delete asks first; bulk delete needs a selection (${lang})`, async ({ page }) => {
      await loginAsAdmin(page);
      const prefix = uniqueName('Del');
      for (let i = 0; i < 3; i++) await createPlatform(page.request, `${prefix}${i}`);
      await page.goto(`/admin/platform?lang=${lang}`);
      await filterByName(page, lang, prefix);
      await expect(listRows(page)).toHaveCount(3);

      await page.getByRole('button', { name: c.bulkDelete }).click();
      await expect(toast(page, product.selectToDelete[lang])).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await listRows(page).first().getByRole('button', { name: c.delete }).click();
      await expect(page.getByRole('dialog')).toContainText(c.deleteTitle);
      await page.getByRole('dialog').getByRole('button', { name: c.cancel }).click();
      await expect(listRows(page)).toHaveCount(3);
      await listRows(page).first().getByRole('button', { name: c.delete }).click();
      await page.getByRole('dialog').getByRole('button', { name: c.confirm }).click();
      await expect(toast(page, t.deleted)).toBeVisible();
      await expect(listRows(page)).toHaveCount(2);

      await listRows(page).nth(0).locator('.arco-checkbox').click();
      await listRows(page).nth(1).locator('.arco-checkbox').click();
      await page.getByRole('button', { name: c.bulkDelete }).click();
      await expect(page.getByRole('dialog')).toContainText(c.deleteSelected.replace('{count}', '2'));
      await page.getByRole('dialog').getByRole('button', { name: c.confirm }).click();
      await expect(toast(page, t.deleted)).toBeVisible();
      await expect(listRows(page)).toHaveCount(0);
    });
});

journeysInTurns((lang, inTurn) => {
  const t = platformTexts[lang];
  const uploadButton = (page: Page) => page.getByRole('button', { name: `+ ${t.upload}` });

  if (inTurn())
    test(`logo: anything but a PNG, JPEG, GIF or WebP of at most 5 MB is refused in the browser, and the slot stays free (${lang})`, async ({
      page,
    }) => {
      await loginAsAdmin(page);
      await page.goto(`/admin/platform/create?lang=${lang}`);
      const sent: string[] = [];
      page.on('request', (req) => {
        if (req.url().includes('/gw/upload/')) sent.push(req.url());
      });
      const picker = page.locator('.platform-logo input[type="file"]');

      for (const file of [
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') },
        {
          name: 'logo.svg',
          mimeType: 'image/svg+xml',
          buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'),
        },
      ]) {
        await picker.setInputFiles(file);
        await expect(toast(page, validation.logoType[lang])).toBeVisible();
        await expect(page.locator('.arco-upload-list-item')).toHaveCount(0);
        await expect(uploadButton(page)).toBeVisible();
      }

      // 10 MB, the hint says at most 5: refused before a byte is sent.
      const big = Buffer.alloc(10 * 1024 * 1024);
      PNG_1X1.copy(big);
      await picker.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
      await expect(toast(page, validation.logoSize[lang])).toBeVisible();
      await expect(page.locator('.arco-upload-list-item')).toHaveCount(0);
      await expect(uploadButton(page)).toBeVisible();
      expect(sent).toEqual([]);

      // The free slot takes a good picture.
      await picker.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
      await expect(page.locator('.arco-upload-list-item-picture img')).toBeVisible();
      await expect(uploadButton(page)).toBeHidden();
      expect(sent).toHaveLength(1);
    });

  if (inTurn())
    test(`logo: a picture the upload service refuses leaves the slot free, and nothing is saved with it (${lang})`, async ({
      page,
    }) => {
      await loginAsAdmin(page);
      await page.goto(`/admin/platform/create?lang=${lang}`);
      await page.locator('.platform-logo input[type="file"]').setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('not a picture at all'),
      });
      await expect(toast(page, serverErrors.A0105[lang])).toBeVisible();
      await expect(page.locator('.arco-upload-list-item')).toHaveCount(0);
      await expect(uploadButton(page)).toBeVisible();

      const name = uniqueName('NoLogo');
      await page.getByRole('textbox', { name: t.name, exact: true }).fill(name);
      await page.getByRole('textbox', { name: t.logoutUrl, exact: true }).fill('https://x.example.org');
      await page.getByRole('button', { name: adminTexts[lang].save }).click();
      await expect(page).toHaveURL(/\/admin\/platform(\?[^/]*)?$/);
      await filterByName(page, lang, name);
      const id = (await listRows(page).first().locator('td').nth(1).textContent())!.trim();
      expect((await platformDetail(page.request, id)).logo).toBe('');
    });
}, 'zh-CN');

test('an unknown operate, or edit without an id, goes back to the list', async ({ page }) => {
  await loginAsAdmin(page);
  // In the language the address named (issue 39).
  await page.goto('/admin/platform/destroy?id=media&lang=en-US');
  await expect(page).toHaveURL(/\/admin\/platform\?lang=en-US$/);
  await page.goto('/admin/platform/edit');
  await expect(page).toHaveURL(/\/admin\/platform$/);
  await page.goto('/admin/platform/view?id=no-such-platform');
  await expect(page).toHaveURL(/\/admin\/platform$/);
});

journeysInTurns((lang, inTurn) => {
  const t = platformTexts[lang];
  const c = adminTexts[lang];

  if (inTurn())
    test(`a platform-only admin creates, edits, resets and deletes a platform (${lang})`, async ({
      page,
      browser,
    }) => {
      await loginAsAdmin(page);
      const { page: pa, context } = await loginAsNewAdmin(browser, page, [ROLE.platformAdmin]);
      await pa.goto(`/admin/platform?lang=${lang}`);
      await pa.getByRole('link', { name: t.add }).click();
      await expect(pa.getByRole('heading', { level: 1, name: t.createTitle })).toBeVisible();
      const name = uniqueName('Pa');
      await pa.getByRole('textbox', { name: t.name, exact: true }).fill(name);
      await pa.getByRole('textbox', { name: t.logoutUrl, exact: true }).fill('https://pa.example.org/out');
      await uploadLogo(pa);
      await expect(pa.locator('.arco-upload-list-item-picture img')).toBeVisible();
      await pa.getByRole('button', { name: c.save }).click();
      await expect(toast(pa, t.createdDone)).toBeVisible();

      await filterByName(pa, lang, name);
      await listRows(pa).first().getByRole('link', { name: c.edit }).click();
      await expect(pa.getByRole('heading', { level: 1, name: t.editTitle })).toBeVisible();
      await pa.getByRole('tab', { name: t.authTab }).click();
      const secret = await pa.getByTestId('client-secret').textContent();
      await pa.getByRole('button', { name: t.resetSecret }).click();
      await pa.getByRole('dialog').getByRole('button', { name: c.confirm }).click();
      await expect(toast(pa, t.resetDone)).toBeVisible();
      await expect(pa.getByTestId('client-secret')).not.toHaveText(secret ?? '');

      await pa.getByRole('tab', { name: t.basicTab }).click();
      await pa.getByRole('textbox', { name: t.description, exact: true }).fill('Edited by a platform admin');
      await pa.getByRole('button', { name: c.save }).click();
      await expect(toast(pa, t.updated)).toBeVisible();

      await filterByName(pa, lang, name);
      await expect(listRows(pa)).toHaveCount(1);
      await listRows(pa).first().locator('.arco-checkbox').click();
      await pa.getByRole('button', { name: c.bulkDelete }).click();
      await pa.getByRole('dialog').getByRole('button', { name: c.confirm }).click();
      await expect(toast(pa, t.deleted)).toBeVisible();
      await expect(listRows(pa)).toHaveCount(0);
      await context.close();
    });
});
