/**
 * The visitor pages as people walk them (issue 19): the intern widget's set-phone entrance, the
 * username check on the register phone tab, the agreement prompt, every platform's own agreement
 * and privacy links, and the looks of the result pages, the widget, the footer and the policy page.
 */
import { animationsAtRest, expect, test, type Locator, type Page } from '../support/e2e-fixtures';
import { PLATFORM_KEYS } from '../../shared/platforms';
import { loginByApi, newPhone, registerPhoneUser, uniqueSuffix } from '../support/e2e-api';
import {
  common,
  contactChange,
  LANGS,
  login,
  platformNames,
  register,
  usercenter,
  validation,
} from '../support/e2e-texts';

const INTERN = 'https://intern.example.org/welcome';

function internEntrance(lang: string, entrance: string): string {
  return `/login?${new URLSearchParams({ lang, clientId: 'uaa-intern', redirect: INTERN, entrance }).toString()}`;
}

/** Whether two boxes overlap (touching edges do not count). */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [p, q] = [await a.boundingBox(), await b.boundingBox()];
  if (!p || !q) return false;
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

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
    const t = login['zh-CN'];
    await page.goto(internEntrance('zh-CN', 'setPhone'));
    const panel = page.getByRole('tabpanel', { name: t.passwordTab });
    await panel.getByRole('textbox', { name: t.account, exact: true }).fill(user.username);
    await panel.locator('input[type=password]').fill(user.password);
    await panel.getByText(common['zh-CN'].agree).click();
    await panel.getByRole('button', { name: t.submit, exact: true }).click();
    await page.getByRole('button', { name: common['zh-CN'].verify }).click();
    await expect(page.getByRole('heading', { name: contactChange['zh-CN'].changePhone })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});

for (const lang of LANGS) {
  test(`register by phone: a taken username is refused on blur, before any code is sent (${lang})`, async ({
    sharedPage: page,
  }) => {
    const t = register[lang];
    await page.goto(`/register?lang=${lang}`);
    await page.getByRole('tab', { name: t.phoneTab }).click();
    const panel = page.getByRole('tabpanel', { name: t.phoneTab });
    const username = panel.getByRole('textbox', { name: t.username, exact: true });
    const checked = page.waitForRequest(
      (r) => r.url().endsWith('/personal/username/check') && r.postDataJSON()?.username === 'admin',
    );
    await username.fill('admin');
    await panel.getByRole('textbox', { name: t.phone, exact: true }).click();
    await checked;
    await expect(panel.getByRole('alert').filter({ hasText: validation.usernameTaken[lang] })).toBeVisible();
    await expect(panel.getByRole('button', { name: t.submit, exact: true })).toBeDisabled();
    // A free name clears the refusal.
    await username.fill(`free-${uniqueSuffix()}`);
    await panel.getByRole('textbox', { name: t.phone, exact: true }).click();
    await expect(panel.getByText(validation.usernameTaken[lang])).toBeHidden();
    await expect(panel.getByRole('button', { name: t.submit, exact: true })).toBeEnabled();
  });

  test(`the agreement prompt hides neither the code field nor Get code, and closes when ticked (${lang})`, async ({
    sharedPage: page,
  }) => {
    const t = login[lang];
    await page.goto(`/login?lang=${lang}`);
    const panel = page.getByRole('tabpanel', { name: t.smsTab });
    await panel.getByRole('textbox', { name: t.phone, exact: true }).fill(newPhone());
    await panel.getByRole('textbox', { name: t.code, exact: true }).fill('123456');
    await panel.getByRole('button', { name: t.submit, exact: true }).click();
    const prompt = page.getByRole('alert').filter({ hasText: validation.agreementRequired[lang] });
    await expect(prompt).toBeVisible();
    expect(await overlaps(prompt, panel.getByRole('textbox', { name: t.code, exact: true }))).toBe(false);
    expect(await overlaps(prompt, panel.getByRole('button', { name: common[lang].getCode }))).toBe(false);
    expect(await overlaps(prompt, panel.getByRole('textbox', { name: t.phone, exact: true }))).toBe(false);
    await panel.getByText(common[lang].agree).click();
    await expect(prompt).toBeHidden();
  });

  test(`the agreement line has one font size and keeps each link whole (${lang})`, async ({
    sharedPage: page,
  }) => {
    const t = login[lang];
    await page.goto(`/login?lang=${lang}`);
    const panel = page.getByRole('tabpanel', { name: t.smsTab });
    const line = panel.locator('.agreement');
    const sizes = await line.evaluate((el) => {
      const found = new Set<string>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.textContent?.trim()) found.add(getComputedStyle(n.parentElement!).fontSize);
      }
      return [...found];
    });
    expect(sizes).toHaveLength(1);
    // "Privacy Policy" never sits alone on a line, nor is a link split across lines.
    for (const link of await line.getByRole('link').all()) {
      expect(await link.evaluate((el) => el.getClientRects().length)).toBe(1);
    }
    const lastLine = await line.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const rects = [...range.getClientRects()];
      const bottom = Math.max(...rects.map((r) => r.bottom));
      return rects.filter((r) => r.bottom > bottom - 4).reduce((w, r) => w + r.width, 0);
    });
    const privacyWidth = (await line.getByRole('link').last().boundingBox())!.width;
    expect(lastLine).toBeGreaterThan(privacyWidth + 8);
  });
}

