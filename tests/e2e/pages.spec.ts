/**
 * Every visitor page once in each language (the journeys take turns between them): it renders its
 * frame, says nothing on the console, and axe-core finds no serious or critical violation. The
 * back office's pages are walked the same way in admin-accessibility.spec.ts, the user centre's in
 * usercenter.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../support/e2e-fixtures';
import { LANGS } from '../support/e2e-texts';

const PAGES = [
  '/login',
  '/login?tab=password',
  '/register',
  '/forget',
  '/active?sign=x&token=y',
  '/deleteProtocol',
  '/no-permission',
  '/wechat',
  '/xlab-login',
  '/xlab-register',
  '/login?redirect=https%3A%2F%2Fmedieval.example.org%2F',
  '/login?redirect=https%3A%2F%2Fintern.example.org%2F&entrance=login-abroad',
  '/login?redirect=https%3A%2F%2Fintern.example.org%2F&entrance=setPhone',
  '/github-login?code=x&state=y',
  '/agreement?platform=media',
  '/privacy',
  '/feedback',
];

// One test per page: each stays well inside the time limit, and a failure names its page.
for (const lang of LANGS) {
  for (const path of PAGES) {
    test(`${path} renders quietly, with no serious or critical accessibility violations (${lang})`, async ({
      page,
    }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
      await page.locator('main, .public-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      const blocking = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      expect(blocking).toEqual([]);
      expect(problems, 'console errors').toEqual([]);
    });
  }
}
