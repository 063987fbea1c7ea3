/**
 * The user centre (spec §2, §4): account rows and their flows, access keys, cancellation, the
 * mobile header; both languages.
 */
import { atRest, expect, journeysInTurns, test, type Page } from '../support/e2e-fixtures';
import { blockingViolations } from '../support/e2e-axe';
import { loadErrorTexts } from '../../client/components/load-error.locale';
import { CLI_KEY_DESCRIPTION } from '../../shared/contract/credential';
import {
  api,
  codeSentTo,
  createPhoneUser,
  encrypted,
  loginByApi,
  newPhone,
  uniqueSuffix,
  signInAsNewUser,
} from '../support/e2e-api';
import {
  common,
  contactChange,
  LANGS,
  product,
  usercenter,
  validation,
  type Lang,
} from '../support/e2e-texts';

async function openAs(page: Page, baseURL: string, lang: Lang) {
  const user = await createPhoneUser(baseURL);
  await loginByApi(page, user.phone, user.password);
  await page.goto(`/usercenter?lang=${lang}`);
  await expect(page.getByRole('heading', { name: usercenter[lang].menuAccount })).toBeVisible();
  return user;
}

function row(page: Page, key: string) {
  return page.locator(`[data-row="${key}"]`);
}

/**
 * Stops the page's timers about 100 ms from now on the page's own clock. The target is read in the
 * page; on a loaded machine the command can still arrive after it (Playwright then refuses a pause
 * "in the past"), so it is read again.
 */
async function pauseSoon(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const target = (await page.evaluate(() => Date.now())) + 100;
    try {
      await page.clock.pauseAt(target);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('Cannot fast-forward to the past')) throw error;
    }
  }
}

