/**
 * Values a visitor reads but does not edit (issue 29, item 6): the phone or e-mail a code goes to
 * in the change flows and on /setphone, masked (138****0728) and readable (4.5:1 at least, WCAG
 * AA), and the back office's platform view, whose values are text to read, not greyed-out fields.
 */
import { expect, test, type Locator, type Page } from '../support/e2e-fixtures';
import { createPhoneUser, loginByApi, uniqueSuffix } from '../support/e2e-api';
import { createPlatform, loginAsAdmin, platformTexts } from '../support/e2e-admin';
import { contactChange, LANGS, usercenter } from '../support/e2e-texts';

/** The WCAG contrast ratio of an element's text on the first opaque background behind it. */
async function contrast(target: Locator): Promise<number> {
  return target.evaluate((element) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [R, G, B] = [r, g, b].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    const text = rgb(getComputedStyle(element).webkitTextFillColor || getComputedStyle(element).color);
    let node: Element | null = element;
    let background = [255, 255, 255];
    while (node) {
      const value = rgb(getComputedStyle(node).backgroundColor);
      if (value.length === 3 || (value[3] ?? 0) >= 1) {
        background = value.slice(0, 3);
        break;
      }
      node = node.parentElement;
    }
    const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a);
    return (light! + 0.05) / (dark! + 0.05);
  });
}

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

async function expectReadable(field: Locator, value: string): Promise<void> {
  await expect(field).toHaveValue(value);
  await expect(field).not.toBeDisabled();
  await expect(field).not.toBeEditable();
  expect(await contrast(field)).toBeGreaterThanOrEqual(4.5);
}

async function signIn(page: Page, baseURL: string, email?: string) {
  const user = await createPhoneUser(baseURL, email ? { email } : {});
  await loginByApi(page, user.phone, user.password);
  return user;
}

for (const lang of LANGS) {
  const t = usercenter[lang];
  const c = contactChange[lang];

  test(`the change flows show where the code goes, masked and readable (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const email = `seen.${uniqueSuffix()}@example.com`;
    const user = await signIn(page, baseURL!, email);
    await page.goto(`/usercenter?lang=${lang}`);
    await page.locator('[data-row="phone"]').getByRole('button').click();
    const flow = page.getByRole('region', { name: c.changePhone });
    await expectReadable(
      flow.getByRole('textbox', { name: c.currentPhone, exact: true }),
      masked(user.phone),
    );
    await flow.getByRole('radiogroup').getByText(c.viaEmail, { exact: true }).click();
    await expect(flow.getByRole('radio', { name: c.viaEmail })).toBeChecked();
    await expectReadable(
      flow.getByRole('textbox', { name: c.currentEmail, exact: true }),
      `s***@example.com`,
    );
    // The full contact appears nowhere in the flow.
    await expect(flow).not.toContainText(user.phone);

    await flow.getByRole('button', { name: c.back }).click();
    await page.getByRole('button', { name: `${t.edit} ${t.password}` }).click();
    const password = page.getByRole('region', { name: t.changePassword });
    await expectReadable(
      password.getByRole('textbox', { name: c.currentPhone, exact: true }),
      masked(user.phone),
    );
  });

  test(`/setphone shows the current phone masked and readable (${lang})`, async ({ page, baseURL }) => {
    const user = await signIn(page, baseURL!);
    await page.goto(`/setphone?lang=${lang}`);
    const flow = page.getByRole('region', { name: c.changePhone });
    await expectReadable(
      flow.getByRole('textbox', { name: c.currentPhone, exact: true }),
      masked(user.phone),
    );
  });

  test(`the platform view shows its values as readable text (${lang})`, async ({ page }) => {
    const p = platformTexts[lang];
    await loginAsAdmin(page);
    const platform = await createPlatform(page.request);
    await page.goto(`/admin/platform/view?id=${platform.id}&lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: p.viewTitle })).toBeVisible();
    const values: [string, string][] = [
      [p.name, platform.displayName],
      [p.homePageUrl, 'https://e2e.example.org'],
      [p.callback, 'https://e2e.example.org/cb'],
      [p.logoutUrl, 'https://e2e.example.org/logout'],
    ];
    for (const [label, value] of values) {
      const field = page.getByRole('textbox', { name: label, exact: true });
      await expect(field).toHaveValue(value);
      await expect(field).not.toBeEditable();
      expect(await contrast(field), label).toBeGreaterThanOrEqual(4.5);
    }
    // An empty value reads as a dash, not as the example address the form offers.
    const description = page.getByRole('textbox', { name: p.description, exact: true });
    await expect(description).toHaveValue('');
    await expect(description).toHaveAttribute('placeholder', '—');
  });
}
