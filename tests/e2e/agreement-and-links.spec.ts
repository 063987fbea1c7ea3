/**
 * The agreement of the login and registration forms (spec §5): its prompt hides no field and
 * closes when the box is ticked, its line reads as one, and every platform links to its own
 * agreement and privacy pages on the origin serving the page; /active's links are plain links.
 */
import { expect, test, type Locator } from '../support/e2e-fixtures';
import { PLATFORM_KEYS } from '../../shared/platforms';
import { newPhone } from '../support/e2e-api';
import { common, LANGS, login, validation } from '../support/e2e-texts';

/** Whether two boxes overlap (touching edges do not count). */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [p, q] = [await a.boundingBox(), await b.boundingBox()];
  if (!p || !q) return false;
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}

for (const lang of LANGS) {
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