journeysInTurns((lang, inTurn) => {
  const t = usercenter[lang];
  const c = contactChange[lang];

  if (inTurn())
    test(`change the phone: verify the current one, then the new one (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const user = await openAs(page, baseURL!, lang);
      await expect(row(page, 'phone')).toContainText(user.phone);
      await expect(row(page, 'password')).toBeVisible();
      await row(page, 'phone').getByRole('button').click();
      const flow = page.getByRole('region', { name: c.changePhone });
      const code0 = await codeSentTo(page.request, user.phone, () =>
        flow.getByRole('button', { name: common[lang].getCode }).click(),
      );
      await flow.getByRole('textbox', { name: c.code, exact: true }).fill(code0);
      await flow.getByRole('button', { name: c.next }).click();

      // The same phone, then a phone of another account, are refused with the spec's messages.
      const field = flow.getByRole('textbox', { name: c.newPhone, exact: true });
      await field.fill(user.phone);
      await field.blur();
      await expect(flow.getByText(validation.newContactRequired[lang])).toBeVisible();
      const other = await createPhoneUser(baseURL!);
      await field.fill(other.phone);
      await field.blur();
      await expect(flow.getByText(validation.phoneExists[lang])).toBeVisible();

      const fresh = newPhone();
      await field.fill(fresh);
      await field.blur();
      const code1 = await codeSentTo(page.request, fresh, () =>
        flow.getByRole('button', { name: common[lang].getCode }).click(),
      );
      await flow.getByRole('textbox', { name: c.code, exact: true }).fill(code1);
      await flow.getByRole('button', { name: c.submit }).click();
      await expect(row(page, 'phone')).toContainText(fresh);
    });

  if (inTurn())
    test(`access keys: create two, show and copy the secret, the limit, switch, delete (${lang})`, async ({
      page,
      context,
      baseURL,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await openAs(page, baseURL!, lang);
      await page.getByRole('menuitem', { name: t.menuKeys }).click();
      const section = page.getByRole('region', { name: t.keysTitle });
      for (const description of ['first key', 'second key']) {
        await section.getByRole('button', { name: t.createKey }).click();
        const dialog = page.getByRole('dialog', { name: t.createKeyTitle });
        await dialog.getByRole('textbox', { name: t.description }).fill(description);
        await dialog.getByRole('button', { name: t.create }).click();
        const created = page.getByRole('dialog', { name: t.keyCreatedTitle });
        await expect(created).toBeVisible();
        await created.getByRole('button').last().click();
      }
      await expect(section.getByRole('button', { name: t.createKey })).toBeDisabled();
      await expect(section.getByText(t.limitReached)).toBeVisible();
      const rows = section.locator('tbody tr');
      await expect(rows).toHaveCount(2);

      const first = rows.first();
      const masked = (await first.getByLabel(t.sk, { exact: true }).textContent()) ?? '';
      expect(masked).toContain('****');
      await first.getByRole('button', { name: `${t.show} ${t.sk}` }).click();
      await expect(first.getByLabel(t.sk, { exact: true })).not.toContainText('****');
      const full = (await first.getByLabel(t.sk, { exact: true }).textContent()) ?? '';
      await first.getByRole('button', { name: `${t.copy} ${t.sk}` }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(full);

      // An enabled key cannot be deleted: the tip shows for 2 s.
      await first.getByRole('button', { name: t.delete }).click();
      await expect(page.getByRole('alert').filter({ hasText: t.closeFirst })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: t.closeFirst })).toBeHidden({ timeout: 4000 });
      await first.getByRole('switch').click();
      await expect(first.getByRole('switch')).not.toBeChecked();
      await first.getByRole('button', { name: t.delete }).click();
      await page
        .getByRole('dialog', { name: t.deleteConfirmTitle })
        .getByRole('button', { name: t.delete })
        .click();
      await expect(rows).toHaveCount(1);
      await expect(section.getByRole('button', { name: t.createKey })).toBeEnabled();
    });
}, 'zh-CN');

test("the command-line tool's key is recognized by its description", async ({ page, baseURL }) => {
  await openAs(page, baseURL!, 'en-US');
  const created = await api(page.request, '/open/credential/create', { description: CLI_KEY_DESCRIPTION });
  expect(created.msgCode).toBe('10000');
  await page.goto('/usercenter?tab=keys&lang=en-US');
  const row = page.getByRole('region', { name: usercenter['en-US'].keysTitle }).locator('tbody tr');
  await expect(row.getByText(usercenter['en-US'].cliKey, { exact: true })).toBeVisible();
});

journeysInTurns((lang, inTurn) => {
  if (inTurn())
    test(`change the password with a code, then log in with it (${lang})`, async ({ page, baseURL }) => {
      const user = await openAs(page, baseURL!, lang);
      await row(page, 'password').getByRole('button').click();
      const flow = page.getByRole('region', { name: usercenter[lang].changePassword });
      const code = await codeSentTo(page.request, user.phone, () =>
        flow.getByRole('button', { name: common[lang].getCode }).click(),
      );
      await flow.getByRole('textbox', { name: contactChange[lang].code, exact: true }).fill(code);
      await flow.getByRole('button', { name: usercenter[lang].next }).click();
      await flow.locator('input[type=password]').nth(0).fill('Changed123');
      await flow.locator('input[type=password]').nth(1).fill('Changed123');
      await flow.getByRole('button', { name: usercenter[lang].submit }).click();
      await expect(page.getByRole('heading', { name: usercenter[lang].menuAccount })).toBeVisible();
      const fresh = await api(
        page.request,
        '/login/byAccount',
        {
          account: user.phone,
          password: await encrypted(page.request, 'Changed123', 'login'),
          autoLogin: false,
        },
        { headers: { captchaVerifyParam: 'local-captcha-pass', sceneId: 'local', prefix: 'local' } },
      );
      expect(fresh.msgCode).toBe('10000');
    });
  if (inTurn())
    test(`bind an e-mail to a phone account (verify the phone, then the e-mail) (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const user = await openAs(page, baseURL!, lang);
      await row(page, 'email').getByRole('button').click();
      const c = contactChange[lang];
      const flow = page.getByRole('region', { name: c.bindEmail });
      const code0 = await codeSentTo(page.request, user.phone, () =>
        flow.getByRole('button', { name: common[lang].getCode }).click(),
      );
      await flow.getByRole('textbox', { name: c.code, exact: true }).fill(code0);
      await flow.getByRole('button', { name: c.next }).click();
      const email = `bind.${uniqueSuffix()}@example.com`;
      await flow.getByRole('textbox', { name: c.newEmail, exact: true }).fill(email);
      const code1 = await codeSentTo(page.request, email, () =>
        flow.getByRole('button', { name: common[lang].getCode }).click(),
      );
      await flow.getByRole('textbox', { name: c.code, exact: true }).fill(code1);
      await flow.getByRole('button', { name: c.submit }).click();
      await expect(row(page, 'email')).toContainText(email);
    });
  if (inTurn())
    test(`bind GitHub from the user centre through the popup (${lang})`, async ({ page, baseURL }) => {
      await openAs(page, baseURL!, lang);
      const popupPromise = page.waitForEvent('popup');
      await row(page, 'github').getByRole('button').click();
      const popup = await popupPromise;
      await popup.waitForURL(/\/__dev\/oauth\/github/);
      await popup.getByRole('button', { name: /approve|同意|授权/i }).click();
      await expect(row(page, 'github')).not.toContainText(usercenter[lang].notSet, { timeout: 10_000 });
      // WeChat binding is production-only: elsewhere it says so.
      await row(page, 'wechat').getByRole('button').click();
      await expect(page.getByText(product.wechatUnsupported[lang])).toBeVisible();
    });
});

