// Page weight and load time in headless Chromium (playwright-core, Debian's /usr/bin/chromium).
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'node:http';
import { gzipSync, constants } from 'node:zlib';
import forge from 'node-forge';
import { chromium } from 'playwright-core';
import { round } from './lib.mjs';
import FEATURES from '../tests/support/chromium-features.json' with { type: 'json' };
import PHONE_PROFILE from '../tests/support/phone-profile.json' with { type: 'json' };

// As the browser tests start it (tests/support/chromium.ts, docs/adr/0003): without the address
// bar's popups, which every new window loads in renderers of their own. A person's browser loads
// them once per window, not per page; the benchmark opens a window per cold load, and those
// renderers would compete with the page for the machine's two cores.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...FEATURES.playwrightDisabled, ...FEATURES.oursDisabled].join(',')}`,
];

// DevTools' "Fast 3G" preset (Lighthouse's throttling): 562.5 ms RTT, ~1.44 Mbit/s down.
export const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
export const CPU_SLOWDOWN = 4;

/**
 * The browsers a page is loaded in (issue 39): a desktop's, and a phone's (an Android phone's user
 * agent, 390 px, touch), both with the CPU slowdown and Fast 3G above.
 */
export const PROFILES = {
  desktop: {},
  phone: PHONE_PROFILE,
};

const PHONE_FIELD = 'input[autocomplete="tel"]';

// The whole browser as people have it, not the headless shell the browser tests use (ADR 0003).
const BROWSER = '/usr/bin/chromium';

export async function launch() {
  if (!existsSync(BROWSER))
    throw new Error(
      `the page figures are measured in Debian's chromium: apt-get install chromium (${BROWSER})`,
    );
  return chromium.launch({ executablePath: BROWSER, args: CHROMIUM_ARGS, headless: true });
}

const kindOf = (url, type) => {
  const p = new URL(url).pathname;
  if (/\.m?js$/.test(p) || type === 'script') return 'js';
  if (/\.css$/.test(p) || type === 'stylesheet') return 'css';
  if (/\.(woff2?|ttf|otf|eot)$/.test(p) || type === 'font') return 'font';
  if (/\.(png|jpe?g|gif|svg|webp|avif|ico)$/.test(p) || type === 'image') return 'image';
  return 'other';
};

/** gzip -9 size of a built file (the .gz compress.mjs wrote, or compressed here). */
function gzipSizeOf(distDir, pathname) {
  const file = path.join(distDir, decodeURIComponent(pathname));
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  if (!existsSync(file)) return undefined;
  const raw = readFileSync(file);
  return Math.min(raw.length, gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }).length);
}

/** Which source modules each emitted file holds (written by rsbuild.config.ts with BUNDLE_STATS). */
export function loadBundleStats(file) {
  const byFile = new Map();
  for (const chunk of JSON.parse(readFileSync(file, 'utf8'))) {
    for (const f of chunk.files) byFile.set(`/${f}`, [...(byFile.get(`/${f}`) ?? []), ...chunk.modules]);
  }
  return byFile;
}

/** Records every response of a page with its transferred (encoded) size, from the network log. */
function recordNetwork(page) {
  const entries = [];
  page.on('requestfinished', async (request) => {
    const entry = { url: request.url(), type: request.resourceType(), transferred: 0 };
    entries.push(entry);
    try {
      entry.transferred = (await request.sizes()).responseBodySize;
    } catch {
      /* page closed */
    }
  });
  return entries;
}

/**
 * /login's weight: what Chromium downloads (unthrottled), each file's gzip size from the build,
 * and which modules it carries; then the password is submitted to show when the RSA code loads.
 */
