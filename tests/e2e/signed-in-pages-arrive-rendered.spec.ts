/**
 * Issue 17: the signed-in pages rendered by the BFF per request (bff/documents/server-render.ts). The
 * document holds the account rows or the first table rows before any script runs; the app takes
 * it over without a console message (React keeps the server's markup), what was pressed meanwhile
 * is followed as a link, the times read in the browser's time zone, and an ended session still goes to
 * /login. Without the time-zone cookie the shell answers, as before.
 */
import {
  atRest,
  expect,
  holdScripts,
  passwordLogin,
  takenOver,
  test,
  watchConsole,
  type Browser,
  type BrowserContextOptions,
  type Page,
  type Route,
} from '../support/e2e-fixtures';
import { ADMIN, adminTexts, createPlatform, uniqueName } from '../support/e2e-admin';
import { api, createPhoneUser, loginByApi, registerPhoneUser } from '../support/e2e-api';
import { LANGS, usercenter } from '../support/e2e-texts';
import { IPHONE_UA } from '../support/e2e-layout';

const ZONE = 'Asia/Shanghai';

/** What the app keeps in a member's browser after any visit (client/app/hydration.tsx): its time zone. */
async function returningBrowser(page: Page, baseURL: string): Promise<void> {
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await page.context().addCookies([{ name: 'tz', value: zone, url: baseURL }]);
}

/** A new user signed in on `page`, whose browser has been here before. */
async function returningMember(page: Page, baseURL: string) {
  const user = await createPhoneUser(baseURL);
  await loginByApi(page, user.phone, user.password);
  await returningBrowser(page, baseURL);
  await rendererReady(page);
  return user;
}

/**
 * The renderer warms up for a second or so after its BFF starts, and starts again after a page
 * it was given hung (a loaded machine): until then the BFF serves the shell, as it should. `path`:
 * a page of the kind the test renders (the back office's first render takes longer).
 */
async function rendererReady(page: Page, path = '/usercenter'): Promise<void> {
  await expect
    .poll(async () => (await (await page.request.get(path)).text()).includes('data-signed-in'), {
      timeout: 15_000,
    })
    .toBe(true);
}

/**
 * B signs in on the same tab, whose getUserInfo is never answered, and the app goes on to the user
 * centre without reloading: at once, not eventually, nothing of the last user's may stand in.
 */
async function nextUserSeesNothingOf(page: Page, lastPhone: string): Promise<void> {
  const b = await registerPhoneUser(page.request);
  await passwordLogin(page, 'en-US', b.username, b.password);
  await expect(page).toHaveURL(/\/usercenter/);
  await expect(page.locator('.uc-content')).toBeVisible();
  expect(await page.locator('#root').innerText()).not.toContain(lastPhone);
  // B's own account is on its way: the content's outline (issue 29), nothing of A's.
  await expect(page.locator('.uc-content .page-skeleton[aria-busy="true"]')).toBeVisible();
}

/** A browser of its own in ZONE (eight hours from the machine's UTC), signed in as a new user. */
async function zonedBrowser(browser: Browser, baseURL: string, javaScriptEnabled = true) {
  const context = await browser.newContext({ timezoneId: ZONE, javaScriptEnabled });
  const page = await context.newPage();
  const user = await createPhoneUser(baseURL);
  await loginByApi(page, user.phone, user.password);
  await context.addCookies([{ name: 'tz', value: ZONE, url: baseURL }]);
  await rendererReady(page);
  return { context, page, user };
}

/** An iPhone's browser, 390 px wide. */
const PHONE: BrowserContextOptions = {
  userAgent: IPHONE_UA,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/** A browser of its own (`options`: a phone's, a zone), signed in as the demo admin or as a new member with a key. */
async function signedInBrowser(
  browser: Browser,
  baseURL: string,
  who: 'admin' | 'member',
  options: BrowserContextOptions,
) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  if (who === 'admin') await loginByApi(page, ADMIN.account, ADMIN.password);
  else {
    const user = await createPhoneUser(baseURL);
    await loginByApi(page, user.phone, user.password);
    await api(page.request, '/open/credential/create', { description: 'a key' });
  }
  return { context, page };
}

