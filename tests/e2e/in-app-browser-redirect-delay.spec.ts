/**
 * The redirect after a login: in the one in-app browser that needs it, it waits 300 ms (spec §4,
 * §9); in any other browser it goes at once. Shown with the page's clock paused (Playwright's
 * clock), never measured against the wall clock of a loaded machine.
 */
import { expect, takenOver, test, type Browser } from '../support/e2e-fixtures';
import { registerPhoneUser } from '../support/e2e-api';
import { common, login, type Lang } from '../support/e2e-texts';
import { IN_APP_BROWSER_DELAY_MS } from '../../shared/device';

// The one in-app browser (use-device.ts), as WeChat's Android browser names itself.
const IN_APP_AGENT =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.40';

/**
 * Logs in by password in a fresh context with `userAgent`, from a sub-platform's login link, with
 * the page's clock paused from the moment the login is sent (Playwright's clock: timers fire only
 * when the test moves the clock on), and returns the page, whether it has left for
 * /authentication (the redirect), and a way to move the clock on.
 */
async function loginWithClockPaused(browser: Browser, baseURL: string, lang: Lang, userAgent?: string) {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  const page = await context.newPage();
  await page.clock.install();
  // When the app has read the login's reply (the redirect is decided in the same turn).
  await page.addInitScript(() => {
    const original = window.fetch;
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await original(...args);
      if (!response.url.endsWith('/login/byAccount')) return response;
      const json = response.json.bind(response);
      response.json = async () => {
        const body: unknown = await json();
        sessionStorage.setItem('replyRead', '1');
        return body;
      };
      return response;
    };
  });
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
  let left = false;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/authentication') left = true;
  });
  const reply = page.waitForResponse((r) => r.url().endsWith('/login/byAccount'));
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.getByRole('button', { name: common[lang].verify }).click();
  await reply;
  return { page, context, hasLeft: () => left };
}

test('in the one in-app browser the redirect after login waits 300 ms (zh-CN)', async ({
  browser,
  baseURL,
}) => {
  const { page, context, hasLeft } = await loginWithClockPaused(browser, baseURL!, 'zh-CN', IN_APP_AGENT);
  try {
    // The app has read the reply; a millisecond short of the pause, the page has not left.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('replyRead'))).not.toBeNull();
    await page.clock.runFor(IN_APP_BROWSER_DELAY_MS - 1);
    await page.evaluate(() => document.readyState);
    expect(hasLeft(), 'left before the pause was over').toBe(false);
    await page.clock.runFor(1);
    await page.waitForURL(/\/deleteProtocol\?from=in-app&code=/);
    expect(hasLeft()).toBe(true);
  } finally {
    await context.close();
  }
});

test('in an ordinary browser the redirect after login goes at once (en-US)', async ({ browser, baseURL }) => {
  const { page, context } = await loginWithClockPaused(browser, baseURL!, 'en-US');
  try {
    // The clock stands still: no timer is waited for.
    await page.waitForURL(/\/deleteProtocol\?from=in-app&code=/);
  } finally {
    await context.close();
  }
});
