/**
 * Issue 19, "also walk what was not covered": login and registration by keyboard alone (focus
 * order, visible focus, the verification dialogue taking and giving back focus, Escape, no trap);
 * the 300 ms redirect delay of the one in-app browser; and the postMessage of a third-party login
 * made in a popup that another site opened (spec §4), with a real cross-origin opener page.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, takenOver, test, type Browser, type Locator, type Page } from '../support/e2e-fixtures';
import { codeSentTo, createPhoneUser, newPhone, registerPhoneUser, uniqueSuffix } from '../support/e2e-api';
import {
  agreement,
  common,
  login,
  passwordInput,
  register,
  thirdParty,
  type Lang,
} from '../support/e2e-texts';

/**
 * Whether the focused element can be seen, and seen to be focused: 'visible', or what is wrong.
 * Seen: its box (a checkbox's label, the input being hidden) is inside the window. Focused: an
 * outline, a ring (a box-shadow that spreads or blurs), on the control, on what draws it (the
 * tab's text, the checkbox's box, a text field's frame) or their ::before / ::after; a text field
 * may instead show a border it does not have unfocused (Arco's inputs are borderless at rest).
 */
async function focusSeen(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing is focused';
    const alpha = (colour: string) => {
      if (colour === 'transparent') return 0;
      const parts = /rgba?\(([^)]*)\)/.exec(colour)?.[1]?.split(',') ?? [];
      return parts.length === 4 ? Number(parts[3]) : 1;
    };
    const ring = (style: CSSStyleDeclaration) => {
      if (
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) >= 1 &&
        alpha(style.outlineColor) > 0
      )
        return true;
      if (style.boxShadow === 'none') return false;
      return style.boxShadow.split(/,(?![^(]*\))/).some((shadow) => {
        const colour = /rgba?\([^)]*\)/.exec(shadow)?.[0] ?? 'rgb(0, 0, 0)';
        const [, , blur = 0, spread = 0] = shadow
          .replace(colour, '')
          .trim()
          .split(/\s+/)
          .filter((part) => part.endsWith('px'))
          .map(parseFloat);
        return (blur >= 1 || spread >= 1) && alpha(colour) > 0;
      });
    };
    const checkbox = el instanceof HTMLInputElement && el.type === 'checkbox';
    const textField = el instanceof HTMLInputElement && !checkbox;
    const frame = el.closest<HTMLElement>('.arco-input-inner-wrapper');
    const drawn: Element[] = [el, ...el.querySelectorAll('*')];
    if (checkbox && el.parentElement) drawn.push(...el.parentElement.querySelectorAll('*'));
    if (frame) drawn.push(frame);
    const box = (checkbox ? el.closest('label') : el)?.getBoundingClientRect();
    const what = `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}"`;
    if (!box || box.width === 0 || box.height === 0) return `${what} has no box`;
    if (box.bottom <= 0 || box.top >= window.innerHeight || box.right <= 0 || box.left >= window.innerWidth)
      return `${what} is outside the window`;
    const ringed = drawn.some((node) =>
      [null, '::before', '::after'].some((pseudo) => ring(getComputedStyle(node, pseudo))),
    );
    const bordered =
      textField &&
      [el, frame].some((node) => {
        if (!node) return false;
        const style = getComputedStyle(node);
        return parseFloat(style.borderTopWidth) >= 1 && alpha(style.borderTopColor) > 0;
      });
    return ringed || bordered ? 'visible' : `${what} shows no focus`;
  });
}

/** Presses `key` and checks that focus landed on `target`, on screen, with a visible indicator. */
async function press(page: Page, key: string, target: Locator): Promise<void> {
  await page.keyboard.press(key);
  await expect(target).toBeFocused();
  // Arco animates its rings in: wait for the transition to end rather than for a fixed time.
  await expect.poll(() => focusSeen(page), { message: `focus after ${key}` }).toBe('visible');
}

const languageSwitch = (page: Page, lang: Lang) =>
  page.getByRole('button', { name: lang === 'zh-CN' ? 'English' : '中文', exact: true });

/** The agreement line's three stops: the checkbox (ticked with Space), then its two links. */
async function agreeByKeyboard(page: Page, panel: Locator, lang: Lang): Promise<void> {
  const box = panel.getByRole('checkbox', { name: common[lang].agree });
  await press(page, 'Tab', box);
  await expect(box).not.toBeChecked();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await press(page, 'Tab', panel.getByRole('link', { name: agreement[lang].agreement }));
  await press(page, 'Tab', panel.getByRole('link', { name: agreement[lang].privacy }));
}