export async function pageWeight({ browser, base, distDir, stats }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const entries = recordNetwork(page);
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await page.locator(PHONE_FIELD).waitFor();
  const files = entries
    .filter((e) => new URL(e.url).origin === base)
    .map((e) => {
      const pathname = new URL(e.url).pathname;
      return {
        path: pathname,
        kind: kindOf(e.url, e.type),
        gzip: gzipSizeOf(distDir, pathname),
        transferred: e.transferred,
        modules: stats.get(pathname) ?? [],
      };
    })
    .filter((f) => f.kind !== 'other');
  const sum = (kind, key) => files.filter((f) => f.kind === kind).reduce((n, f) => n + (f[key] ?? 0), 0);
  const modulesOnLogin = files.flatMap((f) => f.modules);
  // The back office's mount is the router's (the shell's lazy import only); the rest of admin/ is not.
  const forbidden = modulesOnLogin.filter((m) =>
    /client\/features\/account\/|client\/features\/admin\/(?!admin-mount\.tsx)|node-forge/.test(m),
  );

  // The RSA library: absent until a password is submitted, then fetched.
  const before = entries.length;
  let rsaOnSubmit = 'not checked';
  let rsaBeforeSubmit = false;
  try {
    await page
      .getByText(/^(Password login|密码登录)$/)
      .first()
      .click({ timeout: 3000 });
    // The tab is a link (the password tab's own document): the app takes that page over first,
    // so that the agreement's box is React's when it is ticked.
    await page.locator('#root[data-taken-over]').waitFor({ timeout: 10_000 });
    const form = page.locator('#login-password');
    await form.locator('input[autocomplete="username"]').fill('admin', { timeout: 5000 });
    await form.locator('input[type="password"]').fill('Admin12345');
    // The agreement (shared by both tabs): its box, not its links.
    await form.getByText(/^(I have read and agree to the|我已阅读并同意)$/).click({ timeout: 5000 });
    const forgeSoFar = () =>
      entries
        .slice(before)
        .some((e) => (stats.get(new URL(e.url).pathname) ?? []).some((m) => m.includes('node-forge')));
    rsaBeforeSubmit = forgeSoFar();
    await form.locator('button[type="submit"]').click();
    // The local captcha asks for one click; then the password is encrypted and sent.
    const dialogButton = page.locator('.arco-modal button.arco-btn-primary');
    const deadline = Date.now() + 8000;
    const loadsForge = forgeSoFar;
    while (Date.now() < deadline && !loadsForge()) {
      if (await dialogButton.isVisible().catch(() => false)) await dialogButton.click().catch(() => {});
      await page.waitForTimeout(100);
    }
    rsaOnSubmit = rsaBeforeSubmit ? 'before submit' : loadsForge() ? 'yes' : 'no';
  } catch (err) {
    rsaOnSubmit = `not checked (${err.message.split('\n')[0]})`;
  }
  await context.close();
  return {
    files,
    jsGzip: sum('js', 'gzip'),
    cssGzip: sum('css', 'gzip'),
    fontGzip: sum('font', 'gzip'),
    imageGzip: sum('image', 'gzip'),
    transferred: files.reduce((n, f) => n + f.transferred, 0),
    forbidden: [...new Set(forbidden)],
    rsaOnSubmit,
  };
}

/** Logs in through the BFF's API as the SPA would, and returns the session cookie. */
export async function loginCookie(base, account, password) {
  const headers = { 'X-CSRF': '1', 'Content-Type': 'application/json', lang: 'en-US' };
  const post = async (p, body, extra = {}) => {
    const res = await fetch(`${base}/gw/uaa-be/api/v1${p}`, {
      method: 'POST',
      headers: { ...headers, ...extra, Origin: base },
      body: JSON.stringify(body),
    });
    return { res, body: await res.json() };
  };
  const { res: keyRes, body: key } = await post('/cipher/getPubKey', {});
  if (typeof key?.data?.pubKey !== 'string') {
    throw new Error(`getPubKey answered ${keyRes.status} ${JSON.stringify(key).slice(0, 200)}`);
  }
  // The envelope of shared/crypto.ts encryptPassword.
  const plaintext = JSON.stringify({ password, timestamp: Math.floor(Date.now() / 1000), scene: 'login' });
  const encrypted = forge.util.encode64(
    forge.pki.publicKeyFromPem(key.data.pubKey).encrypt(forge.util.encodeUtf8(plaintext), 'RSAES-PKCS1-V1_5'),
  );
  const { res, body } = await post(
    '/login/byAccount',
    { account, password: encrypted, autoLogin: false },
    { captchaVerifyParam: 'local-captcha-pass', sceneId: 'local', prefix: 'local' },
  );
  if (body.msgCode !== '10000') throw new Error(`login failed: ${body.msgCode} ${body.msg}`);
  const cookies = res.headers.getSetCookie().map((line) => line.split(';')[0]);
  // And what the app keeps in every member's browser (client/app/hydration.tsx): the time zone,
  // in which the BFF renders the signed-in pages' times (this browser's is the machine's).
  const timeZone = { name: 'tz', value: Intl.DateTimeFormat().resolvedOptions().timeZone, url: base };
  return [
    ...cookies.map((pair) => {
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: base };
    }),
    timeZone,
  ];
}

/**
 * What a person waits for on each page of the budget (issue 17): a form field that takes a key,
 * the account rows with the username, a table's first row. `text` must be in the element's text;
 * nothing under `settled` may still be loading (Arco's spinners).
 */
