/**
 * A back-office page opened in a language its address names (`?lang=en-US`: a shared link, or the
 * language switch, which writes it there) hands that language on in every link it builds: Add,
 * View, Edit, the form's Edit and Back, the side menu's moves (client/lib/i18n/lang-in-links.ts).
 * Before (issue 39), their addresses named none: a link the browser followed itself (opened in a
 * new tab, or tapped before the app had taken the page over) opened the page in the browser's
 * stored language or the default one, zh-CN.
 *
 * The fresh tab is a browser whose stored language is the other one, so that each language's
 * case shows whether the link decided it.
 */
import { DESKTOP, expect, test, type Locator } from '../support/e2e-fixtures';
import {
  adminTexts,
  createPlatform,
  listRows,
  loginAsAdmin,
  platformTexts,
  uniqueName,
} from '../support/e2e-admin';
import { LANGS } from '../support/e2e-texts';
import { LOCALE_COOKIE } from '../../shared/documents';

/** The language a link's address names. */
async function langOf(link: Locator): Promise<string | null> {
  const href = await link.getAttribute('href');
  return new URL(href ?? '', 'http://any').searchParams.get('lang');
}

for (const lang of LANGS) {
  const other = lang === 'en-US' ? 'zh-CN' : 'en-US';
  const c = adminTexts[lang];
  const t = platformTexts[lang];

  test(`the back office's links carry the page's language, and a new tab opened from one is in it (${lang})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await loginAsAdmin(page);
    const name = uniqueName('Lang');
    await createPlatform(page.request, name);

    await page.goto(`/admin/platform?lang=${lang}&name=${name}`);
    const add = page.getByRole('link', { name: t.add });
    const row = listRows(page).first();
    await expect(row).toContainText(name);
    for (const link of [
      add,
      row.getByRole('link', { name: c.view }),
      row.getByRole('link', { name: c.edit }),
    ])
      expect(await langOf(link), (await link.textContent()) ?? undefined).toBe(lang);

    // The view form's Edit and Back, and the side menu's move to the users' list.
    await row.getByRole('link', { name: c.view }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.viewTitle })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]lang=${lang}(&|$)`));
    for (const link of [page.getByRole('link', { name: c.edit }), page.getByRole('link', { name: c.back })])
      expect(await langOf(link), (await link.textContent()) ?? undefined).toBe(lang);
    await page.getByRole('menuitem', { name: c.modules.users }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/user\\?lang=${lang}$`));
    await page.getByRole('menuitem', { name: c.modules.platforms }).click();
    await expect(add).toBeVisible();

    // Add, opened in a new tab of a browser whose stored language is the other one.
    const href = (await add.getAttribute('href'))!;
    const context = await browser.newContext({ ...DESKTOP, baseURL });
    try {
      const fresh = await context.newPage();
      await loginAsAdmin(fresh);
      await context.addCookies([{ name: LOCALE_COOKIE, value: other, url: baseURL! }]);
      await fresh.goto('/healthz');
      await fresh.evaluate((stored) => localStorage.setItem('locale', stored), other);
      await fresh.goto(href);
      await expect(fresh.getByRole('heading', { level: 1, name: t.createTitle })).toBeVisible();
      await expect(fresh.locator('html')).toHaveAttribute('lang', lang);
    } finally {
      await context.close();
    }
  });
}

for (const lang of LANGS) {
  // A form for a row that is not there (a stale link, a mistyped id) goes back to its list: in
  // the language the address named, not the stored one (before, the move dropped `lang`).
  test(`a move to a list (a form for an unknown id, /admin to its first module) keeps the page's language (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const other = lang === 'en-US' ? 'zh-CN' : 'en-US';
    await loginAsAdmin(page);
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: other, url: baseURL! }]);
    for (const [form, list] of [
      ['/admin/platform/edit?id=no-such-platform', '/admin/platform'],
      ['/admin/user/view', '/admin/user'],
      // The shell's move from /admin to the first module it may open.
      ['/admin', '/admin/user'],
    ] as const) {
      await page.goto(`${form}${form.includes('?') ? '&' : '?'}lang=${lang}`);
      await expect(page).toHaveURL(new RegExp(`${list}\\?lang=${lang}$`));
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    }
  });
}