test.describe('keyboard only', () => {
  test('password login: arrow keys pick the tab, fields in visual order, the verification dialogue takes focus and gives it back, Escape closes it (zh-CN)', async ({
    page,
  }) => {
    const lang = 'zh-CN';
    const t = login[lang];
    const c = common[lang];
    const user = await registerPhoneUser(page.request);
    await page.goto(`/login?lang=${lang}`);
    await takenOver(page);

    await press(page, 'Tab', languageSwitch(page, lang));
    const smsTab = page.getByRole('tab', { name: t.smsTab });
    const passwordTab = page.getByRole('tab', { name: t.passwordTab });
    // The tab list is one stop, on the selected tab; the arrow keys move between tabs and select.
    await press(page, 'Tab', smsTab);
    await press(page, 'ArrowRight', passwordTab);
    await expect(passwordTab).toHaveAttribute('aria-selected', 'true');
    await press(page, 'ArrowRight', smsTab);
    await press(page, 'ArrowLeft', passwordTab);
    await expect(smsTab).toHaveAttribute('tabindex', '-1');

    const panel = page.getByRole('tabpanel', { name: t.passwordTab });
    await press(page, 'Tab', panel.getByRole('textbox', { name: t.account, exact: true }));
    await page.keyboard.type(user.username);
    const password = panel.getByLabel(t.password, { exact: true });
    await press(page, 'Tab', password);
    await page.keyboard.type(user.password);
    // The eye shows the password: a named button that Space and Enter both work.
    const show = panel.getByRole('button', { name: passwordInput[lang].show });
    await press(page, 'Tab', show);
    await page.keyboard.press('Space');
    await expect(show).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveAttribute('type', 'text');
    await page.keyboard.press('Enter');
    await expect(show).toHaveAttribute('aria-pressed', 'false');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveValue(user.password);

    await agreeByKeyboard(page, panel, lang);
    const autoLogin = panel.getByRole('checkbox', { name: t.autoLogin.replace('{days}', '14') });
    await press(page, 'Tab', autoLogin);
    const submit = panel.getByRole('button', { name: t.submit, exact: true });
    await press(page, 'Tab', submit);
    // Shift+Tab walks back the same way.
    await press(page, 'Shift+Tab', autoLogin);
    await press(page, 'Shift+Tab', panel.getByRole('link', { name: agreement[lang].privacy }));
    await press(page, 'Tab', autoLogin);
    await press(page, 'Tab', submit);

    // The dialogue takes focus (it is modal: Tab stays inside); Escape closes it, focus comes back.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: c.captchaTitle });
    const verify = dialog.getByRole('button', { name: c.verify });
    await expect(verify).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(verify).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(submit).toBeFocused();
    await expect.poll(() => focusSeen(page)).toBe('visible');
    await expect(page).toHaveURL(/\/login/);

    await page.keyboard.press('Enter');
    await expect(verify).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/usercenter/);
    await expect(page.getByText(user.username)).toBeVisible();
  });

  test('SMS login: the code by the dialogue, focus then in the code field; the whole page in one Tab cycle, no trap (en-US)', async ({
    page,
    baseURL,
  }) => {
    const lang = 'en-US';
    const t = login[lang];
    const c = common[lang];
    const { phone } = await createPhoneUser(baseURL!);
    await page.goto(`/login?lang=${lang}`);
    await takenOver(page);

    await press(page, 'Tab', languageSwitch(page, lang));
    await press(page, 'Tab', page.getByRole('tab', { name: t.smsTab, selected: true }));
    const panel = page.getByRole('tabpanel', { name: t.smsTab });
    await press(page, 'Tab', panel.getByRole('textbox', { name: t.phone, exact: true }));
    await page.keyboard.type(phone);
    const codeField = panel.getByRole('textbox', { name: t.code, exact: true });
    await press(page, 'Tab', codeField);
    const getCode = panel.getByRole('button', { name: c.getCode });
    await press(page, 'Tab', getCode);

    // Escape closes the dialogue without sending; focus is back on the button.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: c.captchaTitle });
    const verify = dialog.getByRole('button', { name: c.verify });
    await expect(verify).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(getCode).toBeFocused();

    const code = await codeSentTo(page.request, phone, async () => {
      await page.keyboard.press('Enter');
      await expect(verify).toBeFocused();
      await page.keyboard.press('Space');
    });
    await expect(dialog).toBeHidden();
    // The button counts down (disabled): the next thing to do is typing the code, so focus is there.
    await expect(panel.getByRole('button', { name: /^\d+s$/ })).toBeDisabled();
    await expect(codeField).toBeFocused();
    await expect.poll(() => focusSeen(page)).toBe('visible');
    await page.keyboard.type(code);

    // The disabled button is skipped.
    await agreeByKeyboard(page, panel, lang);
    const autoLogin = panel.getByRole('checkbox', { name: t.autoLogin.replace('{days}', '14') });
    await press(page, 'Tab', autoLogin);
    const submit = panel.getByRole('button', { name: t.submit, exact: true });
    await press(page, 'Tab', submit);

    // On to the end of the page, out of it, and round again: nothing holds the focus.
    await press(page, 'Tab', page.getByRole('link', { name: t.forgot }));
    await press(page, 'Tab', page.getByRole('link', { name: t.register, exact: true }));
    for (const name of ['github', 'wechat', 'carsi'] as const)
      await press(page, 'Tab', page.getByRole('button', { name: thirdParty[lang][name], exact: true }));
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await press(page, 'Tab', languageSwitch(page, lang));
    // Backwards the same: out of the page (Chromium, once focus has come round, may skip its own
    // controls and go straight to the last one of the page).
    await page.keyboard.press('Shift+Tab');
    if (await page.evaluate(() => document.activeElement === document.body))
      await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: thirdParty[lang].carsi, exact: true })).toBeFocused();
    await expect.poll(() => focusSeen(page)).toBe('visible');
    for (const name of ['wechat', 'github'] as const)
      await press(page, 'Shift+Tab', page.getByRole('button', { name: thirdParty[lang][name], exact: true }));
    await press(page, 'Shift+Tab', page.getByRole('link', { name: t.register, exact: true }));
    await press(page, 'Shift+Tab', page.getByRole('link', { name: t.forgot }));
    await press(page, 'Shift+Tab', submit);

    await page.keyboard.press('Enter');
    // A phone account made in the back office has no username: the main platform asks for one.
    await expect(page).toHaveURL(/\/username/);
  });

  test('register by e-mail: fields in visual order, the result takes focus (zh-CN)', async ({ page }) => {
    const lang = 'zh-CN';
    const t = register[lang];
    const suffix = uniqueSuffix();
    await page.goto(`/register?lang=${lang}`);
    await expect(page.getByRole('tab', { name: t.emailTab, selected: true })).toBeVisible();

    await press(page, 'Tab', languageSwitch(page, lang));
    await press(page, 'Tab', page.getByRole('tab', { name: t.emailTab, selected: true }));
    const panel = page.getByRole('tabpanel', { name: t.emailTab });
    await press(page, 'Tab', panel.getByRole('textbox', { name: t.username, exact: true }));
    await page.keyboard.type(`kb-${suffix}`);
    await press(page, 'Tab', panel.getByRole('textbox', { name: t.email, exact: true }));
    await page.keyboard.type(`kb.${suffix}@example.com`);
    const [showPassword, showConfirm] = [0, 1].map((i) =>
      panel.getByRole('button', { name: passwordInput[lang].show }).nth(i),
    );
    await press(page, 'Tab', panel.getByLabel(t.password, { exact: true }));
    await page.keyboard.type('Keyboard123');
    await press(page, 'Tab', showPassword!);
    await press(page, 'Tab', panel.getByLabel(t.confirm, { exact: true }));
    await page.keyboard.type('Keyboard123');
    await press(page, 'Tab', showConfirm!);
    await agreeByKeyboard(page, panel, lang);
    await press(page, 'Tab', panel.getByRole('button', { name: t.submit, exact: true }));
    await page.keyboard.press('Enter');

    // The form is gone: focus goes to the result's heading rather than to nowhere.
    const heading = page.getByRole('heading', { name: t.emailSentTitle });
    await expect(heading).toBeFocused();
    await press(page, 'Tab', page.getByRole('link', { name: t.backToLogin }));
  });

  test('register by phone: the arrow key picks the tab, the code button hands focus to the code field (en-US)', async ({
    page,
  }) => {
    const lang = 'en-US';
    const t = register[lang];
    const c = common[lang];
    const phone = newPhone();
    await page.goto(`/register?lang=${lang}`);
    await expect(page.getByRole('tab', { name: t.emailTab, selected: true })).toBeVisible();

    await press(page, 'Tab', languageSwitch(page, lang));
    await press(page, 'Tab', page.getByRole('tab', { name: t.emailTab }));
    const phoneTab = page.getByRole('tab', { name: t.phoneTab });
    await press(page, 'ArrowRight', phoneTab);
    await expect(phoneTab).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: t.phoneTab });
    await press(page, 'Tab', panel.getByRole('textbox', { name: t.username, exact: true }));
    await page.keyboard.type(`kb${uniqueSuffix()}`);
    await press(page, 'Tab', panel.getByRole('textbox', { name: t.phone, exact: true }));
    await page.keyboard.type(phone);
    const codeField = panel.getByRole('textbox', { name: t.code, exact: true });
    await press(page, 'Tab', codeField);
    await press(page, 'Tab', panel.getByRole('button', { name: c.getCode }));
    const code = await codeSentTo(page.request, phone, () => page.keyboard.press('Enter'));
    await expect(panel.getByRole('button', { name: /^\d+s$/ })).toBeDisabled();
    await expect(codeField).toBeFocused();
    await page.keyboard.type(code);

    await press(page, 'Tab', panel.getByLabel(t.password, { exact: true }));
    await page.keyboard.type('Keyboard123');
    await press(page, 'Tab', panel.getByRole('button', { name: passwordInput[lang].show }).first());
    await press(page, 'Tab', panel.getByLabel(t.confirm, { exact: true }));
    await page.keyboard.type('Keyboard123');
    await press(page, 'Tab', panel.getByRole('button', { name: passwordInput[lang].show }).last());
    await agreeByKeyboard(page, panel, lang);
    await press(page, 'Tab', panel.getByRole('button', { name: t.submit, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: t.phoneDoneTitle })).toBeFocused();
  });
});

