/**
 * Login and registration by keyboard alone: focus order, visible focus, the verification dialogue
 * taking and giving back focus, Escape, no trap. (The back office and the user centre by keyboard:
 * keyboard-walk.spec.ts.)
 */
import { expect, takenOver, test, type Locator, type Page } from '../support/e2e-fixtures';
import { codeSentTo, createPhoneUser, newPhone, registerPhoneUser, uniqueSuffix } from '../support/e2e-api';
import {
  agreement,
  common,
  login,
  passwordInput,
  register,
  thirdParty,
  type Lang,
} from '../support/e2e-texts';

/**
 * Whether the focused element can be seen, and seen to be focused: 'visible', or what is wrong.
 * Seen: its box (a checkbox's label, the input being hidden) is inside the window. Focused: an
 * outline, a ring (a box-shadow that spreads or blurs), on the control, on what draws it (the
 * tab's text, the checkbox's box, a text field's frame) or their ::before / ::after; a text field
 * may instead show a border it does not have unfocused (Arco's inputs are borderless at rest).
 */
async function focusSeen(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing is focused';
    const alpha = (colour: string) => {
      if (colour === 'transparent') return 0;
      const parts = /rgba?\(([^)]*)\)/.exec(colour)?.[1]?.split(',') ?? [];
      return parts.length === 4 ? Number(parts[3]) : 1;
    };
    const ring = (style: CSSStyleDeclaration) => {
      if (
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) >= 1 &&
        alpha(style.outlineColor) > 0
      )
        return true;
      if (style.boxShadow === 'none') return false;
      return style.boxShadow.split(/,(?![^(]*\))/).some((shadow) => {
        const colour = /rgba?\([^)]*\)/.exec(shadow)?.[0] ?? 'rgb(0, 0, 0)';
        const [, , blur = 0, spread = 0] = shadow
          .replace(colour, '')
          .trim()
          .split(/\s+/)
          .filter((part) => part.endsWith('px'))
          .map(parseFloat);
        return (blur >= 1 || spread >= 1) && alpha(colour) > 0;
      });
    };
    const checkbox = el instanceof HTMLInputElement && el.type === 'checkbox';
    const textField = el instanceof HTMLInputElement && !checkbox;
    const frame = el.closest<HTMLElement>('.arco-input-inner-wrapper');
    const drawn: Element[] = [el, ...el.querySelectorAll('*')];
    if (checkbox && el.parentElement) drawn.push(...el.parentElement.querySelectorAll('*'));
    if (frame) drawn.push(frame);
    const box = (checkbox ? el.closest('label') : el)?.getBoundingClientRect();
    const what = `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}"`;
    if (!box || box.width === 0 || box.height === 0) return `${what} has no box`;
    if (box.bottom <= 0 || box.top >= window.innerHeight || box.right <= 0 || box.left >= window.innerWidth)
      return `${what} is outside the window`;
    const ringed = drawn.some((node) =>
      [null, '::before', '::after'].some((pseudo) => ring(getComputedStyle(node, pseudo))),
    );
    const bordered =
      textField &&
      [el, frame].some((node) => {
        if (!node) return false;
        const style = getComputedStyle(node);
        return parseFloat(style.borderTopWidth) >= 1 && alpha(style.borderTopColor) > 0;
      });
    return ringed || bordered ? 'visible' : `${what} shows no focus`;
  });
}

/** Presses `key` and checks that focus landed on `target`, on screen, with a visible indicator. */
async function press(page: Page, key: string, target: Locator): Promise<void> {
  await page.keyboard.press(key);
  await expect(target).toBeFocused();
  // Arco animates its rings in: wait for the transition to end rather than for a fixed time.
  await expect.poll(() => focusSeen(page), { message: `focus after ${key}` }).toBe('visible');
}

const languageSwitch = (page: Page, lang: Lang) =>
  page.getByRole('button', { name: lang === 'zh-CN' ? 'English' : '中文', exact: true });

/** The agreement line's three stops: the checkbox (ticked with Space), then its two links. */
async function agreeByKeyboard(page: Page, panel: Locator, lang: Lang): Promise<void> {
  const box = panel.getByRole('checkbox', { name: common[lang].agree });
  await press(page, 'Tab', box);
  await expect(box).not.toBeChecked();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await press(page, 'Tab', panel.getByRole('link', { name: agreement[lang].agreement }));
  await press(page, 'Tab', panel.getByRole('link', { name: agreement[lang].privacy }));
}

/** The language a test walks the page in, with the page's texts and the shared ones. */
function walkIn<T>(lang: Lang, texts: Record<Lang, T>) {
  return { lang, t: texts[lang], c: common[lang] };
}

/** Enter on the focused control opens the verification dialogue, which takes focus on its button. */
async function openVerification(page: Page, c: (typeof common)[Lang]) {
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: c.captchaTitle });
  const verify = dialog.getByRole('button', { name: c.verify });
  await expect(verify).toBeFocused();
  return { dialog, verify };
}

