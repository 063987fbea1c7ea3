import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
/**
 * What a visitor sees when the BFF refuses a redirect, and popups that come back to the origin
 * in use (issue 19, items 1, 5 and 8):
 * - a redirect_url outside the allow-list: "redirect failed" in the page's language, then /login;
 * - GitHub and CARSI popups opened at http://127.0.0.1:<port> come back to that origin;
 * - inside the intern widget (a cross-site iframe), a refused redirect is a compact message that
 *   names the refused host and stays in the frame (issue 29, item 10).
 */
import { expect, journeysInTurns, test, type Page } from '../support/e2e-fixtures';
import { registerPhoneUser } from '../support/e2e-api';
import {
  authentication,
  common,
  LANGS,
  login,
  notInFrame,
  product,
  thirdParty,
  usercenter,
} from '../support/e2e-texts';

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

/**
 * An embedding site on 127.0.0.1 (another site than the app's localhost) that frames `src` at the
 * widget's 480 px and, as the widget's protocol asks, takes its frame to the `next` it is told
 * after a login.
 */
async function embedder(src: (origin: string) => string): Promise<{ origin: string; close(): void }> {
  let html = '';
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  html = `<!doctype html><title>Intern</title><iframe id="w" name="w" title="login widget" src="${src(origin)}" width="480" height="720"></iframe>
<script>addEventListener('message', (e) => { if (e.data && e.data.next) document.getElementById('w').src = e.data.next; });</script>`;
  return { origin, close: () => server.close() };
}

/** An address whose host names the intern platform (so the widget's) that no allow-list admits. */
const REFUSED_INTERN = 'https://intern.evil.example/steal';
/** Spec §9: a refused redirect goes back to login after 2 s (outside the widget's frame). */
const REDIRECT_FAILURE_DELAY_MS = 2000;

// Issue 29, item 10: a login in the widget whose address is refused says so in the 480 px frame,
// with the host, and stays there: the frame never goes on to the login page or the user centre.
// Through /authentication (`redirect` with a clientId) and through /bff/redirect (`redirect_url`).
for (const lang of LANGS)
  for (const via of ['redirect', 'redirect_url'] as const)
    test(`inside the widget's frame, a refused ${via} is a compact message that stays (${lang})`, async ({
      page,
      baseURL,
    }) => {
      await page.clock.install();
      const user = await registerPhoneUser(page.request);
      const query = (origin: string) =>
        new URLSearchParams({
          lang,
          entrance: 'login-abroad',
          openerOrigin: origin,
          ...(via === 'redirect'
            ? { clientId: 'uaa-intern', redirect: REFUSED_INTERN }
            : { redirect_url: REFUSED_INTERN }),
        });
      const site = await embedder(
        (origin) => `${new URL('/login', baseURL).href}?${query(origin).toString()}`,
      );
      try {
        await page.goto(`${site.origin}/`);
        const frame = page.frameLocator('#w');
        const t = login[lang];
        const panel = frame.getByRole('tabpanel', { name: t.passwordTab });
        await panel.getByRole('textbox', { name: t.account, exact: true }).fill(user.username);
        await panel.locator('input[type=password]').fill(user.password);
        await panel.getByText(common[lang].agree).click();
        await panel.getByRole('button', { name: t.submit, exact: true }).click();
        await frame.getByRole('button', { name: common[lang].verify }).click();

        const title = frame.getByRole('heading', { name: authentication[lang].widgetRefusedTitle });
        await expect(title).toBeVisible();
        await expect(frame.getByText('intern.evil.example', { exact: true })).toBeVisible();
        await expect(frame.getByText(authentication[lang].widgetRefusedBody)).toBeVisible();
        const widget = page.frame({ name: 'w' })!;
        expect(new URL(widget.url()).pathname).toBe(via === 'redirect' ? '/authentication' : '/bff/redirect');
        // It fits the frame: nothing to scroll sideways.
        expect(await widget.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(480);

        // Well past the 2 s after which a page of its own goes back to login: still there.
        await page.clock.fastForward(REDIRECT_FAILURE_DELAY_MS * 3);
        await expect(title).toBeVisible();
        expect(new URL(widget.url()).pathname).toBe(via === 'redirect' ? '/authentication' : '/bff/redirect');
        await expect(frame.getByText(notInFrame[lang].title)).toHaveCount(0);
        await expect(frame.getByText(usercenter[lang].logout)).toHaveCount(0);
        await expect(frame.getByText(usercenter[lang].menuKeys)).toHaveCount(0);
      } finally {
        site.close();
      }
    });
