/**
 * The back-office shell (spec §2, §6): header, avatar menu with logout, the side menu of the
 * modules the user's resources name, the spinner while they load, "no permission" outside them,
 * the 403 behaviour, and /admin never framed by another site.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, journeysInTurns, test } from '../support/e2e-fixtures';
import { noPermissionTexts } from '../../client/components/no-permission.locale';
import { adminTexts, loginAsAdmin, loginAsNewAdmin, ROLE } from '../support/e2e-admin';
import { api, loginByApi, registerPhoneUser } from '../support/e2e-api';
import { product } from '../support/e2e-texts';

journeysInTurns((lang, inTurn) => {
  const t = adminTexts[lang];
  const noPermission = product.noPermission[lang];

  if (inTurn())
    test(`super admin: header, every module in the menu, /admin opens the first one (${lang})`, async ({
      page,
    }) => {
      await loginAsAdmin(page);
      await page.goto(`/admin?lang=${lang}`);
      await expect(page).toHaveURL(new RegExp(`/admin/user\\?lang=${lang}$`));
      await expect(page.getByRole('banner').getByText(t.title)).toBeVisible();
      const menu = page.getByRole('navigation', { name: t.navigation });
      await expect(menu.getByRole('menuitem')).toHaveText([
        t.modules.users,
        t.modules.platforms,
        t.modules.role,
      ]);
      await expect(page.getByRole('heading', { level: 1, name: t.modules.users })).toBeVisible();
      // The items are links to their modules, down the side bar and inside it (as inline links
      // they stood side by side past its edge: issue 39); the current one says so.
      const bar = (await menu.boundingBox())!;
      let below = -1;
      for (const item of await menu.getByRole('menuitem').all()) {
        const box = (await item.boundingBox())!;
        expect(box.x + box.width, await item.innerText()).toBeLessThanOrEqual(bar.x + bar.width + 0.5);
        expect(box.y, await item.innerText()).toBeGreaterThan(below);
        below = box.y + box.height - 0.5;
      }
      await expect(menu.getByRole('menuitem', { name: t.modules.users })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(menu.getByRole('menuitem', { name: t.modules.role })).toHaveAttribute(
        'href',
        `/admin/role?lang=${lang}`,
      );

      await menu.getByRole('menuitem', { name: t.modules.platforms }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/platform\\?lang=${lang}$`));
      await expect(page.getByRole('heading', { level: 1, name: t.modules.platforms })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: t.modules.platforms })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(menu.getByRole('menuitem', { name: t.modules.users })).not.toHaveAttribute('aria-current');
      // From the keyboard: Enter on a focused item follows it.
      await menu.getByRole('menuitem', { name: t.modules.role }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/admin/role\\?lang=${lang}$`));
      await expect(page.getByRole('heading', { level: 1, name: t.modules.role })).toBeVisible();

      // A logged-in user stays in the back office (no jump to the user centre) and an unknown
      // back-office path is "no permission", not the catch-all login redirect.
      await page.goto('/admin/nothing-here');
      await expect(page).toHaveURL(/\/admin\/nothing-here$/);
      await expect(page.getByText(noPermission)).toBeVisible();
      await expect(menu.getByRole('menuitem')).toHaveCount(3);
    });

  if (inTurn())
    test(`platform-only admin: one module; the others are refused by the SPA and the UAA (${lang})`, async ({
      page,
      browser,
    }) => {
      await loginAsAdmin(page);
      const { page: pa, context } = await loginAsNewAdmin(browser, page, [ROLE.platformAdmin]);
      await pa.goto(`/admin?lang=${lang}`);
      await expect(pa).toHaveURL(new RegExp(`/admin/platform\\?lang=${lang}$`));
      const menu = pa.getByRole('navigation', { name: t.navigation });
      await expect(menu.getByRole('menuitem')).toHaveText([t.modules.platforms]);

      for (const path of ['/admin/user', '/admin/user/create', '/admin/role']) {
        await pa.goto(path);
        await expect(pa.getByText(noPermission)).toBeVisible();
        await expect(pa.getByRole('link', { name: t.add })).toHaveCount(0);
      }
      // The local UAA refuses the hidden modules anyway.
      for (const [path, body] of [
        ['/user/admin/internal/list', { pageNumber: 1, pageSize: 12 }],
        ['/user/admin/internal/delete', { ssoUids: ['x'] }],
        ['/role/management/role/list', { pageNumber: 1, pageSize: 12, resourceModule: 1 }],
      ] as const) {
        const res = await pa.request.post(`/gw/uaa-be/api/v1${path}`, {
          data: body,
          headers: { 'X-CSRF': '1', lang },
        });
        expect(res.status(), path).toBe(403);
        expect((await res.json()).msgCode).toBe('A0201');
      }
      await context.close();
    });

  if (inTurn())
    test(`an account without a back-office role sees no menu and "no permission" (${lang})`, async ({
      page,
    }) => {
      const member = await registerPhoneUser(page.request);
      await loginByApi(page, member.phone, member.password);
      await page.goto(`/admin?lang=${lang}`);
      await expect(page.getByText(noPermission)).toBeVisible();
      await expect(page.getByRole('navigation', { name: t.navigation })).toHaveCount(0);
      await page.goto('/admin/platform');
      await expect(page.getByText(noPermission)).toBeVisible();
    });

  if (inTurn())
    test(`"no permission" offers a way back: the user centre when signed in, else login (${lang})`, async ({
      page,
    }) => {
      const back = noPermissionTexts[lang];
      await page.goto(`/no-permission?lang=${lang}`);
      await expect(page.getByText(noPermission)).toBeVisible();
      await expect(page.getByRole('link', { name: back.toUserCenter })).toHaveCount(0);
      await page.getByRole('link', { name: back.toLogin }).click();
      await expect(page).toHaveURL(/\/login$/);

      const member = await registerPhoneUser(page.request);
      await loginByApi(page, member.phone, member.password);
      await page.goto(`/no-permission?lang=${lang}`);
      await expect(page.getByText(noPermission)).toBeVisible();
      await expect(page.getByRole('link', { name: back.toLogin })).toHaveCount(0);
      await page.getByRole('link', { name: back.toUserCenter }).click();
      await expect(page).toHaveURL(/\/usercenter$/);

      // The back office's own "no permission" has the same way out.
      await page.goto(`/admin/platform?lang=${lang}`);
      await expect(page.getByText(noPermission)).toBeVisible();
      await page.getByRole('main').getByRole('link', { name: back.toUserCenter }).click();
      await expect(page).toHaveURL(/\/usercenter$/);
    });

  if (inTurn())
    test(`a spinner shows while the permissions load (${lang})`, async ({ page }) => {
      await loginAsAdmin(page);
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/role/management/user/res/list', async (route) => {
        await held;
        await route.continue();
      });
      // The BFF inlines the modules into the page (issue 17) unless the UAA is slow to give them
      // (FIRST_SCREEN_TIMEOUT_MS): that page comes without them, and the SPA asks for them itself.
      await page.route('**/admin/role?*', async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /(<script id="first-screen" type="application\/json">)(.*?)(<\/script>)/,
          (_, open: string, json: string, close: string) => {
            const { modules, ...rest } = JSON.parse(json) as { modules?: unknown };
            expect(modules).toBeDefined();
            return `${open}${JSON.stringify(rest)}${close}`;
          },
        );
        await route.fulfill({ response, body: html });
      });
      await page.goto(`/admin/role?lang=${lang}`);
      await expect(page.locator('.admin-loading .arco-spin')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
      release();
      await expect(page.getByRole('heading', { level: 1, name: t.modules.role })).toBeVisible();
      await expect(page.locator('.admin-loading')).toHaveCount(0);
    });

  if (inTurn())
    test(`a 403 from the UAA turns the page into "no permission" (${lang})`, async ({ page, browser }) => {
      await loginAsAdmin(page);
      const { user, page: ua, context } = await loginAsNewAdmin(browser, page, [ROLE.superAdmin]);
      await ua.goto(`/admin/user?lang=${lang}`);
      await expect(ua.getByRole('heading', { level: 1, name: t.modules.users })).toBeVisible();
      // Every call of the page's first load has its answer (the heading comes before the list's
      // call; a role changed before that call would be refused there, with no search to click).
      await expect(ua.getByRole('row').nth(1)).toBeVisible();
      await ua.waitForLoadState('networkidle');
      // The role changes behind the open page: its next call is refused with 403.
      const reply = await api(page.request, '/user/admin/internal/update', {
        ssoUid: user.ssoUid,
        roleIds: [ROLE.platformAdmin],
      });
      expect(reply.msgCode, reply.msg).toBe('10000');
      await ua.getByRole('search').getByRole('button', { name: t.search }).click();
      await expect(ua.getByText(noPermission)).toBeVisible();
      // Another page gets a fresh chance: its module list still names the users module.
      await ua.getByRole('navigation', { name: t.navigation }).getByRole('menuitem').nth(1).click();
      await expect(ua.getByRole('heading', { level: 1, name: t.modules.platforms })).toBeVisible();
      await context.close();
    });

  if (inTurn())
    test(`avatar menu: the account name and logout (${lang})`, async ({ page }) => {
      await loginAsAdmin(page);
      await page.goto(`/admin/platform?lang=${lang}`);
      await page.getByRole('button', { name: t.accountMenu }).click();
      await expect(page.getByRole('menuitem', { name: 'admin' })).toBeVisible();
      await page.getByRole('menuitem', { name: t.logout }).click();
      await expect(page).toHaveURL(/\/login/);
      const session = await (await page.request.get('/bff/session')).json();
      expect(session.authenticated).toBe(false);
      await page.goto('/admin/platform');
      await expect(page).toHaveURL(/\/login/);
    });
});

test("/admin cannot be framed by another origin, unlike the intern widget's login page", async ({
  page,
  baseURL,
}) => {
  const res = await page.request.get('/admin/platform');
  expect(res.headers()['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
  expect(res.headers()['x-frame-options']).toBe('SAMEORIGIN');

  // A page of another local origin (which the widget's documents admit outside production); a
  // real server, since Chromium keeps pages it thinks public from framing local ones at all.
  const widget = `${baseURL}/login?redirect=${encodeURIComponent('https://intern.example.org/welcome')}`;
  const embedder = createServer((_req, reply) => {
    reply.setHeader('Content-Type', 'text/html');
    reply.end(
      `<iframe id="login" src="${widget}"></iframe><iframe id="admin" src="${baseURL}/admin/platform"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => embedder.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(embedder.address() as AddressInfo).port}/`);
    await expect(page.frameLocator('#login').getByRole('tab').first()).toBeVisible();
    await expect.poll(() => page.frames().map((f) => f.url())).toContain('chrome-error://chromewebdata/');
    expect(page.frames().filter((f) => f.url().includes('/admin/'))).toEqual([]);
  } finally {
    embedder.close();
  }
});
