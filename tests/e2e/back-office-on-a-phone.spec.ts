/**
 * Issue 40 (its phone findings): on a phone the back office's Actions column was the far end of a
 * table scrolled sideways, and the filter form filled the first screen, the rows below it. Now the
 * row's actions are in view at the right edge, and the filters are folded behind a button that
 * says how many are set. 390 x 844, both languages.
 */
import { expect, PHONE as PHONE_PROFILE, test, type Page } from '../support/e2e-fixtures';
import { TAKEN_OVER_ATTRIBUTE } from '../../shared/documents';
import {
  adminTexts,
  createPlatform,
  createInternalUser,
  listRows,
  loginAsAdmin,
  platformTexts,
  uniqueName,
  userTexts,
} from '../support/e2e-admin';
import { LANGS } from '../support/e2e-texts';

const PHONE = { width: 390, height: 844 };

/** Holds the users' filter fields' code back: what asked for it, and the hand that lets it go. */
async function holdUserFiltersCode(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(/\/static\/js\/async\/admin-users-filters\.[\w]+\.js$/, async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  return { asked, release };
}

for (const lang of LANGS) {
  const c = adminTexts[lang];
  const t = platformTexts[lang];

  test(`390 px: a row's actions and the rows are on the first screen, the filters behind their button (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await loginAsAdmin(page);
    const name = uniqueName('Phone');
    await createPlatform(page.request, name);

    for (const path of ['/admin/user', '/admin/platform']) {
      await page.goto(`${path}?lang=${lang}`);
      const first = listRows(page).first();
      await expect(first).toBeVisible();
      // Without scrolling, sideways or down.
      // View and Edit are links to the row's form (issue 39), Delete a button.
      for (const [role, action] of [
        ['link', c.view],
        ['link', c.edit],
        ['button', c.delete],
      ] as const)
        await expect(first.getByRole(role, { name: action }), `${path} ${action}`).toBeInViewport({
          ratio: 1,
        });
      await expect(page.getByRole('search')).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    }

    // The platform list's filters, opened, searched, folded again: the button counts them.
    const toggle = page.getByRole('button', { name: c.filters, exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const search = page.getByRole('search');
    await search.getByRole('textbox', { name: t.name, exact: true }).fill(name);
    await search.getByRole('button', { name: c.search }).click();
    await expect(listRows(page)).toHaveCount(1);
    const counted = page.getByRole('button', { name: c.filtersSet.replace('{count}', '1') });
    await counted.click();
    await expect(page.getByRole('search')).toBeHidden();
    await expect(listRows(page).first().getByRole('button', { name: c.delete })).toBeInViewport({ ratio: 1 });
  });
}

test('1280 px: the filters are open, with no button of their own', async ({ sharedPage: page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin/user?lang=en-US');
  await expect(page.getByRole('search')).toBeVisible();
  await expect(page.getByRole('button', { name: adminTexts['en-US'].filters })).toHaveCount(0);
});

// The menu's move to a list (not a document): the page waited for its own code only, then showed
// a spinner where the fields would be, and they pushed the rows down when their code came. Now
// the fields' code comes first, as before a document is taken over, and the page shows whole.
test('1280 px: a list the menu moves to shows with its filters, no spinner in their place', async ({
  page,
}) => {
  const c = adminTexts['en-US'];
  await page.clock.install();
  await loginAsAdmin(page);
  await page.goto('/admin/role?lang=en-US');
  // Marks the page, should the spinner show at any moment: it may be gone by the next look.
  await page.evaluate(() => {
    new MutationObserver(() => {
      if (document.querySelector('.admin-filters-loading')) document.documentElement.dataset.spinnerSeen = '';
    }).observe(document.body, { childList: true, subtree: true });
  });
  const { asked, release } = await holdUserFiltersCode(page);
  await page
    .getByRole('navigation', { name: c.navigation })
    .getByRole('menuitem', { name: c.modules.users })
    .click();
  await expect.poll(() => asked.length).toBe(1);
  // A second on the page's clock while the code is held: React shows a waiting part's fallback
  // within half a second of rendering it (its throttle), and the spinner would be up by then.
  await page.clock.runFor(1000);
  await expect(page.getByRole('search')).toHaveCount(0);
  release();
  await expect(page.getByRole('search')).toBeVisible();
  await expect(listRows(page).first()).toBeVisible();
  await expect(page.locator('html[data-spinner-seen]')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use(PHONE_PROFILE);

  // Issue 39: the fields' code (Arco's Form, DatePicker, Select) is not in the way of the app's
  // taking the page over; it is asked for once the page is the app's, and shows when opened.
  test("a list is taken over without its filter fields' code, which comes for the opened filters", async ({
    page,
  }) => {
    const c = adminTexts['en-US'];
    const t = userTexts['en-US'];
    await loginAsAdmin(page);
    const user = await createInternalUser(page.request, { email: `${uniqueName('fields')}@example.org` });
    const { asked, release } = await holdUserFiltersCode(page);
    const reply = await page.goto('/admin/user?lang=en-US', { waitUntil: 'commit' });
    expect(await reply!.text()).not.toContain('admin-users-filters');
    await page.locator(`#root[${TAKEN_OVER_ATTRIBUTE}]`).waitFor({ state: 'attached' });
    await expect(listRows(page).first()).toBeVisible();
    // Taken over while the fields' code is held back, and asked for by then.
    await expect.poll(() => asked.length).toBe(1);
    const toggle = page.getByRole('button', { name: c.filters, exact: true });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('.admin-filters-loading')).toBeVisible();
    release();
    const search = page.getByRole('search');
    await search.getByRole('textbox', { name: t.email, exact: true }).fill(user.email!);
    await search.getByRole('button', { name: c.search }).click();
    await expect(listRows(page)).toHaveCount(1);
    await expect(listRows(page).first()).toContainText(user.email!);
    await expect(page.locator('.admin-filters-loading')).toHaveCount(0);
  });
});