/** What a rule can change of a box that its place and size do not show. */
const LOOK = [
  'color',
  'background-color',
  'background-image',
  'border-top-color',
  'border-right-color',
  'border-bottom-color',
  'border-left-color',
  'border-top-width',
  'border-top-left-radius',
  'box-shadow',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'opacity',
  'visibility',
  'text-decoration-line',
  'cursor',
] as const;

/**
 * Each element of the page drawn: its tag, place, size and the properties of LOOK, as the browser
 * computed them. Compared as text, not as pixels: Chromium draws an antialiased edge a level
 * apart from one paint to the next (a key card's rounded corner, 2 runs of 12).
 */
async function lookOf(page: Page): Promise<string[]> {
  return page.evaluate((properties) => {
    return [...document.body.querySelectorAll('*')].flatMap((el) => {
      const { x, y, width, height } = el.getBoundingClientRect();
      if (!width || !height) return [];
      const style = getComputedStyle(el);
      const look = properties.map((name) => style.getPropertyValue(name)).join('; ');
      return [`${el.tagName} ${[x, y, width, height].map((n) => n.toFixed(2)).join(' ')} ${look}`];
    });
  }, LOOK);
}

const root = (page: Page) => page.locator('#root');

/**
 * Where each box of the page is drawn, once its stylesheets and fonts are in: its tag, place and
 * size. The first paint has the page's inline critical CSS and the stylesheets follow at the
 * body's end; a script may read the boxes before any CSS applies (seen once under load: the whole
 * page at the body's 8 px margin).
 */
async function layoutOf(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
  );
  await page.evaluate(() => document.fonts.ready);
  return page.locator('#root').evaluate((element) =>
    [...element.querySelectorAll('*')].flatMap((el) => {
      const { x, y, width, height } = el.getBoundingClientRect();
      return width && height ? [`${el.tagName} ${[x, y, width, height].map(Math.round).join(' ')}`] : [];
    }),
  );
}

/**
 * `after` is `before`, each box within a pixel: a box whose edge sits near a half pixel rounds
 * either way from one layout to the next (a tag 40.5 px wide was 41 and then 40 under load).
 */
function expectSameLayout(after: string[], before: string[]): void {
  const close = (a: string | undefined, b: string | undefined) => {
    const [tagA, ...boxA] = (a ?? '').split(' ');
    const [tagB, ...boxB] = (b ?? '').split(' ');
    return (
      tagA === tagB && boxA.length === boxB.length && boxA.every((n, i) => Math.abs(+n - +boxB[i]!) <= 1)
    );
  };
  const moved = after.findIndex((box, i) => !close(box, before[i]));
  if (moved >= 0 || after.length !== before.length) expect(after).toEqual(before);
}