// The one in-app browser (use-device.ts), as WeChat's Android browser names itself.
const IN_APP_AGENT =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.40';
const IN_APP_DELAY_MS = 300;
// Timers never fire early; Date.now() rounds each end to the millisecond.
const ROUNDING_MS = 2;
// No delay measures a few milliseconds of the page's own work; a loaded machine adds some.
const AT_ONCE_MS = 150;

/**
 * Records, in the page's own clock, when the app has read the password-login reply and when the
 * page starts to leave (`beforeunload`, fired as the navigation begins, before its request). Kept in
 * sessionStorage, which the landing page on the same origin still reads. The browser's network
 * timings were tried first: on a loaded CI machine they stamped the reply's end 230 ms late.
 */
function recordLeaving() {
  const original = window.fetch;
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    const response = await original(...args);
    if (response.url.endsWith('/login/byAccount')) {
      const json = response.json.bind(response);
      response.json = async () => {
        const body: unknown = await json();
        sessionStorage.setItem('replyRead', String(Date.now()));
        return body;
      };
    }
    return response;
  };
  addEventListener('beforeunload', () => sessionStorage.setItem('leaving', String(Date.now())));
}

/**
 * Logs in by password in a fresh context with `userAgent`, from a sub-platform's login link, and
 * returns how long after the app read the login reply the page started to leave for
 * /authentication (the redirect).
 */
