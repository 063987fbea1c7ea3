/**
 * The core journeys, as a person walks them, for one engine at a desktop's and a phone's size:
 * SMS login in both languages, register by e-mail and activate then log in, an access key in the
 * user centre, a password reset through /forget, and the back office's user and platform lists.
 * Each journey starts as a browser that has never seen the product; accounts and codes come
 * through the API and the local UAA's outbox (tests/support/e2e-api.ts), as the browser tests'.
 * On every page a journey reaches, nothing scrolls sideways.
 */
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest';
import { request, type APIRequestContext } from '../support/e2e-fixtures';
import {
  codeSentTo,
  createPhoneUser,
  lastMessageTo,
  newPhone,
  registerPhoneUser,
  uniqueSuffix,
} from '../support/e2e-api';
import { ADMIN, adminTexts, platformTexts, userTexts } from '../support/e2e-admin';
import {
  active,
  common,
  forget,
  login,
  register,
  username as usernameTexts,
  usercenter,
  type Lang,
} from '../support/e2e-texts';
import { DESKTOP, EnginePage, PHONE, type EngineDriver, type Query, type Size } from './engine-page';

export interface Engine {
  name: string;
  open(size: Size, baseURL: string): Promise<EngineDriver>;
  /** The language of the journeys that run in one language, per size (the other size has the other). */
  desktopLang: Lang;
}

const other = (lang: Lang): Lang => (lang === 'en-US' ? 'zh-CN' : 'en-US');

/**
 * Nothing on the page reaches past the window's right edge. With ENGINES_SCREENSHOTS=1 the page is
 * also saved as it looks, to test-results/engines/<engine>-<size>-<where>.png.
 */
async function expectNoSidewaysScroll(page: EnginePage, where: string): Promise<void> {
  if (process.env.ENGINES_SCREENSHOTS) {
    const name = `${page.engine}-${page.size.name}-${where}`.replace(/[^\w-]+/g, '-');
    await page.screenshot(path.join(inject('outputDir'), `${name}.png`));
  }
  expect(await page.sidewaysOverflow(), `${where} scrolls sideways at ${page.size.width} px`).toBe(0);
}

/** The password tab of /login, filled and sent, and the captcha passed. */
async function passwordLogin(page: EnginePage, lang: Lang, account: string, password: string) {
  const t = login[lang];
  await page.click({ role: 'tab', name: t.passwordTab });
  const panel: Query = { role: 'tabpanel', name: t.passwordTab };
  await page.type({ role: 'textbox', name: t.account, in: panel }, account);
  await page.type({ css: 'input[type=password]', in: panel }, password);
  await page.click({ text: common[lang].agree, in: panel });
  await page.click({ role: 'button', name: t.submit, in: panel });
  await page.click({
    role: 'button',
    name: common[lang].verify,
    in: { role: 'dialog', name: common[lang].captchaTitle },
  });
}