test.describe('agreement and privacy links', () => {
  test('each of the ten platforms links to its own pages, on the origin serving the page', async ({
    sharedPage: page,
    baseURL,
  }) => {
    // Opened at 127.0.0.1 while the suite's base is localhost: the links follow the page.
    const origin = new URL(baseURL!).origin.replace('localhost', '127.0.0.1');
    const t = common['en-US'];
    const seen = new Set<string>();
    for (const key of [null, ...PLATFORM_KEYS]) {
      const redirect = key ? `&redirect=${encodeURIComponent(`https://${key}.example.org/`)}` : '';
      const entrance = key === 'intern' ? '&entrance=login-abroad' : '';
      await page.goto(`${origin}/login?lang=en-US${redirect}${entrance}`);
      const line = page.getByRole('tabpanel').first().locator('.agreement');
      await expect(line.getByText(t.agree)).toBeVisible();
      for (const link of await line.getByRole('link').all()) {
        const href = await link.evaluate((a) => (a as HTMLAnchorElement).href);
        expect(new URL(href).origin, `${key}: ${href}`).toBe(origin);
        seen.add(href);
      }
    }
    expect(seen.size).toBe(2 * 11);
  });

  for (const lang of LANGS) {
    test(`the demo agreement and privacy pages are readable, with the platform's name (${lang})`, async ({
      sharedPage: page,
    }) => {
      await page.goto(`/login?lang=${lang}&redirect=${encodeURIComponent('https://media.example.org/')}`);
      const line = page.getByRole('tabpanel').first().locator('.agreement');
      for (const index of [0, 1]) {
        const link = line.getByRole('link').nth(index);
        const name = (await link.textContent())!.replace(/[《》]/g, '');
        const href = await link.evaluate((a) => (a as HTMLAnchorElement).href);
        await page.goto(href);
        expect(new URL(page.url()).pathname).not.toBe('/login');
        await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
        await expect(page.getByRole('main')).toContainText(lang === 'en-US' ? 'Media' : '媒体');
        await page.goBack();
      }
    });
  }

  test('/active links its Homepage to the serving origin, with plain links, not buttons in links', async ({
    sharedPage: page,
    baseURL,
  }) => {
    await page.goto('/active?lang=en-US&sign=x&token=y');
    const home = page.getByRole('link', { name: 'Homepage' });
    await expect(home).toBeVisible();
    const href = await home.evaluate((a) => (a as HTMLAnchorElement).href);
    expect(new URL(href).origin).toBe(new URL(baseURL!).origin);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.locator('a button, button a')).toHaveCount(0);
  });
});

