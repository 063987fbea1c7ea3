/**
 * A code send the rate limits refuse says when to try again (issue 29, item 5): the toast reads
 * the reply's Retry-After ("Too many requests. Try again in 12 minutes."), in the page's
 * language, instead of a bare "Too many requests" for the rest of the day; and the SMS login
 * offers password login, a way in that needs no code.
 */
import { expect, test } from '../support/e2e-fixtures';
import { newPhone } from '../support/e2e-api';
import { common, LANGS, login, serverErrors } from '../support/e2e-texts';

const RETRY = { 'en-US': 'Try again in 12 minutes.', 'zh-CN': '请 12 分钟后重试。' } as const;

for (const lang of LANGS) {
  test(`a refused code send says when to try again (${lang})`, async ({ page }) => {
    // The BFF's refusal as a shared address meets it: 429 A0301 with Retry-After.
    await page.route('**/gw/uaa-be/api/v1/login/getSmsCode', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '720', 'Content-Type': 'application/json' },
        body: JSON.stringify({ msgCode: 'A0301', msg: serverErrors.A0301[lang] }),
      }),
    );
    await page.goto(`/login?lang=${lang}`);
    const t = login[lang];
    const panel = page.getByRole('tabpanel', { name: t.smsTab });
    await panel.getByRole('textbox', { name: t.phone, exact: true }).fill(newPhone());
    await panel.getByRole('button', { name: common[lang].getCode }).click();
    const dialog = page.getByRole('dialog', { name: common[lang].captchaTitle });
    await dialog.getByRole('button', { name: common[lang].verify }).click();
    await expect(page.getByText(serverErrors.A0301[lang])).toBeVisible();
    await expect(page.getByText(RETRY[lang])).toBeVisible();

    await expect(panel.getByRole('status')).toContainText(t.codesRefused);
    await panel.getByRole('button', { name: t.usePassword }).click();
    await expect(page.getByRole('tab', { name: t.passwordTab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('textbox', { name: t.account, exact: true })).toBeVisible();
  });

  test(`a code send refused for another reason offers no detour (${lang})`, async ({ page }) => {
    await page.route('**/gw/uaa-be/api/v1/login/getSmsCode', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ msgCode: 'A0400', msg: 'bad request' }),
      }),
    );
    await page.goto(`/login?lang=${lang}`);
    const t = login[lang];
    const panel = page.getByRole('tabpanel', { name: t.smsTab });
    await panel.getByRole('textbox', { name: t.phone, exact: true }).fill(newPhone());
    await panel.getByRole('button', { name: common[lang].getCode }).click();
    await page
      .getByRole('dialog', { name: common[lang].captchaTitle })
      .getByRole('button', { name: common[lang].verify })
      .click();
    await expect(page.getByText('bad request')).toBeVisible();
    await expect(panel.getByRole('button', { name: t.usePassword })).toHaveCount(0);
  });
}
