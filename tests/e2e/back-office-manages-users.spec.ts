/**
 * /admin/user and /admin/user/{create|edit|view}?id= (spec §2, §4, §5): the list with its filters
 * (fields, registration source with "all", platforms used: the filter form's, issue 40), paging by 12 with no size changer,
 * the status switch that saves at once, create and edit with the form rules, the change-password
 * button, view, delete and bulk delete.
 */
import {
  expect,
  journeysInTurns,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from '../support/e2e-fixtures';
import {
  adminTexts,
  createInternalUser,
  findUser,
  listRows,
  loginAsAdmin,
  loginReply,
  newPhone,
  ROLE,
  SEED_ROLES,
  toast,
  usePlatform,
  userTexts,
} from '../support/e2e-admin';
import { uniqueSuffix } from '../support/e2e-api';
import { product, validation, type Lang } from '../support/e2e-texts';

// In order, in one worker: the filters test's reset expects a full page of 12 users, which the
// earlier tests of this file create on a fresh stack.
test.describe.configure({ mode: 'default' });

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** A domain of its own per test, so an e-mail filter selects exactly the users the test made. */
const domain = () => `t${uniqueSuffix()}.example.org`;

async function searchBy(
  page: Page,
  lang: Lang,
  field: 'ssoUid' | 'phone' | 'email' | 'github',
  value: string,
) {
  const t = userTexts[lang];
  const search = page.getByRole('search');
  await search.getByRole('textbox', { name: t[field], exact: true }).fill(value);
  await search.getByRole('button', { name: adminTexts[lang].search }).click();
}

/**
 * Reset, then the form as the person sees it once the list's address is back to no filter: the
 * field last searched by emptied and the whole first page. The fields follow the address a render
 * after the press, so typing sooner could be emptied by it.
 */
async function resetFilters(page: Page, lang: Lang, field: 'ssoUid' | 'phone' | 'email' | 'github') {
  const search = page.getByRole('search');
  await search.getByRole('button', { name: adminTexts[lang].reset }).click();
  await expect(search.getByRole('textbox', { name: userTexts[lang][field], exact: true })).toHaveValue('');
  await expect(listRows(page)).toHaveCount(12);
}

/** Chooses in one of the filter form's choice fields (registration source, platforms used), then searches. */
async function choiceFilter(page: Page, lang: Lang, field: string, choices: string[]) {
  const search = page.getByRole('search');
  await search.getByRole('combobox', { name: field }).click();
  for (const choice of choices) await page.getByRole('option', { name: choice, exact: true }).click();
  await page.keyboard.press('Escape');
  await search.getByRole('button', { name: adminTexts[lang].search }).click();
}

/** Whether nothing covers the element: the topmost element at its left, middle and right is inside it. */
function uncovered(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const y = r.top + r.height / 2;
    return [r.left + 2, r.left + r.width / 2, r.right - 2].every((x) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && el.contains(hit);
    });
  });
}

/** Scrolls the table sideways until the column's header ends where the fixed Actions column begins. */
async function scrollBesideActions(header: Locator, actions: Locator) {
  const edge = (await actions.boundingBox())!.x;
  const box = (await header.boundingBox())!;
  const shift = Math.ceil(box.x + box.width - edge);
  if (shift > 0) {
    await header.evaluate((th, by) => {
      th.closest('table')!.parentElement!.scrollLeft += by;
    }, shift);
  }
}

async function canLogin(request: APIRequestContext, account: string, password: string) {
  return (await loginReply(request, account, password)) === '10000';
}

