/**
 * The prerendered /login (issue 9), /register and /forget (issue 17): the document holds the page
 * before any script runs, in both languages, and looks exactly as the app renders it; the app
 * takes it over without a console message and without losing what was typed; a browser whose
 * first render would differ gets a fresh render, quietly, and the next visit its own language.
 */
import {
  atRest,
  expect,
  holdScripts,
  takenOver,
  test,
  watchConsole,
  type Locator,
  type Page,
  type TestInfo,
} from '../support/e2e-fixtures';
import { common, forget, LANGS, login, register, validation } from '../support/e2e-texts';
import { ANDROID_UA, IPHONE_UA, MAC_SAFARI_UA } from '../support/e2e-layout';
import { loadErrorTexts } from '../../client/components/load-error.locale';

const PHONE = '13800138000';

/** How many documents the page has requested since this call (a reload is one). */
function countReloads(page: Page): () => number {
  let reloads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) reloads += 1;
  });
  return () => reloads;
}

async function screenshot(page: Page, info: TestInfo, name: string): Promise<Buffer> {
  await page.evaluate(() => document.fonts.ready);
  const shot = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  await info.attach(name, { body: shot, contentType: 'image/png' });
  return shot;
}

for (const lang of LANGS) {
  const t = login[lang];

  test(`/login arrives with the phone field, before any script runs (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`/login?lang=${lang}`);
    expect(await response?.text()).toContain(`data-prerendered="${lang}"`);
    await expect(page.getByRole('heading', { name: t.title })).toBeVisible();
    const phone = page.getByRole('textbox', { name: t.phone, exact: true });
    await expect(phone).toBeVisible();
    await expect(phone).toBeEditable();
    await phone.pressSequentially(PHONE);
    await expect(phone).toHaveValue(PHONE);
    await context.close();
  });

  test(`the prerendered, the hydrated and the client-rendered page look the same, quietly (${lang})`, async ({
    browser,
  }, info) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const prerendered = await noScript.newPage();
    await prerendered.goto(`/login?lang=${lang}`, { waitUntil: 'networkidle' });
    const before = await screenshot(prerendered, info, 'prerendered, no script');
    await noScript.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`/login?lang=${lang}`, { waitUntil: 'networkidle' });
    await takenOver(page);
    const hydrated = await screenshot(page, info, 'hydrated');
    // /index.html is not prerendered: the app renders it from scratch and moves on to /login.
    await page.goto(`/index.html?lang=${lang}`, { waitUntil: 'networkidle' });
    await expect(page).toHaveURL(new RegExp(`/login\\?lang=${lang}$`));
    await takenOver(page);
    const rendered = await screenshot(page, info, 'client-rendered');
    expect(problems).toEqual([]);
    expect(hydrated.equals(before), 'hydrated = prerendered').toBe(true);
    expect(rendered.equals(before), 'client-rendered = prerendered').toBe(true);
    await context.close();
  });

  test(`what is typed before the script arrives survives hydration and reaches the form (${lang})`, async ({
    page,
  }) => {
    const problems = watchConsole(page);
    const release = await holdScripts(page);
    await page.goto(`/login?lang=${lang}`, { waitUntil: 'commit' });
    const panel = page.getByRole('tabpanel', { name: t.smsTab });
    const phone = panel.getByRole('textbox', { name: t.phone, exact: true });
    await phone.pressSequentially(PHONE);
    // Enter before the script: the browser's own form submission would reload the page and lose
    // what was typed; the prerendered form has nowhere to go.
    const reloads = countReloads(page);
    await phone.press('Enter');
    release();
    await takenOver(page);
    expect(reloads(), 'documents requested after Enter').toBe(0);
    await expect(phone).toHaveValue(PHONE);
    // A render of the page keeps it (React would otherwise put its empty state back)...
    await panel.getByText(common[lang].agree).click();
    await expect(phone).toHaveValue(PHONE);
    // ...and the form has it: asking for a code validates the phone, then opens the captcha.
    await panel.getByRole('button', { name: common[lang].getCode }).click();
    await expect(page.getByRole('dialog', { name: common[lang].captchaTitle })).toBeVisible();
    expect(problems).toEqual([]);
  });
}

/**
 * The first paint is the inline critical CSS alone (the stylesheets come later, at the body's
 * end): /login looks the same without them. It keeps only the custom properties its rules read
 * (scripts/prerender.ts `withoutUnusedProperties`, ADR 0009): a property pruned that a rule
 * reads, after an Arco upgrade say, shows here as a colour or size gone.
 */
for (const path of ['/login', '/register?tab=phone']) {
  test(`${path} looks the same with its inline CSS alone as with its stylesheets`, async ({
    browser,
  }, info) => {
    const shot = async (stylesheets: boolean) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      // Refused: the page shows what the document holds, as at its first paint.
      if (!stylesheets) await page.route('**/static/css/**', (route) => route.abort());
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=en-US`, { waitUntil: 'networkidle' });
      const taken = await screenshot(page, info, stylesheets ? 'with stylesheets' : 'inline CSS only');
      await context.close();
      return taken;
    };
    expect((await shot(false)).equals(await shot(true)), 'inline CSS alone = with stylesheets').toBe(true);
  });
}