test('cancel the account: confirm against the policy, signed out, the account is gone', async ({
  page,
  baseURL,
}) => {
  const lang = 'en-US';
  const t = usercenter[lang];
  const user = await openAs(page, baseURL!, lang);
  await page.getByRole('button', { name: t.cancelButton }).click();
  const dialog = page.getByRole('dialog', { name: t.cancelConfirmTitle });
  await expect(dialog.getByRole('link', { name: t.cancelPolicy })).toHaveAttribute('href', '/deleteProtocol');
  await dialog.getByRole('button', { name: t.cancelConfirm }).click();
  await expect(page.getByText(t.cancelled)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  const again = await api(
    page.request,
    '/login/byAccount',
    {
      account: user.phone,
      password: await encrypted(page.request, user.password, 'login'),
      autoLogin: false,
    },
    { headers: { captchaVerifyParam: 'local-captcha-pass', sceneId: 'local', prefix: 'local' } },
  );
  expect(again.msgCode).not.toBe('10000');
});

test('cancel the account while its dialogue cannot be downloaded: a network error, the account kept (zh-CN)', async ({
  page,
  baseURL,
}) => {
  const lang = 'zh-CN';
  const t = usercenter[lang];
  await openAs(page, baseURL!, lang);
  // The page is in; the dialogue's code comes on the first press, and the network is gone.
  await page.route('**/static/js/async/**', (route) => route.abort('internetdisconnected'));
  const button = page.getByRole('button', { name: t.cancelButton });
  await button.click();
  await expect(page.getByText(product.networkError[lang])).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(button).toBeEnabled();
  await expect(button).not.toHaveClass(/arco-btn-loading/);
  await page.unrouteAll();
  await button.click();
  await expect(page.getByRole('dialog', { name: t.cancelConfirmTitle })).toBeVisible();
});

test('a tab whose code cannot come says so and offers a reload; the menu stays (en-US)', async ({
  page,
  baseURL,
}) => {
  const lang = 'en-US';
  const t = usercenter[lang];
  const failed = loadErrorTexts[lang];
  await openAs(page, baseURL!, lang);
  await page.route('**/static/js/async/**', (route) => route.abort('internetdisconnected'));
  await page.getByRole('menuitem', { name: t.menuKeys }).click();
  const alert = page.getByRole('alert').filter({ hasText: failed.title });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(failed.body);
  // The rest of the page is still there: the account tab answers.
  await page.getByRole('menuitem', { name: t.menuAccount }).click();
  await expect(page.getByRole('heading', { name: t.menuAccount })).toBeVisible();
  await page.getByRole('menuitem', { name: t.menuKeys }).click();
  await page.unrouteAll();
  await alert.getByRole('button', { name: failed.reload }).click();
  await expect(page.getByRole('heading', { name: t.keysTitle })).toBeVisible();
});

test("the menu's items are links to their sections, one stop each for the keyboard (en-US)", async ({
  page,
  baseURL,
}) => {
  const t = usercenter['en-US'];
  await openAs(page, baseURL!, 'en-US');
  await page.goto('/usercenter?lang=en-US&clientId=uaa-media&type=password');
  const flow = page.getByRole('region', { name: t.changePassword });
  await expect(flow).toBeVisible();
  const keys = page.getByRole('menuitem', { name: t.menuKeys });
  // Only the tab changes, and the flow's type goes.
  await expect(keys).toHaveAttribute('href', '/usercenter?lang=en-US&clientId=uaa-media&tab=keys');
  await expect(keys.locator('a, button, [tabindex]')).toHaveCount(0);
  // Opened in a new tab, the section leaves this page's flow as it was.
  const opened = page.context().waitForEvent('page');
  await keys.click({ modifiers: ['ControlOrMeta'] });
  const other = await opened;
  await expect(other).toHaveURL(/\/usercenter\?lang=en-US&clientId=uaa-media&tab=keys$/);
  await other.close();
  await expect(flow).toBeVisible();
  await keys.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: t.keysTitle })).toBeVisible();
  await expect(page).toHaveURL(/\/usercenter\?lang=en-US&clientId=uaa-media&tab=keys$/);
  await page.getByRole('menuitem', { name: t.menuAccount }).click();
  await expect(page.getByRole('heading', { name: t.menuAccount })).toBeVisible();
  await expect(flow).toBeHidden();
});

