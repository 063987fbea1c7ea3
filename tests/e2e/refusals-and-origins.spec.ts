import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
/**
 * What a visitor sees when the BFF refuses a redirect, and popups that come back to the origin
 * in use (issue 19, items 1, 5 and 8):
 * - a redirect_url outside the allow-list: "redirect failed" in the page's language, then /login;
 * - GitHub and CARSI popups opened at http://127.0.0.1:<port> come back to that origin;
 * - inside the intern widget (a cross-site iframe), a refused /authentication is a page the frame shows.
 */
import { expect, journeysInTurns, test, type Page } from '../support/e2e-fixtures';
import { registerPhoneUser } from '../support/e2e-api';
import { common, login, product, thirdParty } from '../support/e2e-texts';

const APPROVE = /approve|同意|授权/i;
const EVIL = 'https://evil.example/steal';

async function visitorSpeaking(page: Page, lang: string): Promise<void> {
  // The language a visitor chose is kept for the pages that follow (spec §1).
  await page.goto(`/login?lang=${lang}`);
  await expect(page.getByRole('tab').first()).toBeVisible();
}

journeysInTurns((lang, inTurn) => {
  if (inTurn())
    test(`a redirect_url outside the allow-list shows "redirect failed", then login (${lang})`, async ({
      sharedPage: page,
    }) => {
      const user = await registerPhoneUser(page.request);
      await visitorSpeaking(page, lang);
      const t = login[lang];
      await page.goto(`/login?lang=${lang}&redirect_url=${encodeURIComponent(EVIL)}`);
      const panel = page.getByRole('tabpanel', { name: t.passwordTab });
      await page.getByRole('tab', { name: t.passwordTab }).click();
      await panel.getByRole('textbox', { name: t.account, exact: true }).fill(user.username);
      await panel.locator('input[type=password]').fill(user.password);
      await panel.getByText(common[lang].agree).click();
      await panel.getByRole('button', { name: t.submit, exact: true }).click();
      await page.getByRole('button', { name: common[lang].verify }).click();
      await expect(page).toHaveURL(/\/bff\/redirect\?to=/);
      await expect(page.getByText(product.redirectFailed[lang])).toBeVisible();
      // No raw JSON on the page.
      await expect(page.getByText('msgCode')).toHaveCount(0);
      await page.waitForURL(/\/login$|\/login\?|\/usercenter/, { timeout: 5000 });
      expect(new URL(page.url()).origin).not.toBe('https://evil.example');
    });
});

test('a script asking /bff/redirect for JSON still gets the 400 envelope, in its lang', async ({
  sharedPage: page,
}) => {
  const reply = await page.request.get(`/bff/redirect?to=${encodeURIComponent(EVIL)}`, {
    headers: { accept: 'application/json', lang: 'en-US' },
    maxRedirects: 0,
  });
  expect(reply.status()).toBe(400);
  expect(await reply.json()).toEqual({ msgCode: 'A0100', msg: product.redirectFailed['en-US'] });
});

for (const [provider, lang] of [
  ['github', 'en-US'],
  ['carsi', 'zh-CN'],
] as const) {
  test(`a ${provider} popup opened at 127.0.0.1 comes back to 127.0.0.1 (${lang})`, async ({
    sharedPage: page,
    baseURL,
  }) => {
    const origin = `http://127.0.0.1:${new URL(baseURL!).port}`;
    await page.goto(`${origin}/login?lang=${lang}`);
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: thirdParty[lang][provider] }).click();
    const popup = await popupPromise;
    await popup.waitForURL(new RegExp(`/__dev/oauth/${provider}`));
    expect(new URL(popup.url()).origin).toBe(origin);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: APPROVE }).click();
    await closed;
    await expect(page).toHaveURL(new RegExp(`^${origin.replace(/\./g, '\\.')}/(usercenter|username)`));
  });
}

test('inside the intern widget, a refused /authentication is a page the frame shows', async ({
  sharedPage: page,
  baseURL,
}) => {
  // The widget's last step, as its frame takes it after a login, with a redirect nobody allowed
  // (its host names the intern platform, which makes it the widget's: only then may it be framed).
  const embedder = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(embedderPage);
  });
  await new Promise<void>((resolve) => embedder.listen(0, '127.0.0.1', resolve));
  const parentOrigin = `http://127.0.0.1:${(embedder.address() as AddressInfo).port}`;
  const refused = new URL('/authentication', baseURL);
  refused.search = new URLSearchParams({
    clientId: 'uaa-intern',
    redirect: 'https://intern.evil.example/steal',
    lang: 'en-US',
  }).toString();
  const embedderPage = `<!doctype html><title>Intern</title><iframe id="w" title="login widget" src="${refused.href}" width="480" height="720"></iframe>`;
  try {
    await page.goto(`${parentOrigin}/`);
    const frame = page.frameLocator('#w');
    await expect(frame.getByText(product.redirectFailed['en-US'])).toBeVisible();
  } finally {
    embedder.close();
  }
});
