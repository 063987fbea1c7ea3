/**
 * Third-party logins (spec §2): GitHub in a 1000x800 popup lands the opener in the user centre;
 * CARSI from a sub-platform sends the opener through /authentication with a code; WeChat is
 * refused with a warning outside production. (A popup another site opened: popup-login-tells-opener.)
 */
import { texts as callbackTexts } from '../../client/features/oauth/routes/oauth-callback/locale';
import { api, signInAsNewUser } from '../support/e2e-api';
import { expect, test } from '../support/e2e-fixtures';
import { product, thirdParty } from '../support/e2e-texts';

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

test("a GitHub login's code sent on as a bind's binds nothing to the next user of the browser", async ({
  page,
  browser,
  baseURL,
}) => {
  // Someone starts a GitHub login on a shared computer and walks away: its state stays behind.
  await page.goto('/login?lang=en-US');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: thirdParty['en-US'].github }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/__dev\/oauth\/github/);
  const consent = popup.url();
  await popup.close();
  // On their own device they approve it with their GitHub account: the callback, which has no
  // journey there, exchanges nothing, and its address is theirs to send on.
  const elsewhere = await browser.newContext();
  const theirs = await elsewhere.newPage();
  await theirs.goto(consent);
  await theirs.getByRole('button', { name: APPROVE }).click();
  await theirs.waitForURL(/\/github-login\?.*code=/);
  const callback = theirs.url();
  await elsewhere.close();
  // The next user of the computer signs in and is sent the callback, made a bind's.
  await signInAsNewUser(page, baseURL!);
  const link = new URL(callback);
  link.searchParams.set('type', 'bind');
  await page.goto(`${link.pathname}${link.search}&lang=en-US`);
  await expect(page.getByText(callbackTexts['en-US'].badState)).toBeVisible();
  const info = await api(page.request, '/login/getUserInfo');
  expect((info.data as { githubAccount?: unknown }).githubAccount ?? null).toBeNull();
});
