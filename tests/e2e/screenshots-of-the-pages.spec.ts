/**
 * Screenshots of the pages, desktop and phone, both languages, for people to look at
 * (`npm run screenshots`, written to tests/screenshots/). Skipped in the normal suite.
 */
import { expect, test, type Page } from '../support/e2e-fixtures';
import { encryptPassword } from '../../shared/crypto';

test.skip(!process.env.SCREENSHOTS, 'run with npm run screenshots');

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const API = '/gw/uaa-be/api/v1';

async function loginAsAdmin(page: Page) {
  const pub = await (
    await page.request.post(`${API}/cipher/getPubKey`, { headers: { 'X-CSRF': '1' }, data: {} })
  ).json();
  const res = await page.request.post(`${API}/login/byAccount`, {
    headers: { 'X-CSRF': '1', captchaVerifyParam: 'local-captcha-pass', sceneId: 'local', prefix: 'local' },
    data: {
      account: 'admin',
      password: encryptPassword(pub.data.pubKey, 'Admin12345', 'login'),
      autoLogin: false,
    },
  });
  expect((await res.json()).msgCode).toBe('10000');
}

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const lang of ['zh-CN', 'en-US']) {
    test(`${size} ${lang}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const shot = (name: string) =>
        page.screenshot({ path: `tests/screenshots/${name}-${size}-${lang}.png`, fullPage: true });
      await page.goto(`/login?lang=${lang}`);
      await page.getByRole('tab').first().waitFor();
      await shot('login-sms');
      await page.getByRole('tab').nth(1).click();
      await shot('login-password');
      await page.getByRole('tabpanel').last().getByRole('button').last().click();
      await shot('login-password-errors');
      await page.goto(`/register?lang=${lang}`);
      await page.getByRole('tab').first().waitFor();
      await shot('register-email');
      await page.getByRole('tab').nth(1).click();
      await shot('register-phone');
      await page.goto(`/active?lang=${lang}&sign=x&token=y`);
      await page.waitForTimeout(500);
      await shot('active-failed');
      await page.goto(`/authentication?lang=${lang}&clientId=uaa-media&redirect=https://evil.example/cb`);
      await page.waitForTimeout(300);
      await shot('authentication-refused');
      await page.goto(`/forget?lang=${lang}`);
      await page.getByRole('tab').first().waitFor();
      await shot('forget');
      await page.goto(`/deleteProtocol?lang=${lang}`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await shot('delete-protocol');
      await page.goto(`/xlab-login?lang=${lang}`);
      await page.getByRole('tab').first().waitFor();
      await shot('brand-login');
      await page.goto(`/login?lang=${lang}&redirect=${encodeURIComponent('https://medieval.example.org/')}`);
      await page.getByRole('tab').first().waitFor();
      await shot('medieval-login');
      for (const platform of ['cmg', 'science-discovery']) {
        await page.goto(
          `/login?lang=${lang}&redirect=${encodeURIComponent(`https://${platform}.example.org/`)}`,
        );
        await page.getByRole('tab').first().waitFor();
        await shot(`${platform}-login`);
      }
      await page.goto(
        `/login?lang=${lang}&redirect=${encodeURIComponent('https://intern.example.org/')}&entrance=login-abroad`,
      );
      await page.getByRole('tab').first().waitFor();
      await shot('intern-widget');
      await loginAsAdmin(page);
      await page.goto(`/usercenter?lang=${lang}`);
      await page.getByRole('menuitem').first().waitFor();
      await page.waitForTimeout(300);
      await shot('usercenter');
      await page.goto(`/usercenter?tab=keys&lang=${lang}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shot('usercenter-keys');
      await page.goto(`/usercenter?type=password&lang=${lang}`);
      await page.getByRole('menuitem').first().waitFor();
      await page.waitForTimeout(300);
      await shot('usercenter-password');
    });
  }
}
