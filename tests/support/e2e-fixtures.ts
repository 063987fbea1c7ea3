/**
 * Playwright's test for the browser tests, with a stack per worker: playwright.config.ts starts
 * one per worker on E2E_PORT + the worker's slot, and each test's baseURL points at its worker's
 * stack, so journeys run in parallel without seeing each other's users, platforms or counters.
 * Specs import from here, not from '@playwright/test'.
 */
import { availableParallelism } from 'node:os';
import { devices, test as base, type BrowserContext, type FrameLocator, type Page } from '@playwright/test';
import { common, LANGS, login, type Lang } from './e2e-texts';
import { PRERENDERED_ATTRIBUTE, TAKEN_OVER_ATTRIBUTE } from '../../shared/documents';
import { securityLogFile } from './e2e-security-stream';
import PHONE_PROFILE from './phone-profile.json' with { type: 'json' };

export * from '@playwright/test';

/**
 * How many stacks the browser tests start, and on which ports (one per Playwright worker). One
 * worker more than cores: a test often waits on its stack or a throttled network (docs/testing.md).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? availableParallelism() + 1);

export function stackPort(slot: number): number {
  return E2E_PORT + slot;
}

const stackURL = (slot: number) => `http://localhost:${stackPort(slot)}`;

/**
 * The environment of a stack (`npx tsx tests/support/e2e-stack.ts`, or the built BFF alone) on
 * `port`: the browser tests' (playwright.config.ts) and the engines tier's (tests/engines).
 */
export function stackEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    E2E_PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist/client',
    // The journeys send many codes from one address: the default rules with roomier per-address limits.
    RATE_LIMITS_FILE: 'tests/e2e/rate-limits.json',
    SECURITY_LOG_FILE: securityLogFile(port),
    // The browser tests check what a signed-in page holds, not how soon: on a loaded CI machine
    // (three stacks and browsers on two cores) its UAA calls and render outlast the production
    // waits, and the page came as the shell. The waits themselves are tested with the renderer
    // and the loader (bff/documents/server-render.test.ts, first-screen.test.ts).
    FIRST_SCREEN_TIMEOUT_MS: '5000',
    RENDER_TIMEOUT_MS: '5000',
  };
}

const { defaultBrowserType: _, ...desktop } = devices['Desktop Chrome'];
/** What every test's browser context is: Playwright's desktop Chrome (in Debian's Chromium). */
export const DESKTOP = desktop;

/**
 * A phone (issue 39): Android's Chrome, 390 x 844, touch; the server sends it the documents of the
 * mobile layout (shared/device.ts) and `(pointer: coarse)` holds. The bench loads its phone profile
 * from the same file.
 */
export const PHONE = PHONE_PROFILE;

/** A page the server sent (prerendered or rendered) that the app has not taken over yet. */
const NOT_TAKEN_OVER = `#root[${PRERENDERED_ATTRIBUTE}]:not([${TAKEN_OVER_ATTRIBUTE}])`;

const NAVIGATIONS = ['goto', 'reload', 'goBack', 'goForward'] as const;

/**
 * Makes `page`'s navigations that wait for the load (Playwright's default) also wait until the app
 * has taken the page over, as a person waits until a button looks ready: a page the server sent
 * shows its buttons before the app answers them (client/app/global.css), and a press in between
 * reaches no handler. A load can come before React's hydration has committed, and on a loaded CI
 * machine a press came in between (a refused resend that never showed). A navigation that asks
 * for less ('commit', 'domcontentloaded') is one that looks at the page before the app has it, and
 * is left as it is; so are files that set `awaitsTheApp: false`.
 */
function awaitTheAppAfterLoads(page: Page): void {
  for (const name of NAVIGATIONS) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
    page[name] = (async (...args: unknown[]) => {
      const response = await navigate(...args);
      const options = args.at(-1) as { waitUntil?: string } | undefined;
      const waitUntil = (typeof options === 'object' && options?.waitUntil) || 'load';
      if (waitUntil === 'load' || waitUntil === 'networkidle')
        await page
          .locator(NOT_TAKEN_OVER)
          .waitFor({ state: 'detached', timeout: 10_000 })
          .catch((error: Error) => {
            throw new Error(`${name}: the app did not take ${page.url()} over (${error.message})`);
          });
      return response;
    }) as never;
  }
}

export const test = base.extend<
  { sharedPage: Page; awaitsTheApp: boolean },
  { workerContext: BrowserContext }
