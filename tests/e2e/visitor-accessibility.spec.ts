/**
 * Every visitor page once in each language (the journeys take turns between them): it renders its
 * frame, says nothing on the console, is named by its level-one heading (in the tab's title too),
 * and axe-core finds no serious or critical violation. The back office's pages are walked the same
 * way in back-office-without-serious-accessibility-violations.spec.ts, the user centre's in user-centre-changes-the-account-and-its-keys.spec.ts.
 */
import { atRest, expect, test } from '../support/e2e-fixtures';
import { blockingViolations } from '../support/e2e-axe';
import { VISITOR_PAGES } from '../support/e2e-pages';
import { LANGS } from '../support/e2e-texts';

// One test per page: a failure names its page.
for (const lang of LANGS) {
  for (const path of VISITOR_PAGES) {
    test(`${path} renders quietly, named by its heading, with no serious or critical accessibility violations (${lang})`, async ({
      sharedPage: page,
    }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
      await page.locator('main, .public-card').first().waitFor();
      await atRest(page);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      expect(await blockingViolations(page)).toEqual([]);
      expect(problems, 'console errors').toEqual([]);
      // A level-one heading, which the tab's title names first (issue 40: /active and
      // /no-permission were titled with the product's name alone, /no-permission had no heading).
      const headings = page.getByRole('heading', { level: 1 });
      await expect(headings.first()).toBeVisible();
      const heading = (await headings.first().innerText()).trim();
      expect(heading).not.toBe('');
      await expect(page).toHaveTitle(new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · `));
    });
  }
}

test('the accessibility measure finds violations, in the page and inside a frame', async ({ page }) => {
  const faulty = '<main><img src="data:,"><button></button></main>';
  await page.setContent(`<!doctype html><html lang="en"><title>t</title><body>${faulty}</body></html>`);
  expect((await blockingViolations(page)).map((v) => v.split(':')[0]).sort()).toEqual([
    'button-name',
    'image-alt',
  ]);
  await page.setContent(
    `<!doctype html><html lang="en"><title>t</title><body><main><iframe title="f" srcdoc='<html lang="en"><title>f</title>${faulty}</html>'></iframe></main></body></html>`,
  );
  // The frame exists before its srcdoc is parsed: wait for its content, not for the frame.
  await expect(page.frameLocator('iframe').locator('button')).toHaveCount(1);
  expect((await blockingViolations(page)).map((v) => v.split(':')[0]).sort()).toEqual([
    'button-name',
    'image-alt',
  ]);
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
});
