/**
 * A code send under way and one that failed (issue 40): while the send is out, "Get code" is busy
 * and a second press sends nothing; a send that timed out says so under the code field, part of
 * the field's description, where the person looks (not only a toast gone in 3 s), and the button
 * may be pressed again.
 */
import { expect, test } from '../support/e2e-fixtures';
import { newPhone } from '../support/e2e-api';
import { common, LANGS, product, register } from '../support/e2e-texts';

for (const lang of LANGS) {
  test(`a code send is busy while out, and its timeout is said under the field (${lang})`, async ({
    page,
  }) => {
    let sends = 0;
    // The send never answers: the app gives up after its 6 s.
    await page.route('**/gw/uaa-be/api/v1/register/getSmsCode', () => {
      sends += 1;
    });
    const r = register[lang];
    await page.goto(`/register?lang=${lang}&tab=phone`);
    const form = page.getByRole('tabpanel', { name: r.phoneTab });
    await form.getByRole('textbox', { name: r.phone, exact: true }).fill(newPhone());
    const getCode = form.getByRole('button', { name: common[lang].getCode });
    await getCode.click();
    await expect(getCode).toHaveAttribute('aria-busy', 'true');
    await getCode.click({ force: true });
    await expect.poll(() => sends).toBe(1);

    const said = form.getByRole('alert').filter({ hasText: product.networkTimeout[lang] });
    await expect(said).toBeVisible({ timeout: 10_000 });
    await expect(form.getByRole('textbox', { name: r.code, exact: true })).toHaveAccessibleDescription(
      product.networkTimeout[lang],
    );
    await expect(getCode).not.toHaveAttribute('aria-busy', 'true');
    await expect(getCode).toBeEnabled();
    expect(sends).toBe(1);
  });
}