test.describe('keyboard only', () => {
  test('password login: arrow keys pick the tab, fields in visual order, the verification dialogue takes focus and gives it back, Escape closes it (zh-CN)', async ({
    page,
  }) => {
    const { lang, t, c } = walkIn('zh-CN', login);
    const user = await registerPhoneUser(page.request);
    await page.goto(`/login?lang=${lang}`);
    await takenOver(page);

    await press(page, 'Tab', languageSwitch(page, lang));
    const smsTab = page.getByRole('tab', { name: t.smsTab });
    const passwordTab = page.getByRole('tab', { name: t.passwordTab });
    // The tab list is one stop, on the selected tab; the arrow keys move between tabs and select.
    await press(page, 'Tab', smsTab);
    await press(page, 'ArrowRight', passwordTab);
    await expect(passwordTab).toHaveAttribute('aria-selected', 'true');
    await press(page, 'ArrowRight', smsTab);
    await press(page, 'ArrowLeft', passwordTab);
    await expect(smsTab).toHaveAttribute('tabindex', '-1');

    const panel = page.getByRole('tabpanel', { name: t.passwordTab });
    await press(page, 'Tab', panel.getByRole('textbox', { name: t.account, exact: true }));
    await page.keyboard.type(user.username);
    const password = panel.getByLabel(t.password, { exact: true });
    await press(page, 'Tab', password);
    await page.keyboard.type(user.password);
    // The eye shows the password: a named button that Space and Enter both work.
    const show = panel.getByRole('button', { name: passwordInput[lang].show });
    await press(page, 'Tab', show);
    await page.keyboard.press('Space');
    await expect(show).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveAttribute('type', 'text');
    await page.keyboard.press('Enter');
    await expect(show).toHaveAttribute('aria-pressed', 'false');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveValue(user.password);

    await agreeByKeyboard(page, panel, lang);
    const autoLogin = panel.getByRole('checkbox', { name: t.autoLogin.replace('{days}', '14') });
    await press(page, 'Tab', autoLogin);
    const submit = panel.getByRole('button', { name: t.submit, exact: true });
    await press(page, 'Tab', submit);
    // Shift+Tab walks back the same way.
    await press(page, 'Shift+Tab', autoLogin);
    await press(page, 'Shift+Tab', panel.getByRole('link', { name: agreement[lang].privacy }));
    await press(page, 'Tab', autoLogin);
    await press(page, 'Tab', submit);

    // The dialogue takes focus (it is modal: Tab stays inside); Escape closes it, focus comes back.
    const { dialog, verify } = await openVerification(page, c);
    await page.keyboard.press('Tab');
    await expect(verify).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(submit).toBeFocused();
    await expect.poll(() => focusSeen(page)).toBe('visible');
    await expect(page).toHaveURL(/\/login/);

    await page.keyboard.press('Enter');
    await expect(verify).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/usercenter/);
    await expect(page.getByText(user.username)).toBeVisible();
  });

  test('SMS login: the code by the dialogue, focus then in the code field; the whole page in one Tab cycle, no trap (en-US)', async ({
    page,
    baseURL,
  }) => {
    const { lang, t, c } = walkIn('en-US', login);
    const { phone } = await createPhoneUser(baseURL!);
    await page.goto(`/login?lang=${lang}`);
    await takenOver(page);

    await press(page, 'Tab', languageSwitch(page, lang));
    await press(page, 'Tab', page.getByRole('tab', { name: t.smsTab, selected: true }));
    const panel = page.getByRole('tabpanel', { name: t.smsTab });
    await press(page, 'Tab', panel.getByRole('textbox', { name: t.phone, exact: true }));
    await page.keyboard.type(phone);
    const codeField = panel.getByRole('textbox', { name: t.code, exact: true });
    await press(page, 'Tab', codeField);
    const getCode = panel.getByRole('button', { name: c.getCode });
    await press(page, 'Tab', getCode);

    // Escape closes the dialogue without sending; focus is back on the button.
    const { dialog, verify } = await openVerification(page, c);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(getCode).toBeFocused();

    const code = await codeSentTo(page.request, phone, async () => {
      await page.keyboard.press('Enter');
      await expect(verify).toBeFocused();
      await page.keyboard.press('Space');
    });
    await expect(dialog).toBeHidden();
    // The button counts down (disabled): the next thing to do is typing the code, so focus is there.
    await expect(panel.getByRole('button', { name: /^\d+s$/ })).toBeDisabled();
    await expect(codeField).toBeFocused();
    await expect.poll(() => focusSeen(page)).toBe('visible');
    await page.keyboard.type(code);

    // The disabled button is skipped.
    await agreeByKeyboard(page, panel, lang);
    const autoLogin = panel.getByRole('checkbox', { name: t.autoLogin.replace('{days}', '14') });
    await press(page, 'Tab', autoLogin);
    const submit = panel.getByRole('button', { name: t.submit, exact: true });
    await press(page, 'Tab', submit);

    // On to the end of the page, out of it, and round again: nothing holds the focus.
    await press(page, 'Tab', page.getByRole('link', { name: t.forgot }));
    await press(page, 'Tab', page.getByRole('link', { name: t.register, exact: true }));
    for (const name of ['github', 'wechat', 'carsi'] as const)
      await press(page, 'Tab', page.getByRole('button', { name: thirdParty[lang][name], exact: true }));
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await press(page, 'Tab', languageSwitch(page, lang));
    // Backwards the same: out of the page (Chromium, once focus has come round, may skip its own
    // controls and go straight to the last one of the page).
    await page.keyboard.press('Shift+Tab');
    if (await page.evaluate(() => document.activeElement === document.body))
      await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: thirdParty[lang].carsi, exact: true })).toBeFocused();
    await expect.poll(() => focusSeen(page)).toBe('visible');
    for (const name of ['wechat', 'github'] as const)
      await press(page, 'Shift+Tab', page.getByRole('button', { name: thirdParty[lang][name], exact: true }));
    await press(page, 'Shift+Tab', page.getByRole('link', { name: t.register, exact: true }));
    await press(page, 'Shift+Tab', page.getByRole('link', { name: t.forgot }));
    await press(page, 'Shift+Tab', submit);

    await page.keyboard.press('Enter');
    // A phone account made in the back office has no username: the main platform asks for one.
    await expect(page).toHaveURL(/\/username/);
  });

  test('register by e-mail: fields in visual order, the result takes focus (zh-CN)', async ({ page }) => {
    const { lang, t } = walkIn('zh-CN', register);
    const suffix = uniqueSuffix();
    await page.goto(`/register?lang=${lang}`);
    await expect(page.getByRole('tab', { name: t.emailTab, selected: true })).toBeVisible();

    await press(page, 'Tab', languageSwitch(page, lang));
    await press(page, 'Tab', page.getByRole('tab', { name: t.emailTab, selected: true }));
    const panel = page.getByRole('tabpanel', { name: t.emailTab });
    await press(page, 'Tab', panel.getByRole('textbox', { name: t.username, exact: true }));
    await page.keyboard.type(`kb-${suffix}`);
    await press(page, 'Tab', panel.getByRole('textbox', { name: t.email, exact: true }));
    await page.keyboard.type(`kb.${suffix}@example.com`);
    const [showPassword, showConfirm] = [0, 1].map((i) =>
      panel.getByRole('button', { name: passwordInput[lang].show }).nth(i),
    );
    await press(page, 'Tab', panel.getByLabel(t.password, { exact: true }));
    await page.keyboard.type('Keyboard123');
    await press(page, 'Tab', showPassword!);
    await press(page, 'Tab', panel.getByLabel(t.confirm, { exact: true }));
    await page.keyboard.type('Keyboard123');
    await press(page, 'Tab', showConfirm!);
    await agreeByKeyboard(page, panel, lang);
    await press(page, 'Tab', panel.getByRole('button', { name: t.submit, exact: true }));
    await page.keyboard.press('Enter');

    // The form is gone: focus goes to the result's heading rather than to nowhere.
    const heading = page.getByRole('heading', { name: t.emailSentTitle });
    await expect(heading).toBeFocused();
    await press(page, 'Tab', page.getByRole('link', { name: t.backToLogin }));
  });

  test('register by phone: the arrow key picks the tab, the code button hands focus to the code field (en-US)', async ({
    page,
  }) => {
    const { lang, t, c } = walkIn('en-US', register);
    const phone = newPhone();
    await page.goto(`/register?lang=${lang}`);
    await expect(page.getByRole('tab', { name: t.emailTab, selected: true })).toBeVisible();

    await press(page, 'Tab', languageSwitch(page, lang));
    await press(page, 'Tab', page.getByRole('tab', { name: t.emailTab }));
    const phoneTab = page.getByRole('tab', { name: t.phoneTab });
    await press(page, 'ArrowRight', phoneTab);
    await expect(phoneTab).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: t.phoneTab });
    await press(page, 'Tab', panel.getByRole('textbox', { name: t.username, exact: true }));
    await page.keyboard.type(`kb${uniqueSuffix()}`);
    await press(page, 'Tab', panel.getByRole('textbox', { name: t.phone, exact: true }));
    await page.keyboard.type(phone);
    const codeField = panel.getByRole('textbox', { name: t.code, exact: true });
    await press(page, 'Tab', codeField);
    await press(page, 'Tab', panel.getByRole('button', { name: c.getCode }));
    const code = await codeSentTo(page.request, phone, () => page.keyboard.press('Enter'));
    await expect(panel.getByRole('button', { name: /^\d+s$/ })).toBeDisabled();
    await expect(codeField).toBeFocused();
    await page.keyboard.type(code);

    await press(page, 'Tab', panel.getByLabel(t.password, { exact: true }));
    await page.keyboard.type('Keyboard123');
    await press(page, 'Tab', panel.getByRole('button', { name: passwordInput[lang].show }).first());
    await press(page, 'Tab', panel.getByLabel(t.confirm, { exact: true }));
    await page.keyboard.type('Keyboard123');
    await press(page, 'Tab', panel.getByRole('button', { name: passwordInput[lang].show }).last());
    await agreeByKeyboard(page, panel, lang);
    await press(page, 'Tab', panel.getByRole('button', { name: t.submit, exact: true }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: t.phoneDoneTitle })).toBeFocused();
  });
});
