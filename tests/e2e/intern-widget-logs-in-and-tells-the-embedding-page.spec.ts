/**
 * The intern platform's embedded login widget (spec §2): inside a cross-site iframe it tells the
 * embedding page, each entrance shows its own form, the set-phone entrance binds a phone before
 * the visitor goes on, and opened outside a frame it is a centred card.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, passwordLogin, test } from '../support/e2e-fixtures';
import { loginByApi, registerPhoneUser } from '../support/e2e-api';
import { contactChange, forget, login, platformNames, register } from '../support/e2e-texts';

const INTERN = 'https://intern.example.org/welcome';

function internEntrance(lang: string, entrance: string): string {
  return `/login?${new URLSearchParams({ lang, clientId: 'uaa-intern', redirect: INTERN, entrance }).toString()}`;
}

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
    await passwordLogin(frame, 'en-US', user.username, user.password);
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

test.describe('the intern widget set-phone entrance', () => {
  test('a signed-in visitor gets the bind-phone screen, not the user centre (en-US)', async ({
    sharedPage: page,
  }) => {
    const user = await registerPhoneUser(page.request);
    await loginByApi(page, user.username, user.password);
    await page.goto(internEntrance('en-US', 'setPhone'));
    await expect(page.getByRole('heading', { name: contactChange['en-US'].changePhone })).toBeVisible();
    await expect(page.getByRole('textbox', { name: contactChange['en-US'].code, exact: true })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  test('a visitor without a session logs in and lands on the bind-phone screen (zh-CN)', async ({
    sharedPage: page,
  }) => {
    const user = await registerPhoneUser(page.request);
    await page.goto(internEntrance('zh-CN', 'setPhone'));
    await passwordLogin(page, 'zh-CN', user.username, user.password);
    await expect(page.getByRole('heading', { name: contactChange['zh-CN'].changePhone })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

test('the intern widget opened outside an iframe is a centred card', async ({ sharedPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(internEntrance('en-US', 'login-abroad'));
  const field = page.getByRole('textbox', { name: login['en-US'].account, exact: true });
  const box = (await field.boundingBox())!;
  expect(box.width).toBeLessThan(520);
  expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(8);
});
