/**
 * E-mail activation as people walk it (issue 29, item 9): the mailed link opens in the language
 * of the registration, a second click says the account is active already, a link that no longer
 * works and the login of an account awaiting activation say what to do (no call asks the UAA for
 * a new e-mail: registering again sends one), and "Homepage" leads to the main site's home page.
 */
import { expect, passwordLogin, test, type Page } from '../support/e2e-fixtures';
import { api, encrypted, lastMessageTo, uniqueSuffix } from '../support/e2e-api';
import { LANGS, login, type Lang } from '../support/e2e-texts';

const PASSWORD = 'Activate2024!';

const t = {
  'en-US': {
    done: 'Activated. Please sign in',
    already: 'This account is already activated. Please sign in',
    failed: 'Activation failed',
    expiredHelp: 'register again with the same email',
    registerAgain: 'Register again',
    home: 'Homepage',
    homeTitle: 'Home',
    login: 'Log in',
    notActivated: 'Registered by email and not activated yet?',
  },
  'zh-CN': {
    done: '激活成功，请登录',
    already: '该账号已激活，请直接登录',
    failed: '激活失败',
    expiredHelp: '请使用同一邮箱重新注册',
    registerAgain: '重新注册',
    home: '返回首页',
    homeTitle: '首页',
    login: '去登录',
    notActivated: '通过邮箱注册但尚未激活？',
  },
} as const;

/** Registers by e-mail as the register page does in `lang`; returns the address. */
async function registerByEmail(page: Page, lang: Lang): Promise<string> {
  const suffix = uniqueSuffix();
  const email = `activate.${suffix}@example.com`;
  const reply = await api(
    page.request,
    '/register/byEmail',
    {
      username: `act-${suffix}`,
      email,
      password: await encrypted(page.request, PASSWORD, 'register'),
    },
    { lang },
  );
  expect(reply.msgCode, reply.msg).toBe('10000');
  return email;
}

for (const lang of LANGS) {
  const x = t[lang];

  test(`the activation link opens in the registration's language; a second click says it is active already; Homepage is the main site's (${lang})`, async ({
    page,
  }) => {
    const email = await registerByEmail(page, lang);
    const link = (await lastMessageTo(page.request, email)).link!;
    expect(new URL(link).searchParams.get('lang')).toBe(lang);

    // A browser that has never seen the product (the mail opened elsewhere).
    await page.goto(link);
    await expect(page.getByRole('heading', { name: x.done })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: x.already })).toBeVisible();
    await expect(page.getByText(x.failed)).toHaveCount(0);

    const home = page.getByRole('link', { name: x.home });
    expect(new URL(String(await home.getAttribute('href')), page.url()).pathname).not.toBe('/login');
    await home.click();
    await expect(page.getByRole('heading', { level: 1, name: x.homeTitle })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/home');
  });

  test(`a link that no longer works, and the login of an account awaiting activation, offer to register again (${lang})`, async ({
    page,
  }) => {
    await page.goto(`/active?sign=unknown&token=unknown&lang=${lang}`);
    await expect(page.getByRole('heading', { name: x.failed })).toBeVisible();
    await expect(page.getByText(x.expiredHelp)).toBeVisible();
    await page.getByRole('link', { name: x.registerAgain }).click();
    await expect(page).toHaveURL(/\/register/);

    const email = await registerByEmail(page, lang);
    await page.goto(`/login?lang=${lang}`);
    await passwordLogin(page, lang, email, PASSWORD);
    const hint = page.getByRole('tabpanel', { name: login[lang].passwordTab }).getByRole('status');
    await expect(hint).toContainText(x.notActivated);
    await hint.getByRole('link', { name: x.registerAgain }).click();
    await expect(page).toHaveURL(/\/register/);
  });
}