async function redirectDelay(browser: Browser, baseURL: string, lang: Lang, userAgent?: string) {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  try {
    const page = await context.newPage();
    await page.addInitScript(recordLeaving);
    const user = await registerPhoneUser(page.request);
    const target = `${baseURL}/deleteProtocol?from=in-app`;
    await page.goto(`/login?lang=${lang}&clientId=uaa-media&redirect=${encodeURIComponent(target)}`);
    await takenOver(page);
    const t = login[lang];
    await page.getByRole('tab', { name: t.passwordTab }).click();
    const panel = page.getByRole('tabpanel', { name: t.passwordTab });
    await panel.getByRole('textbox', { name: t.account, exact: true }).fill(user.username);
    await panel.getByLabel(t.password, { exact: true }).fill(user.password);
    await panel.getByText(common[lang].agree).click();
    await panel.getByRole('button', { name: t.submit, exact: true }).click();
    const redirect = page.waitForRequest((r) => new URL(r.url()).pathname === '/authentication');
    await page.getByRole('button', { name: common[lang].verify }).click();
    await redirect;
    await page.waitForURL(/\/deleteProtocol\?from=in-app&code=/);
    const { replyRead, leaving } = await page.evaluate(() => ({
      replyRead: Number(sessionStorage.getItem('replyRead')),
      leaving: Number(sessionStorage.getItem('leaving')),
    }));
    expect(replyRead, 'the app read the login reply').toBeGreaterThan(0);
    return leaving - replyRead;
  } finally {
    await context.close();
  }
}

test('in the one in-app browser the redirect after login waits 300 ms (zh-CN)', async ({
  browser,
  baseURL,
}) => {
  expect(await redirectDelay(browser, baseURL!, 'zh-CN', IN_APP_AGENT)).toBeGreaterThanOrEqual(
    IN_APP_DELAY_MS - ROUNDING_MS,
  );
});