export const USABLE = {
  phoneField: { selector: PHONE_FIELD, type: true },
  firstField: { selector: 'main form input:not([type="checkbox"]):not([type="hidden"])', type: true },
  account: (username) => ({ selector: '.uc-content section, .uc-content .uc-title ~ *', text: username }),
  // A table on a desktop (its empty row when there is no key), a card per key or the line saying
  // there is none on a phone (access-keys.tsx: .uc-keys-empty, which the phone's figure waited for
  // in vain while this named Arco's empty state only).
  keys: {
    selector: '.uc-content .arco-table tbody tr, .uc-content .uc-key-card, .uc-content .uc-keys-empty',
    settled: '.uc-content',
  },
  help: { selector: '.uc-content .uc-title' },
  tableRow: {
    selector: '.arco-table tbody tr:not(.arco-table-empty-row)',
    settled: '.arco-layout-content, main',
  },
};

/**
 * Loads a page throttled (CPU 4x, Fast 3G, cold cache, a fresh context of `profile`: PROFILES) and times, from
 * navigation start, its first contentful paint and the first frame in which what a person waits
 * for (`usable`, one of USABLE) is there: in the DOM, laid out, enabled, with its text, nothing
 * still loading around it. The check runs in the frame's requestAnimationFrame, where the
 * browser lays the page out anyway, so that measuring forces no layout of its own before the
 * first paint. A field must then take a typed key. `app: false` loads a page that is not the app's
 * (the machine's floor, FLOOR_PAGE), which no React takes over.
 */
export async function loadTime({ browser, url, usable, cookies = [], profile = 'desktop', app = true }) {
  const context = await browser.newContext(PROFILES[profile]);
  if (cookies.length) await context.addCookies(cookies);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const requests = [];
  page.on('request', (request) => requests.push({ url: request.url(), at: Date.now() }));
  // client/main.tsx says so when React could not keep the server's markup.
  let renderedAgain = false;
  page.on('console', (message) => {
    if (message.text().includes('rendered again')) renderedAgain = true;
  });
  await page.addInitScript(({ selector, text, settled }) => {
    let scheduled = false;
    const check = (frameTime) => {
      scheduled = false;
      if (window.__benchUsableAt !== undefined) return;
      const found = [...document.querySelectorAll(selector)].find(
        (el) =>
          !el.disabled &&
          !el.readOnly &&
          el.getClientRects().length > 0 &&
          (!text || (el.textContent ?? '').includes(text)),
      );
      const loading = settled && document.querySelector(`:is(${settled}) .arco-spin-loading`);
      if (found && !loading) window.__benchUsableAt = frameTime;
    };
    // The page is React's once the app marks the root (client/main.tsx).
    const watchTakeOver = () => {
      const root = document.getElementById('root');
      if (!root || window.__benchTakenOverAt !== undefined) return;
      if (root.hasAttribute('data-taken-over')) window.__benchTakenOverAt = performance.now();
    };
    new MutationObserver(() => {
      watchTakeOver();
      if (scheduled || window.__benchUsableAt !== undefined) return;
      scheduled = true;
      requestAnimationFrame(check);
    }).observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  }, usable);
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__benchUsableAt !== undefined, null, {
    timeout: 30_000,
    polling: 100,
  });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
    timeout: 30_000,
  });
  const { usableAt, fcp } = await page.evaluate(() => ({
    usableAt: window.__benchUsableAt,
    fcp: performance.getEntriesByName('first-contentful-paint')[0].startTime,
  }));
  // Every page of the app is timed until React has it too ("interactive"), so that a page React
  // had to render again is seen.
  if (app)
    await page.waitForFunction(() => window.__benchTakenOverAt !== undefined, null, { timeout: 30_000 });
  const takenOverAt = await page.evaluate(() => window.__benchTakenOverAt);
  let typed = true;
  if (usable.type) {
    const field = page.locator(usable.selector).first();
    await field.fill('138');
    typed = (await field.inputValue()) === '138';
  }
  const finalPath = new URL(page.url()).pathname;
  const api = requests.filter((r) => new URL(r.url).pathname.startsWith('/gw/'));
  await context.close();
  return {
    fcp: round(fcp, 0),
    // Shown means painted too: never before the first contentful paint.
    ready: round(Math.max(usableAt, fcp), 0),
    typed,
    takenOver: takenOverAt === undefined ? undefined : round(takenOverAt, 0),
    renderedAgain,
    finalPath,
    apiCalls: api.filter((r) => r.at - started <= usableAt + 200).length,
  };
}

export { PHONE_FIELD };

/**
 * The machine's floor: a document with a heading and nothing else, no style, no script, loaded as
 * every page is (same profile, throttling, cold context). What it takes to be painted is what this
 * machine and Chromium take for any page; a page's own share is its figure minus this. The budgets
 * were set on a faster machine (docs/performance.md).
 */
export const FLOOR_PAGE = '<!doctype html><html lang="en"><title>floor</title><h1>Log in</h1></html>';

/** Serves FLOOR_PAGE on a loopback port; resolves to its address and a way to stop it. */
export async function serveFloorPage() {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(FLOOR_PAGE);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}
