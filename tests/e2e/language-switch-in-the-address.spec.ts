/**
 * The language switch updates the address (issue 40, item 13): on a page opened with `?lang=…`,
 * the other language stays chosen after a reload and in a link opened in a new tab, instead of
 * the address's `lang` undoing it. A page opened without `lang` gets none added.
 */
import { expect, takenOver, test } from '../support/e2e-fixtures';

test('a switch on a page opened with ?lang survives a reload and a new tab', async ({ page, context }) => {
  await page.goto('/login?lang=zh-CN&tab=password');
  await takenOver(page, 'input[autocomplete="username"]');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page).toHaveURL(/[?&]lang=en-US(&|$)/);
  expect(new URL(page.url()).searchParams.get('tab')).toBe('password');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await expect(page.getByRole('button', { name: '中文' })).toBeVisible();

  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.locator('html')).toHaveAttribute('lang', 'en-US');

  await page.getByRole('button', { name: '中文' }).click();
  await expect(page).toHaveURL(/[?&]lang=zh-CN(&|$)/);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
});

test('a switch on a page opened without ?lang adds none to the address', async ({ page }) => {
  await page.goto('/login?tab=password');
  await takenOver(page, 'input[autocomplete="username"]');
  const before = page.url();
  const to = (await page.locator('html').getAttribute('lang')) === 'en-US' ? '中文' : 'English';
  await page.getByRole('button', { name: to }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to === 'English' ? 'en-US' : 'zh-CN');
  expect(page.url()).toBe(before);
});