test('in an ordinary browser the redirect after login goes at once (en-US)', async ({ browser, baseURL }) => {
  expect(await redirectDelay(browser, baseURL!, 'en-US')).toBeLessThan(AT_ONCE_MS);
});

/**
 * Another site's page, served for real on a loopback address of its own, with a button that opens
 * the login in a popup (`query` added to /login) and a record of every message the page receives.
 */
async function openerSite(host: '127.0.0.1' | '::1', baseURL: string, query: (origin: string) => string) {
  let body = '';
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = host === '::1' ? `http://[::1]:${port}` : `http://${host}:${port}`;
  const popup = new URL(`/login?${query(origin)}`, baseURL).href;
  body = `<!doctype html><html lang="en"><title>Sub-platform</title><main><h1>Sub-platform</h1>
<button type="button" id="open">Log in with the account centre</button></main>
<script>
window.got = [];
addEventListener('message', (e) => got.push({ origin: e.origin, data: e.data, at: Date.now() }));
document.getElementById('open').onclick = () => window.open(${JSON.stringify(popup)}, 'account-centre', 'popup=yes,width=1000,height=800');
</script></html>`;
  return { origin, close: () => new Promise((resolve) => server.close(resolve)) };
}

type Got = { origin: string; data: { type?: string }; at: number }[];
const received = (page: Page) => page.evaluate(() => (window as unknown as { got: Got }).got);

test.describe('a third-party login in a popup another site opened', () => {
  test('an allowed site gets exactly one success message, then the popup closes after 500 ms (en-US)', async ({
    page,
    baseURL,
    context,
  }) => {
    const lang = 'en-US';
    const site = await openerSite('127.0.0.1', baseURL!, (origin) =>
      new URLSearchParams({ lang, openerOrigin: origin }).toString(),
    );
    try {
      await page.goto(`${site.origin}/`);
      const popupOpened = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Log in with the account centre' }).click();
      const popup = await popupOpened;
      // Opened by another site, the popup keeps CARSI in this window (no popup of its own).
      const pages = context.pages().length;
      // A click before the app's script has run reaches no handler (the page is its prerendered HTML).
      await takenOver(popup);
      await popup.getByRole('button', { name: thirdParty[lang].carsi }).click();
      await popup.waitForURL(/\/__dev\/oauth\/carsi/);
      expect(context.pages()).toHaveLength(pages);
      const closed = popup.waitForEvent('close').then(() => Date.now());
      await popup.getByRole('button', { name: /approve/i }).click();
      const closedAt = await closed;
      const got = await received(page);
      expect(got).toHaveLength(1);
      expect(got[0]!.origin).toBe(new URL(baseURL!).origin);
      expect(got[0]!.data).toEqual({ type: 'sso-login-success' });
      // 500 ms after posting; the message arrives a moment after it was posted.
      expect(closedAt - got[0]!.at).toBeGreaterThanOrEqual(450);
      // The login is the product's: the session cookie is set for its origin.
      const session = await page.request.get('/bff/session');
      expect(await session.json()).toEqual({ authenticated: true });
    } finally {
      await site.close();
    }
  });

  test('a site that is not allowed gets nothing, whatever origin it declares; the popup goes on to the user centre (zh-CN)', async ({
    page,
    baseURL,
  }) => {
    const lang = 'zh-CN';
    // [::1] is loopback too, but not among the development opener origins (localhost, 127.0.0.1).
    const site = await openerSite('::1', baseURL!, (origin) =>
      new URLSearchParams({ lang, openerOrigin: origin }).toString(),
    );
    try {
      await page.goto(`${site.origin}/`);
      const popupOpened = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Log in with the account centre' }).click();
      const popup = await popupOpened;
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
    } finally {
      await site.close();
    }
  });

  test('an openerOrigin naming an allowed site does not reach another opener (en-US)', async ({
    page,
    baseURL,
  }) => {
    const lang = 'en-US';
    // The page is on [::1] but claims to be an allowed origin: the message goes there, not here.
    const site = await openerSite('::1', baseURL!, () =>
      new URLSearchParams({ lang, openerOrigin: 'http://127.0.0.1:9' }).toString(),
    );
    try {
      await page.goto(`${site.origin}/`);
      const popupOpened = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Log in with the account centre' }).click();
      const popup = await popupOpened;
      const closed = popup.waitForEvent('close');
      await takenOver(popup);
      await popup.getByRole('button', { name: thirdParty[lang].carsi }).click();
      await popup.getByRole('button', { name: /approve/i }).click();
      await closed;
      expect(await received(page)).toEqual([]);
    } finally {
      await site.close();
    }
  });
});