/** The lazy pages prerendered beside /login: the first field of each, and its input. */
const LAZY_PAGES = [
  {
    path: '/register',
    title: (lang: (typeof LANGS)[number]) => register[lang].title,
    field: (lang: (typeof LANGS)[number]) => register[lang].username,
    input: 'input[autocomplete="username"]',
  },
  {
    path: '/forget',
    title: (lang: (typeof LANGS)[number]) => forget[lang].title,
    field: (lang: (typeof LANGS)[number]) => forget[lang].phone,
    input: 'input[autocomplete="tel"]',
  },
];

for (const lang of LANGS) {
  for (const lazyPage of LAZY_PAGES) {
    test(`${lazyPage.path} arrives with its first field, before any script runs (${lang})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const response = await page.goto(`${lazyPage.path}?lang=${lang}`);
      expect(await response?.text()).toContain(`data-prerendered="${lang}"`);
      await expect(page.getByRole('heading', { name: lazyPage.title(lang) })).toBeVisible();
      const field = page.getByRole('textbox', { name: lazyPage.field(lang), exact: true });
      await expect(field).toBeVisible();
      await expect(field).toBeEditable();
      await field.pressSequentially('alice');
      await expect(field).toHaveValue('alice');
      await context.close();
    });

    test(`${lazyPage.path}: the prerendered, the hydrated and the client-rendered page look the same, quietly (${lang})`, async ({
      browser,
    }, info) => {
      const url = `${lazyPage.path}?lang=${lang}`;
      const noScript = await browser.newContext({ javaScriptEnabled: false });
      const prerendered = await noScript.newPage();
      await prerendered.goto(url, { waitUntil: 'networkidle' });
      const before = await screenshot(prerendered, info, 'prerendered, no script');
      await noScript.close();

      const context = await browser.newContext();
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(url, { waitUntil: 'networkidle' });
      await takenOver(page, lazyPage.input);
      const hydrated = await screenshot(page, info, 'hydrated');
      // The same document without its mark: the app renders the page from scratch over it.
      await page.route(`**${lazyPage.path}?*`, async (route) => {
        const original = await route.fetch();
        const body = (await original.text()).replace(/ data-prerendered="[^"]*"/, '');
        await route.fulfill({ response: original, body });
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      await takenOver(page, lazyPage.input);
      const rendered = await screenshot(page, info, 'client-rendered');
      expect(problems).toEqual([]);
      expect(hydrated.equals(before), 'hydrated = prerendered').toBe(true);
      expect(rendered.equals(before), 'client-rendered = prerendered').toBe(true);
      await context.close();
    });
  }

  test(`what is typed into /register before the script arrives survives hydration and reaches the form (${lang})`, async ({
    page,
  }) => {
    const t = register[lang];
    const problems = watchConsole(page);
    const release = await holdScripts(page);
    await page.goto(`/register?lang=${lang}`, { waitUntil: 'commit' });
    const panel = page.getByRole('tabpanel', { name: t.emailTab });
    const username = panel.getByRole('textbox', { name: t.username, exact: true });
    await username.pressSequentially('alice');
    const reloads = countReloads(page);
    await username.press('Enter');
    release();
    await takenOver(page, 'input[autocomplete="username"]');
    expect(reloads(), 'documents requested after Enter').toBe(0);
    await expect(username).toHaveValue('alice');
    await panel.getByText(common[lang].agree).click();
    await expect(username).toHaveValue('alice');
    // The form has it: submitting asks for the e-mail, not for the username.
    await panel.getByRole('button', { name: t.submit, exact: true }).click();
    await expect(panel.getByText(validation.emailRequired[lang])).toBeVisible();
    await expect(panel.getByText(validation.usernameRequired[lang])).toBeHidden();
    await expect(username).toHaveValue('alice');
    expect(problems).toEqual([]);
  });
}

for (const lang of LANGS) {
  test(`/register is the document's until its code has come, then React's in one pass, what was typed kept (${lang})`, async ({
    page,
  }) => {
    const t = register[lang];
    const problems = watchConsole(page);
    // The app's entry runs; the page's own chunk and Arco's English texts wait.
    const release = await holdScripts(page, '**/static/js/async/**');
    await page.goto(`/register?lang=${lang}`, { waitUntil: 'domcontentloaded' });
    const panel = page.getByRole('tabpanel', { name: t.emailTab });
    await panel.getByRole('textbox', { name: t.username }).fill('early-bird');
    // Not React's yet: the app does not start on a page whose code has not come.
    await expect(page.locator('#root')).not.toHaveAttribute('data-taken-over');
    release();
    await takenOver(page, 'input');
    // Hydrated, not rendered afresh: the typed text and the page's handlers are both there.
    await expect(panel.getByRole('textbox', { name: t.username })).toHaveValue('early-bird');
    await panel.getByText(common[lang].agree).click();
    await expect(panel.getByRole('checkbox')).toBeChecked();
    await panel.getByRole('button', { name: t.submit, exact: true }).click();
    await expect(panel.getByText(validation.emailRequired[lang])).toBeVisible();
    expect(problems).toEqual([]);
  });
}

test('a tab pressed on /login before the app has the page is followed as a link (zh-CN)', async ({
  page,
}) => {
  const t = login['zh-CN'];
  // The app's entry runs; the page's own chunk waits: the document is the browser's alone.
  const release = await holdScripts(page, '**/static/js/async/**');
  await page.goto('/login?lang=zh-CN', { waitUntil: 'domcontentloaded' });
  await page.getByRole('tab', { name: t.passwordTab }).click();
  // The tab's own document, prerendered with that tab chosen.
  await expect(page).toHaveURL(/[?&]tab=password/);
  await expect(page.getByRole('tab', { name: t.passwordTab })).toHaveAttribute('aria-selected', 'true');
  // And back: the first tab named in the address has its document too, not the shell.
  const back = page.waitForResponse((r) => r.request().isNavigationRequest() && /[?&]tab=sms/.test(r.url()));
  await page.getByRole('tab', { name: t.smsTab }).click();
  expect(await (await back).text()).toContain('data-prerendered="zh-CN"');
  await expect(page.getByRole('tab', { name: t.smsTab })).toHaveAttribute('aria-selected', 'true');
  release();
  await takenOver(page, 'input');
  await expect(page.getByRole('tab', { name: t.smsTab })).toHaveAttribute('aria-selected', 'true');
});

for (const [address, tab] of [
  ['/register?lang=en-US&tab=email', register['en-US'].emailTab],
  ['/forget?lang=en-US&tab=phone', forget['en-US'].phoneTab],
] as const)
  test(`${address}, the first tab named, arrives prerendered with that tab`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(address);
    expect(await response?.text()).toContain('data-prerendered="en-US"');
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await context.close();
  });

test('until the app has the page, what only it answers looks not ready; links and tabs look as ever', async ({
  page,
}) => {
  const t = login['en-US'];
  const looks = async (locator: Locator, cursor: string, opacity: string) => {
    await expect(locator).toHaveCSS('cursor', cursor);
    await expect(locator).toHaveCSS('opacity', opacity);
  };
  const release = await holdScripts(page);
  await page.goto('/login?lang=en-US', { waitUntil: 'commit' });
  const panel = page.getByRole('tabpanel', { name: t.smsTab });
  const submit = panel.getByRole('button', { name: t.submit, exact: true });
  const checkbox = panel.locator('.arco-checkbox').first();
  await looks(submit, 'progress', '0.6');
  await looks(panel.getByRole('button', { name: common['en-US'].getCode }), 'progress', '0.6');
  await looks(checkbox, 'progress', '0.6');
  await looks(page.getByRole('tab', { name: t.passwordTab }), 'pointer', '1');
  await looks(page.getByRole('link', { name: t.forgot }), 'pointer', '1');
  release();
  await takenOver(page);
  await looks(submit, 'pointer', '1');
  await looks(checkbox, 'pointer', '1');
});

test('a prerendered page whose code cannot come says so and offers a reload', async ({ page }) => {
  const failed = loadErrorTexts['en-US'];
  await page.route('**/static/js/async/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/register?lang=en-US');
  const alert = page.getByRole('alert').filter({ hasText: failed.title });
  await expect(alert).toBeVisible();
  await page.unrouteAll();
  await alert.getByRole('button', { name: failed.reload }).click();
  await expect(page.getByRole('heading', { name: register['en-US'].title })).toBeVisible();
  await expect(page.getByRole('alert')).toBeHidden();
});

test('the branded login is prerendered too, and hydrates quietly', async ({ page }) => {
  const problems = watchConsole(page);
  const response = await page.goto('/xlab-login?lang=en-US', { waitUntil: 'networkidle' });
  expect(await response?.text()).toContain('data-prerendered="en-US"');
  await takenOver(page);
  await expect(page.getByText(login['en-US'].autoLogin.replace('{days}', '7'))).toBeVisible();
  expect(problems).toEqual([]);
});

test('a redirect whose host only Chromium reads names no platform, there as on the server: it hydrates quietly', async ({
  page,
}) => {
  // Chromium keeps `a%20b.media.example.org` as the host, which Node refuses.
  const problems = watchConsole(page);
  const redirect = encodeURIComponent('https://a%20b.media.example.org/');
  const response = await page.goto(`/login?redirect=${redirect}`, { waitUntil: 'networkidle' });
  expect(await response?.text()).toContain('data-prerendered="zh-CN"');
  await takenOver(page);
  await expect(page.getByRole('heading', { name: login['zh-CN'].title })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a browser that stored the other language renders afresh, quietly, and gets its own next time', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.addInitScript(() => window.localStorage.setItem('locale', 'en-US'));
  // No cookie yet (a locale stored before the cookie existed): the BFF can only guess zh-CN.
  const first = await page.goto('/login', { waitUntil: 'networkidle' });
  expect(await first?.text()).toContain('data-prerendered="zh-CN"');
  await expect(page.getByRole('heading', { name: login['en-US'].title })).toBeVisible();
  await takenOver(page);
  expect(problems).toEqual([]);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'locale')).toMatchObject({ value: 'en-US', httpOnly: false });
  const second = await page.goto('/login');
  expect(await second?.text()).toContain('data-prerendered="en-US"');
});

test('the language switch is remembered for the next prerendered page', async ({ page }) => {
  await page.goto('/login?lang=zh-CN', { waitUntil: 'networkidle' });
  await takenOver(page);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: login['en-US'].title })).toBeVisible();
  const next = await page.goto('/login');
  expect(await next?.text()).toContain('data-prerendered="en-US"');
  await expect(page.getByRole('heading', { name: login['en-US'].title })).toBeVisible();
});

test('sub-platform looks still get the client-rendered page', async ({ browser, baseURL }) => {
  const target = encodeURIComponent(`https://science-discovery.example.com/`);
  const visitor = await browser.newContext();
  for (const path of ['/login', '/register', '/forget']) {
    const platform = await visitor.request.get(`${baseURL}${path}?redirect=${target}`);
    expect(await platform.text(), path).not.toContain('data-prerendered');
  }
  await visitor.close();
});

// Issue 39: a phone had the shell, and painted nothing of use until the whole app had run.
const PHONES = [
  { device: 'mobile', userAgent: IPHONE_UA, warning: false },
  { device: 'mobile-in-app', userAgent: `${ANDROID_UA} MicroMessenger/8.0.50`, warning: true },
] as const;
for (const { device, userAgent, warning } of PHONES)
  for (const lang of LANGS)
    test(`a ${device} browser gets /login in its own layout, which looks the same before the scripts and after, quietly (${lang})`, async ({
      browser,
    }, info) => {
      const options = { userAgent, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
      const noScript = await browser.newContext({ ...options, javaScriptEnabled: false });
      const prerendered = await noScript.newPage();
      const response = await prerendered.goto(`/login?lang=${lang}`);
      expect(await response?.text()).toContain(`data-prerendered="${lang}" data-device="${device}"`);
      // The phone's layout and, in the in-app browser, its warning, before any script.
      await expect(prerendered.locator('.public-layout.is-mobile')).toBeVisible();
      await expect(prerendered.locator('.compat-warning')).toHaveCount(warning ? 1 : 0);
      await expect(prerendered.getByRole('textbox', { name: login[lang].phone, exact: true })).toBeEditable();
      await prerendered.evaluate(() => document.fonts.ready);
      const before = await screenshot(prerendered, info, `${device}, prerendered, no script`);
      await noScript.close();

      const context = await browser.newContext(options);
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(`/login?lang=${lang}`);
      await takenOver(page);
      await atRest(page);
      const hydrated = await screenshot(page, info, `${device}, hydrated`);
      expect(problems).toEqual([]);
      expect(hydrated.equals(before), 'hydrated = prerendered').toBe(true);
      // Nothing zooms on focus in iOS: every field's text is 16 px on a touch screen.
      const sizes = await page
        .locator('input:not([type="checkbox"]):not([type="hidden"]):visible, textarea:visible')
        .evaluateAll((fields) => fields.map((field) => getComputedStyle(field).fontSize));
      expect(sizes.length).toBeGreaterThan(0);
      expect(new Set(sizes)).toEqual(new Set(['16px']));
      await context.close();
    });

test('an iPad that presents itself as a Mac gets the desktop document, and the app renders it afresh in the tablet layout, quietly', async ({
  browser,
}) => {
  const context = await browser.newContext({ userAgent: MAC_SAFARI_UA, hasTouch: true });
  const page = await context.newPage();
  // What gives an iPad away: its touch points, which only the browser knows.
  await page.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, 'maxTouchPoints', { get: () => 5 }),
  );
  const problems = watchConsole(page);
  const response = await page.goto('/login?lang=en-US');
  expect(await response?.text()).toContain('data-prerendered="en-US" data-device="desktop"');
  await takenOver(page);
  await expect(page.locator('.public-layout.is-mobile')).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
});
