/**
 * Each look of the product (spec §1): the branded variant (its name, 7-day label, links and 10 s
 * back to its login, its register result), each sub-platform's name, colours and footer, one
 * product name in the main look, and the mobile layout on phones and tablets with the one in-app
 * browser's Chrome/Edge hint.
 */
import {
  animationsAtRest,
  devices,
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '../support/e2e-fixtures';
import { loginByApi, registerPhoneUser, uniqueSuffix } from '../support/e2e-api';
import { common, LANGS, login, platformNames, product, register, usercenter } from '../support/e2e-texts';

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

/** Registers a new account by e-mail on the register page shown (the branded one here), in en-US. */
async function registerByEmail(page: Page): Promise<void> {
  const t = register['en-US'];
  const form = page.getByRole('tabpanel', { name: t.emailTab });
  const suffix = uniqueSuffix();
  await form.getByRole('textbox', { name: t.username, exact: true }).fill(`brand-${suffix}`);
  await form.getByRole('textbox', { name: t.email, exact: true }).fill(`brand.${suffix}@example.com`);
  await form.locator('input[type=password]').nth(0).fill('Brand12345');
  await form.locator('input[type=password]').nth(1).fill('Brand12345');
  await form.getByText(common['en-US'].agree).click();
  await form.getByRole('button', { name: t.submit, exact: true }).click();
}

/** Whether /login has the mobile layout in a browser context with `options`. */
async function mobileLayoutIn(browser: Browser, options: BrowserContextOptions): Promise<void> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto('/login?lang=en-US');
  await expect(page.locator('.public-layout.is-mobile')).toBeVisible();
  await context.close();
}

test('the branded variant: its own name, 7-day label, its own links, 10 s back to its login', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/xlab-login?lang=en-US');
  await expect(page.getByText(platformNames['en-US'].branded)).toBeVisible();
  await expect(page.getByText(login['en-US'].autoLogin.replace('{days}', '7'))).toBeVisible();
  await page.getByRole('link', { name: login['en-US'].register }).click();
  await expect(page).toHaveURL(/\/xlab-register/);
  await registerByEmail(page);
  await expect(page.getByText(register['en-US'].emailSentTitle)).toBeVisible();
  await expect(page.getByRole('timer')).toContainText('10');
  await page.clock.runFor(11_000);
  await expect(page).toHaveURL(/\/xlab-login/);
});

test('the branded register success has a heading and its countdown on its own line', async ({
  sharedPage: page,
}) => {
  await page.goto(`/xlab-register?lang=en-US`);
  await registerByEmail(page);
  await expect(page.getByRole('heading', { level: 1, name: register['en-US'].emailSentTitle })).toBeVisible();
  const timer = page.getByRole('timer');
  const body = page.getByText(/activation email has been sent/);
  const [a, b] = [await timer.boundingBox(), await body.boundingBox()];
  expect(a!.y).toBeGreaterThanOrEqual(b!.y + b!.height - 1);
});

test('each sub-platform detected from the redirect gets its name and colours; medieval its footer', async ({
  page,
}) => {
  const submitColour = () =>
    page
      .getByRole('tabpanel')
      .first()
      .getByRole('button', { name: login['en-US'].submit, exact: true })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.goto('/login?lang=en-US');
  const mainColour = await submitColour();
  const seen = new Set([mainColour]);
  for (const key of ['media', 'medieval', 'intern'] as const) {
    await page.goto(`/login?lang=en-US&redirect=${encodeURIComponent(`https://${key}.example.org/home`)}`);
    if (key !== 'intern') await expect(page.getByText(platformNames['en-US'][key])).toBeVisible();
    seen.add(await submitColour());
  }
  // Each platform's own colour reaches the buttons people see.
  expect(seen.size).toBe(4);
  await page.goto(`/login?lang=en-US&redirect=${encodeURIComponent('https://medieval.example.org/home')}`);
  await expect(page.getByText(platformNames['en-US'].medievalFooter)).toBeVisible();
  await page.goto('/login?lang=en-US');
  await expect(page.getByText(platformNames['en-US'].footer)).toBeVisible();
});

test('phones and tablets get the mobile layout; the one in-app browser gets the Chrome/Edge hint', async ({
  browser,
}) => {
  for (const device of [devices['iPhone 13'], devices['Galaxy S9+'], devices['iPad (gen 7)']]) {
    const { defaultBrowserType: _ignored, ...options } = device;
    await mobileLayoutIn(browser, options);
  }
  await mobileLayoutIn(browser, {
    userAgent: 'Mozilla/5.0 (Phone; OpenHarmony 4.0) AppleWebKit/537.36 Chrome/114 Mobile',
  });
  const wechat = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/116 Mobile MicroMessenger/8.0.40',
  });
  const wp = await wechat.newPage();
  await wp.goto('/login?lang=en-US');
  await expect(wp.getByText(product.browserCompat['en-US'])).toBeVisible();
  await wechat.close();
});

