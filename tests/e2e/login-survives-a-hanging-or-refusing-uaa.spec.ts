/**
 * Upstream faults as a user sees them (issue 10): the built BFF, started by this spec in front of
 * a fault-injecting proxy before the local UAA, serves the real SPA. On the login page, in each
 * language, a sign-in while the UAA hangs says "network timeout", one while the UAA refuses
 * connections says the gateway's "service temporarily unavailable", and once the UAA is back the
 * same form signs in. Runs against E2E_SERVER_DIR / E2E_STATIC_DIR. (What a lost registration,
 * key or profile reply leaves behind is tested in tests/faults/nothing-lost.test.ts.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, journeysInTurns, test, type Page } from '../support/e2e-fixtures';
import { startFaultUpstream, type FaultUpstream } from '../faults/fault-upstream';
import { common, login, product as PRODUCT_MESSAGES, type Lang } from '../support/e2e-texts';

const SERVER_DIR = process.env.E2E_SERVER_DIR ?? 'dist/server';
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? 'dist/client';

let uaa: ChildProcess;
let bff: ChildProcess;
let faulty: FaultUpstream;
let base: string;
let uaaBase: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} never answered`);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const [uaaPort, bffPort] = [await freePort(), await freePort()];
  base = `http://127.0.0.1:${bffPort}`;
  uaaBase = `http://127.0.0.1:${uaaPort}`;
  uaa = spawn('node', [`${SERVER_DIR}/local-uaa.js`], {
    env: { ...process.env, UAA_PORT: String(uaaPort), LOCAL_UAA_PUBLIC_URL: base },
    stdio: 'ignore',
  });
  await waitFor(`${uaaBase}/`);
  faulty = await startFaultUpstream(uaaBase, { budgetMs: 6000 }); // the built BFF's own budget
  bff = spawn('node', [`${SERVER_DIR}/index.js`], {
    env: {
      ...process.env,
      PORT: String(bffPort),
      HOST: '127.0.0.1',
      UAA_UPSTREAM: faulty.url,
      STATIC_DIR,
      LOG_LEVEL: 'warn',
      RATE_LIMITS_FILE: 'tests/e2e/rate-limits.json',
    },
    stdio: 'ignore',
  });
  await waitFor(`${base}/healthz`);
});

test.afterAll(async () => {
  bff?.kill('SIGTERM');
  uaa?.kill('SIGTERM');
  await faulty?.close();
});

async function submitPasswordLogin(page: Page, lang: Lang) {
  const panel = page.getByRole('tabpanel', { name: login[lang].passwordTab });
  await panel.getByRole('button', { name: login[lang].submit, exact: true }).click();
  await page.getByRole('button', { name: common[lang].verify }).click();
}

journeysInTurns((lang, inTurn) => {
  if (inTurn())
    test(`login survives a hanging and a refusing UAA, then signs in (${lang})`, async ({ page }) => {
      test.setTimeout(60_000);
      await faulty.set('none');
      await page.goto(`${base}/login?lang=${lang}`);
      await page.getByRole('tab', { name: login[lang].passwordTab }).click();
      const panel = page.getByRole('tabpanel', { name: login[lang].passwordTab });
      await panel.getByRole('textbox', { name: login[lang].account, exact: true }).fill('admin');
      await panel.locator('input[type=password]').fill('Admin12345');
      await panel.getByText(common[lang].agree).click();

      // The UAA accepts the connection and never answers: the 6 s budget ends in "network timeout".
      await faulty.set('hang');
      await submitPasswordLogin(page, lang);
      await expect(page.getByText(PRODUCT_MESSAGES.networkTimeout[lang]).first()).toBeVisible({
        timeout: 12_000,
      });
      await expect(page).toHaveURL(/\/login/);

      // Nothing listens: the gateway's 502 envelope, in the page's language.
      await faulty.set('refuse');
      await submitPasswordLogin(page, lang);
      await expect(page.getByText(PRODUCT_MESSAGES.upstreamUnavailable[lang]).first()).toBeVisible({
        timeout: 8_000,
      });
      await expect(page).toHaveURL(/\/login/);

      // The UAA is back: the same form, untouched, signs in.
      await faulty.set('none');
      await submitPasswordLogin(page, lang);
      await expect(page).toHaveURL(/\/usercenter/, { timeout: 10_000 });
    });
}, 'zh-CN');