export function engineJourneys(engine: Engine): void {
  const baseURL = inject('baseURL');
  let api: APIRequestContext;
  beforeAll(async () => {
    api = await request.newContext({ baseURL });
  });
  afterAll(async () => {
    await api.dispose();
  });

  for (const size of [DESKTOP, PHONE]) {
    const lang = size === DESKTOP ? engine.desktopLang : other(engine.desktopLang);

    describe(`${engine.name}, ${size.name} ${size.width}×${size.height}`, () => {
      let driver: EngineDriver;
      let page: EnginePage;
      beforeAll(async () => {
        driver = await engine.open(size, baseURL);
        page = new EnginePage(engine.name, driver, baseURL, size);
      }, 120_000);
      afterAll(async () => {
        await driver?.close();
      });
      beforeEach(async () => {
        await driver.fresh();
      });
      afterEach(async ({ task }) => {
        if (task.result?.state !== 'fail') return;
        const name = `${engine.name}-${size.name}-${task.name}`.replace(/[^\w-]+/g, '-').slice(0, 120);
        await page.screenshot(path.join(inject('outputDir'), `${name}.png`)).catch(() => undefined);
      });

      for (const smsLang of [lang, other(lang)]) {
        test(`SMS login of a new phone, its username, then the user centre (${smsLang})`, async () => {
          const t = login[smsLang];
          const c = common[smsLang];
          await page.goto(`/login?lang=${smsLang}`);
          await page.see({ role: 'tab', name: t.smsTab, selected: true });
          await expectNoSidewaysScroll(page, '/login');
          const panel: Query = { role: 'tabpanel', name: t.smsTab };
          const phone = newPhone();
          await page.type({ role: 'textbox', name: t.phone, in: panel }, phone);
          const code = await codeSentTo(api, phone, async () => {
            await page.click({ role: 'button', name: c.getCode, in: panel });
            await page.click({
              role: 'button',
              name: c.verify,
              in: { role: 'dialog', name: c.captchaTitle },
            });
          });
          await page.type({ role: 'textbox', name: t.code, in: panel }, code);
          await page.click({ text: c.agree, in: panel });
          await page.click({ role: 'button', name: t.submit, in: panel });

          // A new phone account has no username: the main platform asks for one first.
          await page.waitForURL(/\/username/);
          const u = usernameTexts[smsLang];
          const name = `sms-${uniqueSuffix()}`;
          await page.type({ role: 'textbox', name: u.username }, name);
          await page.click({ role: 'button', name: u.confirm });
          await page.waitForURL(/\/usercenter/);
          await page.see({ role: 'heading', name: usercenter[smsLang].menuAccount });
          await page.see({ text: name });
          await expectNoSidewaysScroll(page, '/usercenter');
        });
      }

      test(`register by e-mail, activate, log in, the user centre (${lang})`, async () => {
        const t = register[lang];
        const suffix = uniqueSuffix();
        const name = `eng-${suffix}`;
        const email = `engines.${suffix}@example.com`;
        const password = 'Engines2024!';
        await page.goto(`/register?lang=${lang}`);
        await page.see({ role: 'tab', name: t.emailTab, selected: true });
        await expectNoSidewaysScroll(page, '/register');
        const form: Query = { role: 'tabpanel', name: t.emailTab };
        await page.type({ role: 'textbox', name: t.username, in: form }, name);
        await page.type({ role: 'textbox', name: t.email, in: form }, email);
        await page.type({ label: t.password, in: form }, password);
        await page.type({ label: t.confirm, in: form }, password);
        await page.click({ text: common[lang].agree, in: form });
        await page.click({ role: 'button', name: t.submit, in: form });
        await page.see({ text: t.emailSentTitle });

        const mail = await lastMessageTo(api, email);
        expect(mail.link, 'the activation e-mail has a link').toBeTruthy();
        await page.goto(mail.link!);
        await page.see({ role: 'heading', name: active[lang].done });
        await expectNoSidewaysScroll(page, '/active');
        await page.click({ role: 'link', name: active[lang].login });
        await page.waitForURL(/\/login/);
        await passwordLogin(page, lang, email, password);
        await page.waitForURL(/\/usercenter/);
        await page.see({ text: name });
        await page.see({ text: email });
      });

      test(`the user centre: create an access key, see its secret (${lang})`, async () => {
        const t = usercenter[lang];
        const user = await registerPhoneUser(api);
        await page.goto(`/login?lang=${lang}`);
        await passwordLogin(page, lang, user.username, user.password);
        await page.waitForURL(/\/usercenter/);
        await page.see({ role: 'heading', name: t.menuAccount });
        await page.click({ role: 'menuitem', name: t.menuKeys });
        const section: Query = { role: 'region', name: t.keysTitle };
        await page.click({ role: 'button', name: t.createKey, in: section });
        const dialog: Query = { role: 'dialog', name: t.createKeyTitle };
        await page.type({ role: 'textbox', name: t.description, in: dialog }, 'engines key');
        await page.click({ role: 'button', name: t.create, in: dialog });

        // The new key's secret is shown once, in full.
        const created: Query = { role: 'dialog', name: t.keyCreatedTitle };
        const shown = await page.textOf({ text: t.sk, exact: false, in: created });
        const secret = shown.replace(`${t.sk}:`, '').trim();
        expect(secret).toMatch(/^[\w-]{16,}$/);
        await expectNoSidewaysScroll(page, 'the new key');
        await page.click({ role: 'button', nth: -1, in: created });
        await page.seeNo(created);

        // In the list it is masked until "Show".
        // A row of the table; a phone stacks each key as a card instead.
        const row: Query = { css: size === PHONE ? '.uc-key-card' : 'tbody tr', in: section };
        await page.see({ text: 'engines key', in: row });
        expect(await page.textOf({ label: t.sk, in: row })).toContain('****');
        await page.click({ role: 'button', name: `${t.show} ${t.sk}`, in: row });
        await page.see({ text: secret, in: row });
        await expectNoSidewaysScroll(page, 'the access keys');
      });

      test(`reset the password through /forget, then log in with it (${lang})`, async () => {
        const t = forget[lang];
        const user = await createPhoneUser(baseURL);
        const password = 'Forgot2024x';
        await page.goto(`/forget?lang=${lang}`);
        await expectNoSidewaysScroll(page, '/forget');
        const panel: Query = { role: 'tabpanel', name: t.phoneTab };
        await page.type({ role: 'textbox', name: t.phone, in: panel }, user.phone);
        const code = await codeSentTo(api, user.phone, () =>
          page.click({ role: 'button', name: common[lang].getCode, in: panel }),
        );
        await page.type({ role: 'textbox', name: t.code, in: panel }, code);
        await page.type({ label: t.password, in: panel }, password);
        await page.type({ label: t.confirm, in: panel }, password);
        await page.click({ role: 'button', name: t.submit, in: panel });
        await page.see({ text: t.doneTitle });
        await page.click({ role: 'link', name: t.loginNow });
        await page.waitForURL(/\/login/);
        await passwordLogin(page, lang, user.phone, password);
        // This account has no username yet: the main platform asks for one first (spec §4).
        await page.waitForURL(/\/username/);
        await page.see({ role: 'textbox', name: usernameTexts[lang].username });
      });

      test(`the back office's user and platform lists, as the demo admin (${lang})`, async () => {
        const c = adminTexts[lang];
        await page.goto(`/login?lang=${lang}&tab=password`);
        await passwordLogin(page, lang, ADMIN.account, ADMIN.password);
        await page.waitForURL(/\/usercenter/);
        await page.goto(`/admin/user?lang=${lang}`);
        await page.see({ role: 'heading', level: 1, name: c.modules.users });
        for (const column of [userTexts[lang].ssoUid, userTexts[lang].phone, userTexts[lang].email])
          await page.see({ role: 'columnheader', name: column });
        const rows: Query = { css: 'tbody tr.arco-table-tr:not(.arco-table-empty-row)' };
        await page.seeCount(rows, (n) => n > 0, 'users listed');
        await expectNoSidewaysScroll(page, '/admin/user');

        await page.click({
          role: 'menuitem',
          name: c.modules.platforms,
          in: { role: 'navigation', name: c.navigation },
        });
        await page.waitForURL(/\/admin\/platform/);
        await page.see({ role: 'heading', level: 1, name: c.modules.platforms });
        await page.see({ role: 'columnheader', name: platformTexts[lang].columnName });
        await page.seeCount(rows, (n) => n > 0, 'platforms listed');
        await expectNoSidewaysScroll(page, '/admin/platform');
      });
    });
  }
}