>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function takes from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(stackURL(testInfo.parallelIndex));
  },
  /** Whether navigations wait for the app to take the page over (awaitTheAppAfterLoads). */
  awaitsTheApp: [true, { option: true }],
  page: async ({ page, awaitsTheApp }, use) => {
    if (awaitsTheApp) awaitTheAppAfterLoads(page);
    await use(page);
  },
  workerContext: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ ...DESKTOP, baseURL: stackURL(workerInfo.parallelIndex) });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  /**
   * A tab the worker's tests take turns with, for tests that load pages and look at them: a new
   * page costs a new browser window, a new renderer and the app's first load in it, about 1.5
   * cpu-s, against 0.4 for a load in a tab that has loaded the app before (docs/testing.md). Each
   * test starts on about:blank with no cookies, no storage, no routes, no listeners and the
   * desktop viewport; a failed test's tab is replaced by a new one. A test that
   * needs its own context options, init scripts or a clock takes `page`.
   */
  sharedPage: async ({ workerContext: context, baseURL, awaitsTheApp }, use, testInfo) => {
    const page = context.pages()[0] ?? (await context.newPage());
    const navigations = NAVIGATIONS.map((name) => [name, page[name]] as const);
    if (awaitsTheApp) awaitTheAppAfterLoads(page);
    await use(page);
    for (const [name, navigate] of navigations) page[name] = navigate as never;
    const failed = testInfo.status !== testInfo.expectedStatus;
    for (const other of context.pages()) if (failed || other !== page) await other.close();
    await context.clearCookies();
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    const next = failed ? await context.newPage() : page;
    next.removeAllListeners();
    await next.unrouteAll({ behavior: 'ignoreErrors' });
    await next.setViewportSize(DESKTOP.viewport);
    await next.goto(`${baseURL}/healthz`);
    await next.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await next.goto('about:blank');
  },
});

/**
 * Waits until React has taken the page over (hydrated the prerendered document, or rendered it):
 * the app marks the root once a page has committed (TAKEN_OVER_ATTRIBUTE), and `selector`'s node
 * is there. A click before then reaches no handler.
 */
export async function takenOver(page: Page, selector = 'input[autocomplete="tel"]'): Promise<void> {
  await page.locator(`#root[${TAKEN_OVER_ATTRIBUTE}]`).waitFor({ state: 'attached' });
  await page.locator(selector).first().waitFor({ state: 'attached' });
}

/** Waits until no animation or transition runs (Arco fades popups, messages and colours in). */
export async function animationsAtRest(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/**
 * Waits until the page is as a person would look at it: the app has taken it over, its fonts are
 * in, nothing says it is loading (a skeleton's aria-busy, Arco's spinner) and no animation runs.
 * What measures the page (axe, a screenshot) waits for this, not for Playwright's 'networkidle',
 * which Playwright advises against and which once never came in CI (a 180 s hang).
 */
export async function atRest(page: Page): Promise<void> {
  await page.locator(`#root[${TAKEN_OVER_ATTRIBUTE}]`).waitFor({ state: 'attached' });
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      !document.querySelector('[aria-busy="true"], .arco-spin-loading') &&
      document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

/**
 * Journeys run once each, the two languages taking turns from one journey to the next (every
 * page is still rendered in both by visitor-accessibility.spec.ts). `block` is what a `for (const lang of LANGS)`
 * loop held, each of its tests declared `if (inTurn())`; it is read once per language and each
 * reading declares its turns only, so every journey, with each of its assertions, runs once, in
 * one of the languages. `first` takes the first turn.
 */
export function journeysInTurns(
  block: (lang: Lang, inTurn: () => boolean) => void,
  first: Lang = 'en-US',
): void {
  const order = first === LANGS[0] ? LANGS : [...LANGS].reverse();
  order.forEach((lang, turn) => {
    let index = 0;
    block(lang, () => index++ % order.length === turn);
  });
}

/** Console errors and warnings, page errors: a normal visit has none. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Holds the app's scripts back until the returned function is called: the page is its document
 * alone. `only` narrows it (the chunks loaded on demand: `**\/static/js/async/**`).
 */
export async function holdScripts(page: Page, only = '**/static/js/**'): Promise<() => void> {
  let release: () => void = () => undefined;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(only, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  return release;
}

/**
 * Logs in through the login page's password tab, as a person does (the page, or the widget's
 * frame, must be /login).
 */
export async function passwordLogin(
  page: Page | FrameLocator,
  lang: Lang,
  account: string,
  password: string,
): Promise<void> {
  const t = login[lang];
  await page.getByRole('tab', { name: t.passwordTab }).click();
  const panel = page.getByRole('tabpanel', { name: t.passwordTab });
  await panel.getByRole('textbox', { name: t.account, exact: true }).fill(account);
  await panel.locator('input[type=password]').fill(password);
  await panel.getByText(common[lang].agree).click();
  await panel.getByRole('button', { name: t.submit, exact: true }).click();
  await page.getByRole('button', { name: common[lang].verify }).click();
}