test.describe('result pages', () => {
  for (const lang of LANGS) {
    test(`/active and the oauth callback carry a level-one heading (${lang})`, async ({
      sharedPage: page,
    }) => {
      await page.goto(`/active?lang=${lang}&sign=x&token=y`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        lang === 'en-US' ? 'Activation failed' : '激活失败',
      );
      await page.goto(`/github-login?lang=${lang}&code=abc&state=nope`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }

  test('the branded register success has a heading and its countdown on its own line', async ({
    sharedPage: page,
  }) => {
    const t = register['en-US'];
    await page.goto(`/xlab-register?lang=en-US`);
    const form = page.getByRole('tabpanel', { name: t.emailTab });
    const suffix = uniqueSuffix();
    await form.getByRole('textbox', { name: t.username, exact: true }).fill(`brand-${suffix}`);
    await form.getByRole('textbox', { name: t.email, exact: true }).fill(`brand.${suffix}@example.com`);
    await form.locator('input[type=password]').nth(0).fill('Brand12345');
    await form.locator('input[type=password]').nth(1).fill('Brand12345');
    await form.getByText(common['en-US'].agree).click();
    await form.getByRole('button', { name: t.submit, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.emailSentTitle })).toBeVisible();
    const timer = page.getByRole('timer');
    const body = page.getByText(/activation email has been sent/);
    const [a, b] = [await timer.boundingBox(), await body.boundingBox()];
    expect(a!.y).toBeGreaterThanOrEqual(b!.y + b!.height - 1);
  });
});

test.describe('looks', () => {
  test('the intern widget opened outside an iframe is a centred card', async ({ sharedPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(internEntrance('en-US', 'login-abroad'));
    const field = page.getByRole('textbox', { name: login['en-US'].account, exact: true });
    const box = (await field.boundingBox())!;
    expect(box.width).toBeLessThan(520);
    expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(8);
  });

  test('the medieval footer stays within an 800 px-high window', async ({ sharedPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const lang of LANGS) {
      await page.goto(`/login?lang=${lang}&redirect=${encodeURIComponent('https://medieval.example.org/')}`);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toBeVisible();
      const box = (await footer.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(800);
    }
  });

  for (const lang of LANGS) {
    test(`/deleteProtocol on a phone is stacked, nothing cut at the right (${lang})`, async ({
      sharedPage: page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/deleteProtocol?lang=${lang}`);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await noSidewaysScroll(page);
      // No part of the policy is hidden in a sideways-scrolling box.
      const hidden = await main.evaluate(
        (el) =>
          [...el.querySelectorAll('*')].filter(
            (n) => n.scrollWidth > n.clientWidth + 1 && getComputedStyle(n).overflowX !== 'visible',
          ).length,
      );
      expect(hidden).toBe(0);
      // Each platform's policy is there to read, under its name.
      await expect(
        main.getByRole('heading', { name: lang === 'en-US' ? /Science Discovery/ : /科学发现/ }),
      ).toBeVisible();
    });
  }
});

test.describe('one look per platform, one product name', () => {
  const ARCO_BLUE = 'rgb(22, 93, 255)';
  const colour = (l: Locator) => l.evaluate((el) => getComputedStyle(el).color);
  const AGREEMENT = { 'en-US': 'Service Agreement', 'zh-CN': '《服务协议》' } as const;

  for (const [key, lang] of [
    ['medieval', 'en-US'],
    ['cmg', 'zh-CN'],
    ['science-discovery', 'en-US'],
  ] as const) {
    test(`${key}: the mark, the agreement, forgot and register links and the tint take its colour (${lang})`, async ({
      sharedPage: page,
    }) => {
      await page.goto(`/login?lang=${lang}&redirect=${encodeURIComponent(`https://${key}.example.org/`)}`);
      await expect(page.getByText(platformNames[lang][key])).toBeVisible();
      const submit = page
        .getByRole('tabpanel')
        .first()
        .getByRole('button', { name: login[lang].submit, exact: true });
      // The platform's look may arrive after its name (and fade in): read the colours at rest.
      await expect(submit).not.toHaveCSS('background-color', ARCO_BLUE);
      await animationsAtRest(page);
      const primary = await submit.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(primary).not.toBe(ARCO_BLUE);
      const mark = page.getByRole('banner').locator('.brand-mark');
      expect(await colour(mark)).toBe(primary);
      for (const name of [AGREEMENT[lang], login[lang].forgot, login[lang].register])
        expect(await colour(page.getByRole('main').getByRole('link', { name }).first())).toBe(primary);
      // The page's tint is the platform's own light step, not the main look's blue.
      const tint = await page
        .locator('.public-layout')
        .evaluate((el) => getComputedStyle(el).backgroundImage);
      expect(tint).not.toContain('232, 240, 255');
      expect(tint).not.toContain('232, 243, 255');
    });
  }

  test('the main look keeps Arco blue for its mark', async ({ sharedPage: page }) => {
    await page.goto('/login?lang=en-US');
    expect(await colour(page.getByRole('banner').locator('.brand-mark'))).toBe(ARCO_BLUE);
  });

  for (const lang of LANGS) {
    test(`public pages and the user centre carry one product name, also in the tab title (${lang})`, async ({
      sharedPage: page,
    }) => {
      const name = platformNames[lang].main;
      await page.goto(`/login?lang=${lang}`);
      await expect(page.getByRole('banner')).toContainText(name);
      await expect(page).toHaveTitle(new RegExp(name));
      const user = await registerPhoneUser(page.request);
      await loginByApi(page, user.phone, user.password);
      await page.goto(`/usercenter?lang=${lang}`);
      await expect(page.getByRole('heading', { name: usercenter[lang].menuAccount })).toBeVisible();
      await expect(page.getByRole('banner')).toContainText(name);
      await expect(page).toHaveTitle(`${usercenter[lang].menuAccount} · ${name}`);
    });
  }
});
