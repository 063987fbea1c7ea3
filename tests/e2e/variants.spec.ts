import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
/**
 * Third-party popups, the branded variant, the sub-platforms' looks, the mobile layout and the
 * in-app browser hint, and the intern widget inside a cross-site iframe.
 */
import { devices, expect, test } from '../support/e2e-fixtures';
import { registerPhoneUser, uniqueSuffix } from '../support/e2e-api';
import { common, forget, login, platformNames, product, register, thirdParty } from '../support/e2e-texts';

const APPROVE = /approve|同意|授权/i;

test('GitHub login in a 1000x800 popup lands the opener in the user centre', async ({ page }) => {
  await page.goto('/login?lang=en-US');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: thirdParty['en-US'].github }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/__dev\/oauth\/github/);
  expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([1000, 800]);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: APPROVE }).click();
  await closed;
  await expect(page).toHaveURL(/\/usercenter/);
});

test('CARSI login from a sub-platform sends the opener through /authentication with a code', async ({
  page,
  baseURL,
}) => {
  const target = `${baseURL}/deleteProtocol?from=carsi`;
  await page.goto(`/login?lang=zh-CN&clientId=uaa-science-discovery&redirect=${encodeURIComponent(target)}`);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: thirdParty['zh-CN'].carsi }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/__dev\/oauth\/carsi/);
  await popup.getByRole('button', { name: APPROVE }).click();
  await page.waitForURL(/\/deleteProtocol\?from=carsi&code=/);
});

test('WeChat login is refused with a warning outside production', async ({ page }) => {
  await page.goto('/login?lang=en-US');
  await page.getByRole('button', { name: thirdParty['en-US'].wechat }).click();
  await expect(page.getByText(product.wechatUnsupported['en-US'])).toBeVisible();
  await page.goto('/wechat?lang=zh-CN');
  await expect(page.getByText(product.wechatUnsupported['zh-CN'])).toBeVisible();
});

test('the branded variant: its own name, 7-day label, its own links, 10 s back to its login', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/xlab-login?lang=en-US');
  await expect(page.getByText(platformNames['en-US'].branded)).toBeVisible();
  await expect(page.getByText(login['en-US'].autoLogin.replace('{days}', '7'))).toBeVisible();
  await page.getByRole('link', { name: login['en-US'].register }).click();
  await expect(page).toHaveURL(/\/xlab-register/);
  const t = register['en-US'];
  const form = page.getByRole('tabpanel', { name: t.emailTab });
  const suffix = uniqueSuffix();
  await form.getByRole('textbox', { name: t.username, exact: true }).fill(`brand-${suffix}`);
  await form.getByRole('textbox', { name: t.email, exact: true }).fill(`brand.${suffix}@example.com`);
  await form.locator('input[type=password]').nth(0).fill('Brand12345');
  await form.locator('input[type=password]').nth(1).fill('Brand12345');
  await form.getByText(common['en-US'].agree).click();
  await form.getByRole('button', { name: t.submit, exact: true }).click();
  await expect(page.getByText(t.emailSentTitle)).toBeVisible();
  await expect(page.getByRole('timer')).toContainText('10');
  await page.clock.runFor(11_000);
  await expect(page).toHaveURL(/\/xlab-login/);
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
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto('/login?lang=en-US');
    await expect(page.locator('.public-layout.is-mobile')).toBeVisible();
    await context.close();
  }
  const harmony = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Phone; OpenHarmony 4.0) AppleWebKit/537.36 Chrome/114 Mobile',
  });
  const hp = await harmony.newPage();
  await hp.goto('/login');
  await expect(hp.locator('.public-layout.is-mobile')).toBeVisible();
  await harmony.close();
  const wechat = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/116 Mobile MicroMessenger/8.0.40',
  });
  const wp = await wechat.newPage();
  await wp.goto('/login?lang=en-US');
  await expect(wp.getByText(product.browserCompat['en-US'])).toBeVisible();
  await wechat.close();
});

test('the intern widget works inside a cross-site iframe and tells the embedding page', async ({
  page,
  baseURL,
}) => {
  const user = await registerPhoneUser(page.request);
  // The embedding sub-platform: a real server on 127.0.0.1, another site than localhost.
  const embedder = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(embedderPage);
  });
  await new Promise<void>((resolve) => embedder.listen(0, '127.0.0.1', resolve));
  const parentOrigin = `http://127.0.0.1:${(embedder.address() as AddressInfo).port}`;
  const widget = new URL('/login', baseURL);
  widget.search = new URLSearchParams({
    lang: 'en-US',
    clientId: 'uaa-intern',
    redirect: 'https://intern.example.org/welcome',
    entrance: 'login-abroad',
    openerOrigin: parentOrigin,
  }).toString();
  const embedderPage = `<!doctype html><title>Intern</title><iframe id="w" title="login widget" src="${widget.href}" width="480" height="720"></iframe>
<script>window.got = []; addEventListener('message', (e) => got.push({ origin: e.origin, data: e.data }));</script>`;
  try {
    await page.goto(`${parentOrigin}/`);
    const frame = page.frameLocator('#w');
    const t = login['en-US'];
    await expect(frame.getByRole('tab', { name: t.passwordTab, selected: true })).toBeVisible();
    await expect(frame.getByText(platformNames['en-US'].footer)).toHaveCount(0);
    const panel = frame.getByRole('tabpanel', { name: t.passwordTab });
    await panel.getByRole('textbox', { name: t.account, exact: true }).fill(user.username);
    await panel.locator('input[type=password]').fill(user.password);
    await panel.getByText(common['en-US'].agree).click();
    await panel.getByRole('button', { name: t.submit, exact: true }).click();
    await frame.getByRole('button', { name: common['en-US'].verify }).click();
    type Got = { origin: string; data: { type: string; next: string } }[];
    await expect.poll(() => page.evaluate(() => (window as unknown as { got: Got }).got.length)).toBe(1);
    const [message] = await page.evaluate(() => (window as unknown as { got: Got }).got);
    expect(message!.origin).toBe(new URL(baseURL!).origin);
    expect(message!.data.type).toBe('sso-login-success');
    expect(message!.data.next).toContain('/authentication?');
  } finally {
    embedder.close();
  }
});

test('each intern widget entrance shows its own form', async ({ page }) => {
  const base = { lang: 'en-US', redirect: 'https://intern.example.org/welcome', clientId: 'uaa-intern' };
  const open = (entrance: string) =>
    page.goto(`/login?${new URLSearchParams({ ...base, entrance }).toString()}`);
  await open('login-cn');
  await expect(page.getByRole('tab', { name: login['en-US'].smsTab, selected: true })).toBeVisible();
  await open('login-cn-from-abroad');
  await expect(page.getByRole('tab', { name: login['en-US'].smsTab, selected: true })).toBeVisible();
  await open('login-abroad');
  await expect(page.getByRole('tab', { name: login['en-US'].passwordTab, selected: true })).toBeVisible();
  await open('register-email');
  await expect(page.getByRole('tab', { name: register['en-US'].emailTab, selected: true })).toBeVisible();
  await open('register-email-success');
  await expect(page.getByText(register['en-US'].emailSentTitle)).toBeVisible();
  await open('login-email-reset-password');
  await expect(page.getByRole('tab', { name: forget['en-US'].emailTab, selected: true })).toBeVisible();
  // No site frame inside the widget.
  await expect(page.getByRole('banner')).toHaveCount(0);
});
