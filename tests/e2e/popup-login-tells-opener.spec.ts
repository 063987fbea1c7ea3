/**
 * A third-party login in a popup that another site opened (spec §4): an allowed site is told once,
 * then the popup closes after 500 ms; a site that is not allowed, whatever origin it declares,
 * hears nothing. A real cross-origin opener page on a loopback address of its own.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, takenOver, test, type Page } from '../support/e2e-fixtures';
import { thirdParty, type Lang } from '../support/e2e-texts';
import { POPUP_CLOSE_DELAY_MS } from '../../client/features/oauth/api';

/**
 * Another site's page, served for real on a loopback address of its own, with a button that opens
 * the login in a popup (in `lang`, naming `openerOrigin` or else the site's own origin) and a
 * record of every message the page receives.
 */
async function openerSite(host: '127.0.0.1' | '::1', baseURL: string, lang: Lang, openerOrigin?: string) {
  let body = '';
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = host === '::1' ? `http://[::1]:${port}` : `http://${host}:${port}`;
  const query = new URLSearchParams({ lang, openerOrigin: openerOrigin ?? origin });
  const popup = new URL(`/login?${query.toString()}`, baseURL).href;
  body = `<!doctype html><html lang="en"><title>Sub-platform</title><main><h1>Sub-platform</h1>
<button type="button" id="open">Log in with the account centre</button></main>
<script>
window.got = [];
addEventListener('message', (e) => got.push({ origin: e.origin, data: e.data, at: Date.now() }));
document.getElementById('open').onclick = () => window.open(${JSON.stringify(popup)}, 'account-centre', 'popup=yes,width=1000,height=800');
</script></html>`;
  return { origin, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * Serves the opener site (openerSite's arguments), opens its page and, from its button, the login
 * popup, and runs `walk` with the popup and its language; the site stops afterwards.
 */
async function fromOpenerSite(
  page: Page,
  site: Parameters<typeof openerSite>,
  walk: (popup: Page, lang: Lang) => Promise<void>,
): Promise<void> {
  const { origin, close } = await openerSite(...site);
  try {
    await page.goto(`${origin}/`);
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Log in with the account centre' }).click();
    await walk(await popupOpened, site[2]);
  } finally {
    await close();
  }
}

type Got = { origin: string; data: { type?: string }; at: number }[];
const received = (page: Page) => page.evaluate(() => (window as unknown as { got: Got }).got);

test.describe('a third-party login in a popup another site opened', () => {
  test('an allowed site gets exactly one success message, then the popup closes after 500 ms (en-US)', async ({
    page,
    baseURL,
    context,
  }) => {
    await fromOpenerSite(page, ['127.0.0.1', baseURL!, 'en-US'], async (popup, lang) => {
      // Opened by another site, the popup keeps CARSI in this window (no popup of its own).
      const pages = context.pages().length;
      // A click before the app's script has run reaches no handler (the page is its prerendered HTML).
      await takenOver(popup);
      await popup.getByRole('button', { name: thirdParty[lang].carsi }).click();
      await popup.waitForURL(/\/__dev\/oauth\/carsi/);
      expect(context.pages()).toHaveLength(pages);
      // From here the pages' clocks stand still (Playwright's clock): the popup's timers fire only
      // when the test moves time on, never measured against the wall clock of a loaded machine.
      await context.clock.install();
      await context.clock.pauseAt(Date.now() + 60_000);
      let closed = false;
      popup.on('close', () => (closed = true));
      await popup.getByRole('button', { name: /approve/i }).click();
      await expect.poll(() => received(page)).toHaveLength(1);
      const got = await received(page);
      expect(got[0]!.origin).toBe(new URL(baseURL!).origin);
      expect(got[0]!.data).toEqual({ type: 'sso-login-success' });
      // A millisecond short of the delay after posting, the popup is still open; then it closes.
      await popup.clock.runFor(POPUP_CLOSE_DELAY_MS - 1);
      await popup.evaluate(() => document.readyState);
      expect(closed, 'closed before the delay was over').toBe(false);
      const closing = popup.waitForEvent('close');
      await popup.clock.runFor(1);
      await closing;
      expect(await received(page)).toHaveLength(1);
      // The login is the product's: the session cookie is set for its origin.
      const session = await page.request.get('/bff/session');
      expect(await session.json()).toEqual({ authenticated: true });
    });
  });

  test('a site that is not allowed gets nothing, whatever origin it declares; the popup goes on to the user centre (zh-CN)', async ({
    page,
    baseURL,
  }) => {
    // [::1] is loopback too, but not among the development opener origins (localhost, 127.0.0.1).
    await fromOpenerSite(page, ['::1', baseURL!, 'zh-CN'], async (popup, lang) => {
      // Not another site's login popup as far as the product is concerned: CARSI opens its own.
      const carsiOpened = popup.waitForEvent('popup');
      await takenOver(popup);
      await popup.getByRole('button', { name: thirdParty[lang].carsi }).click();
      const carsi = await carsiOpened;
      const carsiClosed = carsi.waitForEvent('close');
      await carsi.getByRole('button', { name: /同意|approve/i }).click();
      await carsiClosed;
      await expect(popup).toHaveURL(/\/usercenter/);
      expect(await received(page)).toEqual([]);
    });
  });

  test('an openerOrigin naming an allowed site does not reach another opener (en-US)', async ({
    page,
    baseURL,
  }) => {
    // The page is on [::1] but claims to be an allowed origin: the message goes there, not here.
    await fromOpenerSite(page, ['::1', baseURL!, 'en-US', 'http://127.0.0.1:9'], async (popup, lang) => {
      const closed = popup.waitForEvent('close');
      await takenOver(popup);
      await popup.getByRole('button', { name: thirdParty[lang].carsi }).click();
      await popup.getByRole('button', { name: /approve/i }).click();
      await closed;
      expect(await received(page)).toEqual([]);
    });
  });
});
