/**
 * Issue 29, item 7: on a slow network a signed-in page's first screen is one skeleton shaped like
 * the page, then the page: never a blank frame (a spinner alone on an empty page), and the back
 * office never shows the user centre's outline first. What every frame shows is recorded from
 * before the first byte is parsed (in each animation frame, before its paint) while the app's
 * scripts and styles arrive slowly.
 */
import { expect, holdScripts, test, type Page } from '../support/e2e-fixtures';
import { ADMIN } from '../support/e2e-admin';
import { loginByApi, signInAsNewUser } from '../support/e2e-api';
import { LANGS } from '../support/e2e-texts';

/** What the page shows, as a word: a skeleton (and of which page), the page (and its content), or blank. */
function recordFrames(): void {
  const w = window as unknown as { __frames: string[] };
  w.__frames = [];
  const visible = (el: Element | null) =>
    Boolean(el) &&
    (el as HTMLElement).getClientRects().length > 0 &&
    getComputedStyle(el!).visibility !== 'hidden';
  const state = (): string | null => {
    const root = document.getElementById('root');
    if (!root || !document.body) return null; // the document is still being parsed
    const skeleton = root.querySelector('.boot-skeleton');
    if (visible(skeleton)) return `skeleton:${(skeleton as HTMLElement).dataset.page ?? 'generic'}`;
    const banner = root.querySelector('[role="banner"]');
    if (!visible(banner)) return `blank:${root.textContent?.trim().slice(0, 40) ?? ''}`;
    const content = root.querySelector('main, .admin-content, .uc-content');
    if (!content) return 'page:no-content';
    if (content.querySelector('h1')) return 'page:ready';
    if (visible(content.querySelector('.boot-skeleton-main, .page-skeleton'))) return 'page:skeleton';
    return `page:empty`;
  };
  const note = () => {
    const now = state();
    if (now !== null && w.__frames.at(-1) !== now) w.__frames.push(now);
  };
  // Noted in each animation frame, just before it is painted: what a person can see. A mutation
  // observer also saw the parser's halves of a document (its header parsed, its content not yet),
  // which no frame showed, and failed the test on a loaded machine.
  const frame = () => {
    note();
    if (w.__frames.at(-1) !== 'page:ready') requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** Every script and stylesheet of the app answers 400 ms late, as on a slow connection. */
async function slowAssets(page: Page): Promise<void> {
  await page.route(/\/static\/(js|css)\//, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
}

async function framesOf(page: Page, path: string): Promise<string[]> {
  await page.addInitScript(recordFrames);
  await slowAssets(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __frames: string[] }).__frames.at(-1)))
    .toBe('page:ready');
  return page.evaluate(() => (window as unknown as { __frames: string[] }).__frames);
}

for (const lang of LANGS) {
  for (const rendered of [false, true]) {
    // Without the time-zone cookie the BFF sends the skeleton and the app renders in the browser;
    // with it, the page comes rendered and is hydrated.
    const how = rendered ? 'rendered by the BFF' : 'rendered in the browser';

    test(`/admin/user: the back office's skeleton, then the back office, nothing blank (${how}, ${lang})`, async ({
      page,
      context,
      baseURL,
    }) => {
      await loginByApi(page, ADMIN.account, ADMIN.password);
      if (rendered) await context.addCookies([{ name: 'tz', value: 'UTC', url: baseURL! }]);
      const frames = await framesOf(page, `/admin/user?lang=${lang}`);
      expect(
        frames.filter((f) => !/^(skeleton:admin|page:ready|page:skeleton)$/.test(f)),
        frames.join(' → '),
      ).toEqual([]);
      if (!rendered) expect(frames[0], frames.join(' → ')).toBe('skeleton:admin');
    });

    test(`/usercenter: its skeleton, then the page, nothing blank (${how}, ${lang})`, async ({
      page,
      context,
      baseURL,
    }) => {
      await signInAsNewUser(page, baseURL!);
      if (rendered) await context.addCookies([{ name: 'tz', value: 'UTC', url: baseURL! }]);
      const frames = await framesOf(page, `/usercenter?lang=${lang}`);
      expect(
        frames.filter((f) => !/^(skeleton:usercenter|page:ready|page:skeleton)$/.test(f)),
        frames.join(' → '),
      ).toEqual([]);
      if (!rendered) expect(frames[0], frames.join(' → ')).toBe('skeleton:usercenter');
    });
  }
}

test("the back office's skeleton is shaped like the back office: its header, its menu, its panels", async ({
  page,
}) => {
  await loginByApi(page, ADMIN.account, ADMIN.password);
  const release = await holdScripts(page);
  await page.goto('/admin/platform?lang=en-US', { waitUntil: 'commit' });
  const skeleton = page.locator('.boot-skeleton[data-page="admin"]');
  await expect(skeleton).toBeVisible();
  const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
  const outline = {
    header: await box('.boot-skeleton-header'),
    side: await box('.boot-skeleton-side'),
    panel: await box('.boot-skeleton-panel'),
  };
  release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const real = {
    header: await box('.admin-header'),
    side: await box('.admin-sider'),
    panel: await box('.admin-panel'),
  };
  expect(outline.header.height).toBe(real.header.height);
  expect(outline.side.width).toBe(real.side.width);
  expect(outline.side.x).toBe(real.side.x);
  expect(Math.abs(outline.panel.x - real.panel.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(outline.panel.width - real.panel.width)).toBeLessThanOrEqual(1);
});