test.describe('fits its window', () => {
  test('the medieval footer stays within an 800 px-high window', async ({ sharedPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const lang of LANGS) {
      await page.goto(`/login?lang=${lang}&redirect=${encodeURIComponent('https://medieval.example.org/')}`);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toBeVisible();
      const box = (await footer.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(800);
    }
  });

  for (const lang of LANGS) {
    test(`/deleteProtocol on a phone is stacked, nothing cut at the right (${lang})`, async ({
      sharedPage: page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/deleteProtocol?lang=${lang}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await noSidewaysScroll(page);
      // No part of the policy is hidden in a sideways-scrolling box.
      const hidden = await main.evaluate(
        (el) =>
          [...el.querySelectorAll('*')].filter(
            (n) => n.scrollWidth > n.clientWidth + 1 && getComputedStyle(n).overflowX !== 'visible',
          ).length,
      );
      expect(hidden).toBe(0);
      // Each platform's policy is there to read, under its name.
      await expect(
        main.getByRole('heading', { name: lang === 'en-US' ? /Science Discovery/ : /科学发现/ }),
      ).toBeVisible();
    });
  }
});

test.describe('one look per platform, one product name', () => {
  const ARCO_BLUE = 'rgb(22, 93, 255)';
  const colour = (l: Locator) => l.evaluate((el) => getComputedStyle(el).color);
  const AGREEMENT = { 'en-US': 'Service Agreement', 'zh-CN': '《服务协议》' } as const;

  for (const [key, lang] of [
    ['medieval', 'en-US'],
    ['cmg', 'zh-CN'],
    ['science-discovery', 'en-US'],
  ] as const) {
    test(`${key}: the mark, the agreement, forgot and register links and the tint take its colour (${lang})`, async ({
      sharedPage: page,
    }) => {
      await page.goto(`/login?lang=${lang}&redirect=${encodeURIComponent(`https://${key}.example.org/`)}`);
      await expect(page.getByText(platformNames[lang][key])).toBeVisible();
      const submit = page
        .getByRole('tabpanel')
        .first()
        .getByRole('button', { name: login[lang].submit, exact: true });
      // The platform's look may arrive after its name (and fade in): read the colours at rest.
      await expect(submit).not.toHaveCSS('background-color', ARCO_BLUE);
      await animationsAtRest(page);
      const primary = await submit.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(primary).not.toBe(ARCO_BLUE);
      const mark = page.getByRole('banner').locator('.brand-mark');
      expect(await colour(mark)).toBe(primary);
      for (const name of [AGREEMENT[lang], login[lang].forgot, login[lang].register])
        expect(await colour(page.getByRole('main').getByRole('link', { name }).first())).toBe(primary);
      // The page's tint is the platform's own light step, not the main look's blue.
      const tint = await page
        .locator('.public-layout')
        .evaluate((el) => getComputedStyle(el).backgroundImage);
      expect(tint).not.toContain('232, 240, 255');
      expect(tint).not.toContain('232, 243, 255');
    });
  }

  test('the main look keeps Arco blue for its mark', async ({ sharedPage: page }) => {
    await page.goto('/login?lang=en-US');
    expect(await colour(page.getByRole('banner').locator('.brand-mark'))).toBe(ARCO_BLUE);
  });

  for (const lang of LANGS) {
    test(`public pages and the user centre carry one product name, also in the tab title (${lang})`, async ({
      sharedPage: page,
    }) => {
      const name = platformNames[lang].main;
      await page.goto(`/login?lang=${lang}`);
      await expect(page.getByRole('banner')).toContainText(name);
      await expect(page).toHaveTitle(new RegExp(name));
      const user = await registerPhoneUser(page.request);
      await loginByApi(page, user.phone, user.password);
      await page.goto(`/usercenter?lang=${lang}`);
      await expect(page.getByRole('heading', { name: usercenter[lang].menuAccount })).toBeVisible();
      await expect(page.getByRole('banner')).toContainText(name);
      await expect(page).toHaveTitle(`${usercenter[lang].menuAccount} · ${name}`);
    });
  }
});