journeysInTurns((lang, inTurn) => {
  const t = userTexts[lang];
  const c = adminTexts[lang];

  if (inTurn())
    test(`list: columns, 12 per page with no size changer, paging (${lang})`, async ({ page }) => {
      await loginAsAdmin(page);
      for (let i = 0; i < 13; i++) await createInternalUser(page.request);
      await page.goto(`/admin/user?lang=${lang}`);
      for (const name of [
        t.ssoUid,
        t.email,
        t.phone,
        t.github,
        t.columnSource,
        t.columnPlatforms,
        t.columnRoles,
        t.columnStatus,
        t.columnCreated,
        c.actions,
      ])
        await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
      await expect(listRows(page)).toHaveCount(12);
      await expect(page.locator('.arco-pagination-option')).toHaveCount(0);
      const first = await listRows(page).first().textContent();
      await page.locator('.arco-pagination-item', { hasText: /^2$/ }).click();
      await expect(listRows(page).first()).not.toHaveText(first ?? '');
      await expect(page.locator('.arco-pagination-item-active')).toHaveText('2');
    });

  if (inTurn())
    test(`at 1280x800 every column shows clear of the fixed Actions column; long values end in an ellipsis with a tooltip (${lang})`, async ({
      page,
      playwright,
      baseURL,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await loginAsAdmin(page);
      const d = domain();
      const email = `a-rather-long-mailbox-name@${d}`;
      const user = await createInternalUser(page.request, {
        email,
        phone: newPhone(),
        source: 'science-discovery',
        githubAccount: `gh-with-a-long-name-${uniqueSuffix()}`,
        roleIds: [ROLE.superAdmin],
      });
      const asUser = await playwright.request.newContext({ baseURL });
      await loginReply(asUser, user.phone!, user.password);
      for (const id of ['uaa-media', 'uaa-landmarks', 'uaa-science-discovery', 'uaa-virtualbiolab'])
        await usePlatform(asUser, id);
      await asUser.dispose();

      await page.goto(`/admin/user?lang=${lang}`);
      await searchBy(page, lang, 'email', d);
      await expect(listRows(page)).toHaveCount(1);

      // Every column can be brought beside Actions and read whole, the first ones included.
      const actions = page.getByRole('columnheader', { name: c.actions, exact: true });
      for (const name of [
        t.ssoUid,
        t.email,
        t.phone,
        t.github,
        t.columnSource,
        t.columnPlatforms,
        t.columnRoles,
        t.columnStatus,
        t.columnCreated,
      ]) {
        const header = page.getByRole('columnheader', { name, exact: true });
        await scrollBesideActions(header, actions);
        expect(await uncovered(header), name).toBe(true);
      }
      expect(await uncovered(actions)).toBe(true);

      // A value longer than its column ends in an ellipsis; hovering it shows it whole.
      const cell = listRows(page).first().getByRole('cell').filter({ hasText: email });
      const value = cell.getByText(email, { exact: true }).filter({ visible: true });
      await cell.evaluate((el) => el.scrollIntoView({ inline: 'center' }));
      expect((await value.boundingBox())!.width).toBeGreaterThan((await cell.boundingBox())!.width);
      await value.hover();
      await expect(page.getByRole('tooltip')).toHaveText(email);
    });

  if (inTurn())
    test(`filters: user ID, phone, e-mail, GitHub, creation date, source with "all", platforms used (${lang})`, async ({
      page,
      playwright,
      baseURL,
    }) => {
      await loginAsAdmin(page);
      const d = domain();
      const github = `gh-${uniqueSuffix()}`;
      const a = await createInternalUser(page.request, {
        email: `a@${d}`,
        phone: newPhone(),
        source: 'media',
        githubAccount: github,
      });
      const b = await createInternalUser(page.request, { email: `b@${d}` });
      // A signs in to CMG, which makes CMG one of A's platforms used.
      const asA = await playwright.request.newContext({ baseURL });
      await loginReply(asA, a.email!, a.password);
      await usePlatform(asA, 'uaa-cmg');
      await asA.dispose();

      await page.goto(`/admin/user?lang=${lang}`);
      await searchBy(page, lang, 'email', d);
      await expect(listRows(page)).toHaveCount(2);
      const rowA = listRows(page).filter({ hasText: a.email! });
      await expect(rowA).toContainText('Media');
      await expect(rowA).toContainText('CMG');
      await expect(listRows(page).filter({ hasText: b.email! })).toContainText(t.defaultSource);

      await choiceFilter(page, lang, t.columnSource, ['Media']);
      await expect(listRows(page)).toHaveCount(1);
      await expect(listRows(page).first()).toContainText(a.email!);
      await choiceFilter(page, lang, t.columnSource, [t.defaultSource]);
      await expect(listRows(page)).toHaveCount(1);
      await expect(listRows(page).first()).toContainText(b.email!);
      await choiceFilter(page, lang, t.columnSource, [t.all]);
      await expect(listRows(page)).toHaveCount(2);

      await choiceFilter(page, lang, t.columnPlatforms, ['CMG', 'Media']);
      await expect(listRows(page)).toHaveCount(1);
      await expect(listRows(page).first()).toContainText(a.email!);

      await resetFilters(page, lang, 'email');

      await searchBy(page, lang, 'ssoUid', a.ssoUid);
      await expect(listRows(page)).toHaveCount(1);
      await resetFilters(page, lang, 'ssoUid');
      await searchBy(page, lang, 'phone', a.phone!);
      await expect(listRows(page)).toHaveCount(1);
      await expect(listRows(page).first()).toContainText(a.email!);
      await resetFilters(page, lang, 'phone');
      await searchBy(page, lang, 'github', github);
      await expect(listRows(page)).toHaveCount(1);
      await expect(listRows(page).first()).toContainText(github);

      await resetFilters(page, lang, 'github');
      await page.getByRole('textbox', { name: t.email, exact: true }).fill(d);
      await page.getByRole('textbox', { name: c.createdFrom }).click();
      await page.getByRole('textbox', { name: c.createdFrom }).fill(today());
      await page.getByRole('textbox', { name: c.createdTo }).click();
      await page.getByRole('textbox', { name: c.createdTo }).fill(today());
      await page.keyboard.press('Enter');
      await page.getByRole('search').getByRole('button', { name: c.search }).click();
      await expect(listRows(page)).toHaveCount(2);
      await page.getByRole('textbox', { name: c.createdFrom }).click();
      await page.getByRole('textbox', { name: c.createdFrom }).fill('2001-01-01');
      await page.getByRole('textbox', { name: c.createdTo }).click();
      await page.getByRole('textbox', { name: c.createdTo }).fill('2001-12-31');
      await page.keyboard.press('Enter');
      await page.getByRole('search').getByRole('button', { name: c.search }).click();
      await expect(listRows(page)).toHaveCount(0);
    });

  if (inTurn())
    test(`create: e-mail and phone rules, password and source required, a role; then it can log in (${lang})`, async ({
      page,
      playwright,
      baseURL,
    }) => {
      await loginAsAdmin(page);
      const taken = await createInternalUser(page.request, { phone: newPhone(), email: `taken@${domain()}` });
      await page.goto(`/admin/user?lang=${lang}`);
      await page.getByRole('link', { name: t.add }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.createTitle })).toBeVisible();
      const email = page.getByRole('textbox', { name: t.email, exact: true });
      const phone = page.getByRole('textbox', { name: t.phone, exact: true });
      const password = page.getByRole('textbox', { name: t.password, exact: true });

      await expect(page.getByRole('button', { name: t.changePassword })).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: t.github, exact: true })).toBeDisabled();
      await page.getByRole('button', { name: c.save }).click();
      await expect(page.getByText(product.emailOrPhoneRequired[lang])).toHaveCount(2);
      await expect(page.getByText(validation.passwordRequired[lang])).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: t.sourceRequired })).toBeVisible();

      await email.fill('not-an-email');
      await email.blur();
      await expect(page.getByText(t.emailFormat)).toBeVisible();
      await email.fill(taken.email!);
      await email.blur();
      await expect(page.getByText(t.emailTaken)).toBeVisible();
      await phone.fill('12345678901');
      await phone.blur();
      await expect(page.getByText(t.phoneFormat)).toBeVisible();
      await phone.fill(taken.phone!);
      await phone.blur();
      await expect(page.getByText(t.phoneTaken)).toBeVisible();
      await phone.fill('');
      await phone.blur();

      const newEmail = `new@${domain()}`;
      await email.fill(newEmail);
      await email.blur();
      await expect(page.getByText(t.emailTaken)).toHaveCount(0);
      await expect(page.getByText(product.emailOrPhoneRequired[lang])).toHaveCount(0);
      await password.fill('short');
      await expect(page.getByText(validation.passwordRule[lang])).toBeVisible();
      await password.fill('Brand-new-123');
      await page.getByRole('combobox').filter({ hasText: t.sourcePlaceholder }).click();
      await page.getByRole('option', { name: 'Media', exact: true }).click();
      await page.locator('label.arco-radio', { hasText: SEED_ROLES.platformAdmin.roleName }).click();
      await page.getByRole('textbox', { name: t.description, exact: true }).fill('Made in the back office');
      await page.getByRole('button', { name: c.save }).click();

      await expect(toast(page, t.createdDone)).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/user(\?[^/]*)?$/);
      await searchBy(page, lang, 'email', newEmail);
      await expect(listRows(page)).toHaveCount(1);
      await expect(listRows(page).first()).toContainText(SEED_ROLES.platformAdmin.roleName);
      await expect(listRows(page).first()).toContainText('Media');
      const fresh = await playwright.request.newContext({ baseURL });
      expect(await canLogin(fresh, newEmail, 'Brand-new-123')).toBe(true);
      await fresh.dispose();
    });

  if (inTurn())
    test(`view, then edit: unchanged contacts pass, change password unlocks the field, role and status (${lang})`, async ({
      page,
      playwright,
      baseURL,
    }) => {
      await loginAsAdmin(page);
      const user = await createInternalUser(page.request, {
        email: `edit@${domain()}`,
        phone: newPhone(),
        roleIds: [ROLE.platformAdmin],
      });
      await page.goto(`/admin/user?lang=${lang}`);
      await searchBy(page, lang, 'email', user.email!);
      await listRows(page).first().getByRole('link', { name: c.view }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/user/view\\?id=${user.ssoUid}&lang=${lang}$`));
      await expect(page.getByRole('heading', { level: 1, name: t.viewTitle })).toBeVisible();
      await expect(page.getByRole('textbox', { name: t.email, exact: true })).toHaveValue(user.email!);
      await expect(page.getByRole('textbox', { name: t.email, exact: true })).toBeDisabled();
      await expect(page.getByRole('radio', { name: SEED_ROLES.platformAdmin.roleName })).toBeChecked();
      await expect(page.getByRole('button', { name: c.save })).toHaveCount(0);
      await expect(page.getByRole('button', { name: t.changePassword })).toHaveCount(0);

      await page.getByRole('link', { name: c.edit }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/user/edit\\?id=${user.ssoUid}&lang=${lang}$`));
      const email = page.getByRole('textbox', { name: t.email, exact: true });
      const phone = page.getByRole('textbox', { name: t.phone, exact: true });
      const password = page.getByRole('textbox', { name: t.password, exact: true });
      // The user's own e-mail is registered, to the user: no existence error when unchanged.
      await email.focus();
      await email.blur();
      await expect(page.getByText(t.emailTaken)).toHaveCount(0);

      await email.fill('');
      await phone.fill('');
      await phone.blur();
      await expect(page.getByText(product.emailOrPhoneRequired[lang]).first()).toBeVisible();
      await email.fill(user.email!);
      await phone.fill(user.phone!);
      await phone.blur();
      await expect(page.getByText(product.emailOrPhoneRequired[lang])).toHaveCount(0);

      await expect(password).toBeDisabled();
      await page.getByRole('button', { name: t.changePassword }).click();
      await expect(password).toBeEnabled();
      await password.fill('Changed-456');
      await page.locator('label.arco-radio', { hasText: t.noRole }).click();
      await page.getByRole('switch', { name: t.status }).click();
      await page.getByRole('button', { name: c.save }).click();
      await expect(toast(page, t.updated)).toBeVisible();
      await expect(page).toHaveURL(/\/admin\/user(\?[^/]*)?$/);

      const [stored] = await findUser(page.request, { ssoUid: user.ssoUid });
      expect(stored!.roles).toEqual([]);
      expect(stored!.status).toBe('DISABLED');
      await page.goto(`/admin/user/edit?id=${user.ssoUid}`);
      await page.getByRole('switch', { name: t.status }).click();
      await page.getByRole('button', { name: c.save }).click();
      await expect(toast(page, t.updated)).toBeVisible();
      const fresh = await playwright.request.newContext({ baseURL });
      expect(await canLogin(fresh, user.email!, user.password)).toBe(false);
      expect(await canLogin(fresh, user.email!, 'Changed-456')).toBe(true);
      await fresh.dispose();
    });

  if (inTurn())
    test(`the list's status switch saves at once (${lang})`, async ({ page, playwright, baseURL }) => {
      await loginAsAdmin(page);
      const user = await createInternalUser(page.request, { email: `switch@${domain()}` });
      await page.goto(`/admin/user?lang=${lang}`);
      await searchBy(page, lang, 'email', user.email!);
      const toggle = page.getByRole('switch', { name: t.statusOf.replace('{user}', user.email!) });
      await expect(toggle).toBeChecked();
      await toggle.click();
      await expect(toast(page, c.operationSuccess)).toBeVisible();
      await expect(toggle).not.toBeChecked();
      expect((await findUser(page.request, { ssoUid: user.ssoUid }))[0]!.status).toBe('DISABLED');
      const fresh = await playwright.request.newContext({ baseURL });
      expect(await canLogin(fresh, user.email!, user.password)).toBe(false);

      await toggle.click();
      await expect(toggle).toBeChecked();
      expect((await findUser(page.request, { ssoUid: user.ssoUid }))[0]!.status).toBe('ACTIVE');
      expect(await canLogin(fresh, user.email!, user.password)).toBe(true);
      await fresh.dispose();
    });

  if (inTurn())
    test(`delete asks first; bulk delete needs a selection (${lang})`, async ({ page }) => {
      await loginAsAdmin(page);
      const d = domain();
      for (const name of ['x', 'y', 'z']) await createInternalUser(page.request, { email: `${name}@${d}` });
      await page.goto(`/admin/user?lang=${lang}`);
      await searchBy(page, lang, 'email', d);
      await expect(listRows(page)).toHaveCount(3);

      await page.getByRole('button', { name: c.bulkDelete }).click();
      await expect(toast(page, product.selectToDelete[lang])).toBeVisible();
      await listRows(page).first().getByRole('button', { name: c.delete }).click();
      await page.getByRole('dialog').getByRole('button', { name: c.cancel }).click();
      await expect(listRows(page)).toHaveCount(3);
      await listRows(page).first().getByRole('button', { name: c.delete }).click();
      await page.getByRole('dialog').getByRole('button', { name: c.confirm }).click();
      await expect(toast(page, t.deleted)).toBeVisible();
      await expect(listRows(page)).toHaveCount(2);

      await page.getByRole('row').first().locator('.arco-checkbox').click(); // select all on the page
      await page.getByRole('button', { name: c.bulkDelete }).click();
      await expect(page.getByRole('dialog')).toContainText(c.deleteSelected.replace('{count}', '2'));
      await page.getByRole('dialog').getByRole('button', { name: c.confirm }).click();
      await expect(listRows(page)).toHaveCount(0);
      expect(await findUser(page.request, { email: d })).toEqual([]);
    });
}, 'zh-CN');

test('an unknown operate, a missing or unknown id go back to the user list', async ({ page }) => {
  await loginAsAdmin(page);
  // In the language the address named (issue 39).
  await page.goto('/admin/user/promote?id=x&lang=en-US');
  await expect(page).toHaveURL(/\/admin\/user\?lang=en-US$/);
  await page.goto('/admin/user/view');
  await expect(page).toHaveURL(/\/admin\/user$/);
  await page.goto('/admin/user/edit?id=no-such-user');
  await expect(page).toHaveURL(/\/admin\/user$/);
});
