/**
 * A tap at first paint on a slow phone does what it says (issue 28): 4x CPU, Fast 3G, a cold
 * cache, a 390 px screen. The tab, menu item or button is tapped as soon as it shows: the login
 * page's "Password login", the register page's "Register by phone", the user centre's "Secret key
 * management", and the back office's menu and Add (issue 39) each show what they name, and the
 * address says so (a reload shows it again).
 *
 * Two browsers, a phone and a desktop browser as narrow; the back office's menu also on a desktop
 * browser at a desktop's width, where it is the side bar. Each gets the documents the server
 * renders in its layout (bff/documents/prerendered.ts, server-render.ts; issue 39: the phone had the
 * shell, whose tabs and menu showed only once the app had rendered them), and taps them before the
 * app has taken them over: the tabs and menu items are links, which the browser follows (before,
 * they were buttons only the app answered, and 0 of the 3 taps did anything).
 */
import {
  DESKTOP,
  expect,
  holdScripts,
  test,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '../support/e2e-fixtures';
import { createPhoneUser, loginByApi } from '../support/e2e-api';
import { login, register, usercenter } from '../support/e2e-texts';
import { ADMIN, adminTexts, platformTexts } from '../support/e2e-admin';
import { TAKEN_OVER_ATTRIBUTE } from '../../shared/documents';

// The benchmark's figures (bench/pages.mjs): DevTools' "Fast 3G", 562.5 ms RTT, ~1.44 Mbit/s down.
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 188_743, uploadThroughput: 86_400 };
const CPU_SLOWDOWN = 4;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const SCREEN = { width: 390, height: 844 };
const SLOW = { timeout: 30_000 };

const BROWSERS: { name: string; options: BrowserContextOptions; wide?: true }[] = [
  {
    name: 'a phone',
    options: { userAgent: IPHONE, viewport: SCREEN, isMobile: true, hasTouch: true },
  },
  {
    name: 'a desktop browser as narrow',
    options: { ...DESKTOP, viewport: SCREEN, hasTouch: true },
  },
  {
    name: 'a desktop browser',
    options: { ...DESKTOP, viewport: { width: 1280, height: 800 }, hasTouch: true },
    wide: true,
  },
];

const t = {
  login: login['en-US'],
  register: register['en-US'],
  usercenter: usercenter['en-US'],
  admin: adminTexts['en-US'],
  platform: platformTexts['en-US'],
};

interface Tap {
  what: string;
  address: string;
  target(page: Page): Locator;
  /** What the tap shows. */
  shown(page: Page): Locator;
  /** The address after it. */
  then: RegExp;
  /** A member's or the admin's page: signed in, with the time zone the app keeps (the BFF renders the page for it). */
  signedIn?: 'member' | 'admin';
  /** Tapped at a desktop's width too, where the page lays it out otherwise. */
  wide?: true;
}

/** A tab of a page, which shows a form with `field` in its panel. */
function tabTap(what: string, address: string, tab: string, field: string, then: RegExp): Tap {
  return {
    what,
    address,
    target: (page) => page.getByRole('tab', { name: tab }),
    shown: (page) =>
      page.getByRole('tabpanel', { name: tab }).getByRole('textbox', { name: field, exact: true }),
    then,
  };
}

const TAPS: Tap[] = [
  tabTap(
    'the login page\'s "Password login" tab shows the password form',
    '/login?lang=en-US&clientId=uaa-media',
    t.login.passwordTab,
    t.login.account,
    /\/login\?lang=en-US&clientId=uaa-media&tab=password$/,
  ),
  tabTap(
    'the register page\'s "Register by phone" tab shows the phone form',
    '/register?lang=en-US',
    t.register.phoneTab,
    t.register.phone,
    /\/register\?lang=en-US&tab=phone$/,
  ),
  {
    what: 'the user centre\'s "Secret key management" shows the keys',
    address: '/usercenter?lang=en-US',
    target: (page) => page.getByRole('menuitem', { name: t.usercenter.menuKeys }),
    shown: (page) =>
      page.getByRole('region', { name: t.usercenter.keysTitle }).getByText(t.usercenter.noKeys),
    then: /\/usercenter\?lang=en-US&tab=keys$/,
    signedIn: 'member',
  },
  {
    what: 'the back office\'s menu item "Platform management" shows the platforms',
    address: '/admin/user?lang=en-US',
    target: (page) =>
      page
        .getByRole('navigation', { name: t.admin.navigation })
        .getByRole('menuitem', { name: t.admin.modules.platforms }),
    // In the page's language: the item's address keeps the list's `lang`.
    shown: (page) => page.getByRole('heading', { level: 1, name: t.admin.modules.platforms }),
    then: /\/admin\/platform\?lang=en-US$/,
    signedIn: 'admin',
    wide: true,
  },
  {
    what: 'the back office\'s "Add platform" shows the new platform\'s form',
    address: '/admin/platform?lang=en-US',
    target: (page) => page.getByRole('link', { name: t.platform.add }),
    // In the page's language: the link carries the address's `lang` (before, it named none, and
    // the form came in the default language when the tap beat the app to storing it).
    shown: (page) => page.getByRole('heading', { level: 1, name: t.platform.createTitle }),
    then: /\/admin\/platform\/create\?lang=en-US$/,
    signedIn: 'admin',
  },
];

async function signIn(page: Page, context: BrowserContext, baseURL: string, who: 'member' | 'admin') {
  if (who === 'admin') await loginByApi(page, ADMIN.account, ADMIN.password);
  else {
    const user = await createPhoneUser(baseURL);
    await loginByApi(page, user.phone, user.password);
  }
  await context.addCookies([{ name: 'tz', value: 'UTC', url: baseURL }]);
}

async function slowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

for (const { name, options, wide } of BROWSERS) {
  test.describe(`on ${name}, 4x CPU and Fast 3G`, () => {
    test.use(options);

    for (const tap of TAPS.filter((each) => !wide || each.wide)) {
      test(`${tap.what} at once`, async ({ page, context, baseURL }) => {
        test.setTimeout(120_000);
        if (tap.signedIn) await signIn(page, context, baseURL!, tap.signedIn);
        await slowPhone(page);
        // The scripts wait for the tap: on a loaded machine the throttled app could still come
        // first (it did, once in a fresh clone), and the tap would then prove nothing.
        const release = await holdScripts(page);
        await page.goto(tap.address, { waitUntil: 'commit' });
        const target = tap.target(page);
        await target.waitFor({ state: 'visible', ...SLOW });
        const takenOver = (await page.locator(`#root[${TAKEN_OVER_ATTRIBUTE}]`).count()) > 0;
        await target.tap(SLOW);
        release();
        expect(takenOver, 'tapped before the app had the page').toBe(false);
        await expect(tap.shown(page)).toBeVisible(SLOW);
        await expect(page).toHaveURL(tap.then);
      });
    }
  });
}