test.describe('signed-in pages rendered by the BFF', () => {
  test('the user centre arrives with its account rows, uncached, its style attributes admitted by hash', async ({
    browser,
    baseURL,
  }) => {
    const { context, page, user } = await zonedBrowser(browser, baseURL!, false);
    const response = await page.goto('/usercenter?lang=en-US');
    const html = await response!.text();
    expect(html).toContain('data-signed-in=""');
    expect(response!.headers()['cache-control']).toBe('no-store');
    expect(response!.headers()['content-security-policy']).toMatch(
      /style-src 'self' 'unsafe-hashes' 'sha256-/,
    );
    expect(html).not.toMatch(/uaa-token|Bearer/i);
    await expect(page.getByRole('heading', { name: usercenter['en-US'].menuAccount })).toBeVisible();
    await expect(page.locator('[data-row="phone"]')).toContainText(user.phone);
    // The sider's width is a style attribute: the CSP admitted it.
    expect(await page.locator('.uc-sider').evaluate((el) => getComputedStyle(el).width)).toBe('200px');

    // Without the time-zone cookie, the shell and its skeleton, as before.
    await context.clearCookies({ name: 'tz' });
    const shell = await (await page.goto('/usercenter?lang=en-US'))!.text();
    expect(shell).not.toContain('data-signed-in');
    expect(shell).toContain('boot-skeleton');
    await context.close();
  });

  test('a menu item pressed before the app has the user centre is followed as a link; then React has it quietly', async ({
    sharedPage: page,
    baseURL,
  }) => {
    const user = await returningMember(page, baseURL!);
    const problems = watchConsole(page);
    // The app's entry runs; the page's own chunk waits: the page is the document's until it comes.
    const release = await holdScripts(page, '**/static/js/async/**');
    await page.goto('/usercenter?lang=en-US', { waitUntil: 'commit' });
    await expect(page.locator('[data-row="phone"]')).toContainText(user.phone);
    await expect(root(page)).toHaveAttribute('data-signed-in', '');
    await expect(root(page)).not.toHaveAttribute('data-taken-over');
    await page.getByRole('menuitem', { name: usercenter['en-US'].menuHelp }).click();
    // The section's own document, rendered for the member.
    await expect(page).toHaveURL(/tab=help/);
    await expect(page.getByRole('heading', { name: usercenter['en-US'].helpTitle })).toBeVisible();
    release();
    await takenOver(page, '.uc-content');
    // The account tab again: React's own, the rows from the cache.
    await page.getByRole('menuitem', { name: usercenter['en-US'].menuAccount }).click();
    await expect(page.locator('[data-row="phone"]')).toContainText(user.phone);
    expect(problems).toEqual([]);
  });

  // Issue 39: a phone had the shell until the whole app had run. The admin's user centre holds the
  // header's link to the back office from the start: it came later, and the header moved.
  for (const [path, who, drawn] of [
    ['/usercenter', 'member', '.uc-layout.is-mobile [data-row="phone"]'],
    ['/usercenter', 'admin', '.uc-layout.is-mobile .uc-back-office'],
    ['/usercenter?tab=keys', 'member', '.uc-layout.is-mobile .uc-key-card'],
    ['/admin/user', 'admin', '.arco-table tbody tr:not(.arco-table-empty-row)'],
  ] as const)
    test(`a phone gets ${path} rendered in its own layout for the ${who}, which React takes over quietly, unchanged`, async ({
      browser,
      baseURL,
    }) => {
      const { context, page } = await signedInBrowser(browser, baseURL!, who, PHONE);
      await returningBrowser(page, baseURL!);
      await rendererReady(page, path);
      const problems = watchConsole(page);
      const release = await holdScripts(page);
      const address = `${path}${path.includes('?') ? '&' : '?'}lang=en-US`;
      const response = await page.goto(address, { waitUntil: 'commit' });
      expect(await response!.text()).toContain('data-device="mobile" data-signed-in=""');
      await expect(page.locator(drawn).first()).toBeVisible();
      const before = await layoutOf(page);
      release();
      await takenOver(page, drawn);
      await atRest(page);
      // Nothing moved (what only the app answers looks not ready until then, in place).
      expectSameLayout(await layoutOf(page), before);
      expect(problems).toEqual([]);
      await context.close();
    });

  /**
   * The first paint is the page's critical CSS, inline (scripts/signed-in-styles.ts), and the
   * stylesheets come at the body's end: each page looks the same without them. A rule the page
   * uses and the build's sample renders did not shows here as a box unstyled. Scripts are on but
   * none arrives, as before the app has the page: its controls look not ready
   * (`@media (scripting: enabled)`), with the inline CSS alone too.
   */
  for (const [path, who, phone, lang] of [
    ['/usercenter', 'member', false, 'en-US'],
    ['/usercenter?tab=keys', 'member', true, 'zh-CN'],
    ['/usercenter?tab=help', 'admin', false, 'zh-CN'],
    ['/admin/user', 'admin', false, 'en-US'],
    ['/admin/platform', 'admin', true, 'en-US'],
    ['/admin/role', 'admin', false, 'zh-CN'],
  ] as const)
    test(`${path} looks the same with its inline CSS alone as with its stylesheets (${phone ? 'phone' : 'desktop'}, ${lang})`, async ({
      browser,
      baseURL,
    }, info) => {
      const { context, page } = await signedInBrowser(browser, baseURL!, who, {
        timezoneId: ZONE,
        ...(phone && PHONE),
      });
      await context.addCookies([{ name: 'tz', value: ZONE, url: baseURL! }]);
      await rendererReady(page, path.split('?')[0]);
      const address = new URL(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`, baseURL).href;
      // One document for both: the lists change meanwhile, as other tests add users and platforms.
      const served = await context.request.get(address);
      const body = await served.body();
      expect(body.toString()).toContain(`data-device="${phone ? 'mobile' : 'desktop'}" data-signed-in=""`);
      const headers = Object.fromEntries(
        Object.entries(served.headers()).filter(([name]) => !/^content-(encoding|length)$/.test(name)),
      );
      const shot = async (stylesheets: boolean) => {
        const tab = await context.newPage();
        await tab.route(address, (route) => route.fulfill({ status: 200, headers, body }));
        await tab.route('**/static/js/**', (route) => route.abort());
        // Refused: the page shows what the document holds, as at its first paint.
        if (!stylesheets) await tab.route('**/static/css/**', (route) => route.abort());
        await tab.goto(address, { waitUntil: 'networkidle' });
        await tab.evaluate(() => document.fonts.ready);
        const look = await lookOf(tab);
        const taken = await tab.screenshot({ animations: 'disabled', caret: 'hide', fullPage: true });
        await info.attach(stylesheets ? 'with stylesheets' : 'inline CSS only', {
          body: taken,
          contentType: 'image/png',
        });
        await tab.close();
        return look;
      };
      expect(await shot(false), 'inline CSS alone = with stylesheets').toEqual(await shot(true));
      await context.close();
    });

  test("the keys tab's times read in the browser's time zone, and React keeps them", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await zonedBrowser(browser, baseURL!);
    const created = await api(page.request, '/open/credential/create', { description: 'zoned key' });
    expect(created.msgCode, created.msg).toBe('10000');
    const problems = watchConsole(page);
    const response = await page.goto('/usercenter?tab=keys&lang=en-US');
    const html = await response!.text();
    await takenOver(page, '.uc-content');
    const row = page.locator('.uc-content .arco-table tbody tr').first();
    await expect(row).toContainText('zoned key');
    const shown = (await row.textContent())!.match(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/)![0];
    // The browser's own formatting of the same instant, in its zone: the document said the same.
    expect(html).toContain(shown);
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const [path, module] of [
    ['/admin/user', 'users'],
    ['/admin/platform', 'platforms'],
    ['/admin/role', 'roles'],
  ] as const) {
    test(`${path} arrives with its first rows and is taken over quietly`, async ({
      sharedPage: page,
      baseURL,
    }) => {
      await loginByApi(page, ADMIN.account, ADMIN.password);
      await returningBrowser(page, baseURL!);
      await rendererReady(page, path);
      const problems = watchConsole(page);
      const release = await holdScripts(page);
      await page.goto(`${path}?lang=en-US`, { waitUntil: 'commit' });
      await expect(page.locator('.arco-table tbody tr:not(.arco-table-empty-row)').first()).toBeVisible();
      await expect(root(page)).toHaveAttribute('data-signed-in', '');
      release();
      await takenOver(page, '.arco-table');
      await expect(page.locator('.arco-spin-loading')).toHaveCount(0);
      expect(problems, module).toEqual([]);
    });
  }

  // Issue 40, item 11: the page is the address's, from the document on.
  test('a list opened on its second page arrives drawn at that page, and stays there', async ({
    sharedPage: page,
    baseURL,
  }) => {
    await loginByApi(page, ADMIN.account, ADMIN.password);
    const prefix = uniqueName('Second');
    // Newest first: the oldest of these thirteen opens page 2.
    for (let i = 0; i < 13; i++) await createPlatform(page.request, `${prefix}${i}`);
    await returningBrowser(page, baseURL!);
    await rendererReady(page, '/admin/platform?page=2');
    const problems = watchConsole(page);
    const release = await holdScripts(page);
    await page.goto('/admin/platform?page=2&lang=en-US', { waitUntil: 'commit' });
    const firstRow = page.locator('.arco-table tbody tr:not(.arco-table-empty-row)').first();
    await expect(firstRow).toContainText(`${prefix}0`);
    await expect(page.locator('.arco-pagination-item-active')).toHaveText('2');
    release();
    await takenOver(page, '.arco-table');
    await expect(page.locator('.arco-spin-loading')).toHaveCount(0);
    await expect(firstRow).toContainText(`${prefix}0`);
    await expect(page.locator('.arco-pagination-item-active')).toHaveText('2');
    expect(problems).toEqual([]);
  });

  // Issue 40: a rendered list's row checkboxes had no name until the scripts came.
  for (const lang of LANGS)
    test(`a rendered list's row checkboxes are named "Select this row" before any script runs (${lang})`, async ({
      sharedPage: page,
      baseURL,
    }) => {
      await loginByApi(page, ADMIN.account, ADMIN.password);
      await returningBrowser(page, baseURL!);
      await rendererReady(page, '/admin/platform');
      const release = await holdScripts(page);
      await page.goto(`/admin/platform?lang=${lang}`, { waitUntil: 'commit' });
      const rows = page.locator('.arco-table tbody tr:not(.arco-table-empty-row)');
      await expect(rows.first()).toBeVisible();
      await expect(root(page)).not.toHaveAttribute('data-taken-over');
      const named = page.getByRole('checkbox', { name: adminTexts[lang].selectRow, exact: true });
      await expect(named).toHaveCount(await rows.count());
      release();
      await takenOver(page, '.arco-table');
      await expect(named).toHaveCount(await rows.count());
    });

  test('an ended session still goes to /login from a rendered page', async ({
    sharedPage: page,
    baseURL,
  }) => {
    await returningMember(page, baseURL!);
    await page.route('**/login/getUserInfo', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: '{"msgCode":"A0211","msg":"expired"}',
      }),
    );
    const response = await page.goto('/usercenter');
    expect(await response!.text()).toContain('data-signed-in');
    await expect(page).toHaveURL(/\/login/);
    // Nothing of the user is left on the way: the login form, not the account rows.
    await expect(page.locator('[data-row="phone"]')).toHaveCount(0);
  });

  test("the next user of the tab never sees the last one's rendered data", async ({
    sharedPage: page,
    baseURL,
  }) => {
    // A's page is rendered. Its revalidation's answer (a success) comes only after A has logged
    // out, when SWR discards it: neither a success nor an error. B's is never answered.
    const a = await returningMember(page, baseURL!);
    const held: Array<() => Promise<void>> = [];
    await page.route('**/login/getUserInfo', async (route: Route) => {
      if (held.length) return void held.push(async () => undefined);
      const response = await route.fetch();
      held.push(() => route.fulfill({ response }));
    });
    await page.goto('/usercenter?lang=en-US');
    await takenOver(page, '.uc-content');
    await expect(page.locator('[data-row="phone"]')).toContainText(a.phone);
    await expect.poll(() => held.length).toBe(1);
    await page.getByRole('button', { name: usercenter['en-US'].logout }).click();
    await expect(page).toHaveURL(/\/login/);
    await held[0]!();

    await nextUserSeesNothingOf(page, a.phone);
  });

  test('a session that ends before the page is taken over leaves nothing of its user behind', async ({
    sharedPage: page,
    baseURL,
  }) => {
    // A's page is rendered; the session check says it has ended while the page's code is held.
    const a = await returningMember(page, baseURL!);
    await page.route('**/login/getUserInfo', () => undefined);
    await page.route('**/bff/session', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"authenticated":false}' }),
    );
    const release = await holdScripts(page);
    await page.goto('/usercenter?lang=en-US', { waitUntil: 'commit' });
    await expect(page.locator('[data-row="phone"]')).toContainText(a.phone);
    release();
    await expect(page).toHaveURL(/\/login/);
    await takenOver(page);
    await page.unroute('**/bff/session');
    await nextUserSeesNothingOf(page, a.phone);
  });
});