test('the mobile user centre has the forgot-password popover and the feedback link', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await openAs(page, baseURL!, 'zh-CN');
  await page.getByRole('button', { name: usercenter['zh-CN'].forgotPassword }).click();
  await expect(page.getByText(usercenter['zh-CN'].forgotPasswordTip)).toBeVisible();
  await expect(page.getByRole('link', { name: usercenter['zh-CN'].feedback })).toHaveAttribute(
    'href',
    /\/feedback$/,
  );
  await context.close();
});

for (const lang of LANGS) {
  test(`the user centre has no serious or critical accessibility violations (${lang})`, async ({
    sharedPage: page,
    baseURL,
  }) => {
    await openAs(page, baseURL!, lang);
    for (const tab of ['account', 'keys', 'help']) {
      await page.goto(`/usercenter?tab=${tab}&lang=${lang}`);
      await page.getByRole('menuitem').first().waitFor();
      await atRest(page);
      expect(await blockingViolations(page), tab).toEqual([]);
    }
  });
}

journeysInTurns((lang, inTurn) => {
  const c = contactChange[lang];

  if (inTurn())
    test(`after /setphone the user centre shows the new phone at once (${lang})`, async ({
      page,
      baseURL,
    }) => {
      const user = await signInAsNewUser(page, baseURL!);
      await page.clock.install();
      await page.goto(`/usercenter?lang=${lang}`);
      await expect(row(page, 'phone')).toContainText(user.phone);
      // Into /setphone inside the application (as a later step of a journey does), and back.
      await page.evaluate(() => {
        window.history.pushState({}, '', '/setphone');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      const flow = page.getByRole('region', { name: c.changePhone });
      await expect(flow).toBeVisible();
      // A quick visitor (or an autofilled code) finishes within the 2 s in which the page's data
      // library reuses its last answer: the page's timers stand still, so only an explicit reload
      // of the user info can show the new phone.
      await pauseSoon(page);
      const code0 = await codeSentTo(page.request, user.phone, () =>
        flow.getByRole('button', { name: common[lang].getCode }).click(),
      );
      await flow.getByRole('textbox', { name: c.code, exact: true }).fill(code0);
      await flow.getByRole('button', { name: c.next }).click();
      const fresh = newPhone();
      await flow.getByRole('textbox', { name: c.newPhone, exact: true }).fill(fresh);
      const code1 = await codeSentTo(page.request, fresh, () =>
        flow.getByRole('button', { name: common[lang].getCode }).click(),
      );
      await flow.getByRole('textbox', { name: c.code, exact: true }).fill(code1);
      await flow.getByRole('button', { name: c.submit }).click();
      await expect(page).toHaveURL(/\/usercenter/);
      await expect(row(page, 'phone')).toContainText(fresh);
    });
}, 'zh-CN');
