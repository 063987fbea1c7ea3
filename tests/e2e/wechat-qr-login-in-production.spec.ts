/**
 * The WeChat QR login in production (spec §2 /wechat and /midpage, §4 routing; issue 5). This
 * spec starts its own local UAA and a production BFF (E2E_SERVER_DIR, E2E_STATIC_DIR) in front
 * of it. Only WeChat is played, by routing its origin in the browser: a stand-in QR page, and a
 * "phone" that scans it, gets a code from the local UAA as WeChat's consent would, and lets the
 * page's poll send the frame to the redirect_uri with that code and the state it was given.
 * A sub-platform is played the same way: its (allow-listed) origin answers with a plain page.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  devices,
  expect,
  journeysInTurns,
  test,
  type BrowserContext,
  type Page,
  type Route,
} from '../support/e2e-fixtures';
import { blockingViolations } from '../support/e2e-axe';
import { encryptPassword } from '../../shared/crypto';
import { DEV_PATHS } from '../../shared/api/dev-paths';
import { ENDPOINTS, GATEWAY_BASE } from '../../shared/contract/endpoints';
import { BFF_PATHS, ROUTES } from '../../shared/routes';
import { texts as wechat } from '../../client/features/oauth/routes/wechat/locale';
import {
  API,
  CAPTCHA,
  createPhoneUser,
  jsReadableStorage,
  type NodeServer,
  type Reply,
  startNodeServer,
  uniqueSuffix,
} from '../support/e2e-api';
import { freePort } from '../support/http';
import {
  LANGS,
  product,
  thirdParty,
  username as usernameTexts,
  usercenter,
  type Lang,
} from '../support/e2e-texts';

const SERVER_DIR = process.env.E2E_SERVER_DIR ?? 'dist/server';
const STATIC_DIR = process.env.E2E_STATIC_DIR ?? 'dist/client';

const WECHAT_ORIGIN = 'https://open.weixin.qq.com';
const WECHAT_QR_URL = `${WECHAT_ORIGIN}/connect/qrconnect`;
const WECHAT_POLL_PATH = '/connect/l/qrconnect';
/** WeChat's long poll answers "nothing yet" (408) after a while; the page then asks again. */
const POLL_WAIT_MS = 2000;

/** A sub-platform of the local UAA's seed (client id uaa-media), its domain allow-listed by the BFF. */
const SUB_PLATFORM = 'https://media.example.org';
const SUB_PLATFORM_CLIENT_ID = 'uaa-media';
/** The domain the operator adds to the redirect allow-list (the seed's is loopback only). */
const REDIRECT_DOMAIN = new URL(SUB_PLATFORM).hostname.split('.').slice(1).join('.');

/**
 * The production policy of DESIGN.md §5 with the Aliyun captcha configured, and WeChat's QR page
 * as the one frame source beyond this origin (frame-ancestors varies by page and is left out).
 */
const PRODUCTION_CSP = {
  'default-src': "'self'",
  'script-src': "'self' https://o.alicdn.com",
  'style-src': "'self'",
  'img-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'none'",
  'form-action': "'self'",
  'frame-src': `'self' ${WECHAT_ORIGIN}`,
};

let base: string;
let uaaUrl: string;
const servers: NodeServer[] = [];
const dataDirs: string[] = [];
/** Set by afterAll: a start still under way (an abandoned beforeAll) then gives up. */
let closing = false;

/** Starts a server and keeps it for stopServers() before it is ready, so a failed start is stopped too. */
async function start(script: string, env: Record<string, string>, ready: RegExp): Promise<void> {
  if (closing) throw new Error('the spec is closing');
  const server = startNodeServer(`${SERVER_DIR}/${script}`, env, ready);
  servers.push(server);
  await server.ready;
}

/** A temporary data directory, removed by stopServers(). */
function dataDir(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `wechat-e2e-${name}-`));
  dataDirs.push(dir);
  return dir;
}

async function startServers(): Promise<void> {
  const [uaaPort, bffPort] = [await freePort(), await freePort()];
  base = `http://localhost:${bffPort}`;
  uaaUrl = `http://127.0.0.1:${uaaPort}`;
  const uaaDir = dataDir('uaa');
  await start(
    'local-uaa.js',
    {
      UAA_PORT: String(uaaPort),
      LOCAL_UAA_PUBLIC_URL: base,
      LOCAL_UAA_DATA: path.join(uaaDir, 'uaa.json'),
      LOCAL_UAA_WECHAT_QR_URL: WECHAT_QR_URL,
      TMPDIR: uaaDir,
    },
    /local UAA listening/,
  );
  await start(
    'index.js',
    {
      PORT: String(bffPort),
      HOST: '127.0.0.1',
      APP_ENV: 'production',
      SECURITY_LOG_HASH_KEY: 'e2e-security-events-key-0123456789',
      UAA_UPSTREAM: uaaUrl,
      PUBLIC_ORIGIN: `http://localhost:${bffPort}`,
      STATIC_DIR,
      // Info, for the line it prints once listening (the readiness signal).
      LOG_LEVEL: 'info',
      RATE_LIMITS_FILE: 'tests/e2e/rate-limits.json',
      // The seed's allow-list is loopback only, which production refuses; the operator adds a domain.
      REDIRECT_ALLOWLIST: REDIRECT_DOMAIN,
      // Production refuses the local captcha; the Aliyun one needs its scene (never reached here).
      CAPTCHA_PROVIDER: 'aliyun',
      ALIYUN_CAPTCHA_PREFIX: 'e2e',
      ALIYUN_CAPTCHA_SCENE_ID: 'e2e-scene',
      TMPDIR: dataDir('bff'),
    },
    /"msg":"BFF listening"/,
  );
}

async function stopServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

test.describe.configure({ mode: 'serial' });

// Here the product runs on loopback, so Chromium's local network access check would stop
// WeChat's (public) frame from coming back to it; in production both are public.
test.use({
  launchOptions: async ({ launchOptions }, use) => {
    const args = [...(launchOptions.args ?? []), '--disable-features=LocalNetworkAccessChecks'];
    await use({ ...launchOptions, args });
  },
});

test.beforeAll(async () => {
  // A port seen free can be taken before the server binds it: try again with new ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServers();
    } catch (err) {
      await stopServers();
      if (attempt === 3 || closing) throw err;
    }
  }
});

test.afterAll(async () => {
  closing = true;
  await stopServers();
});

interface QrSession {
  query: URLSearchParams;
  /** The address the frame goes to once the phone confirmed. */
  confirmed?: string;
  onConfirm?: () => void;
}

/**
 * WeChat's part: its QR page (what the UAA's address points at) and its long poll, which ends
 * with the frame sent to redirect_uri?code=…&state=… once the phone has confirmed.
 */
class WechatStandIn {
  readonly sessions: QrSession[] = [];

  async install(context: BrowserContext): Promise<void> {
    await context.route(`${WECHAT_ORIGIN}/**`, (route) => this.handle(route));
  }

  /** The query of the QR page shown last (the UAA's address as WeChat received it). */
  get lastQuery(): URLSearchParams {
    const session = this.sessions.at(-1);
    if (!session) throw new Error('no WeChat QR page was requested');
    return session.query;
  }

  /**
   * The phone scans the QR shown last and confirms as `account`. The code is issued by the local
   * UAA exactly as its consent page would; `state` forges the state WeChat sends back.
   */
  async scan(account: string, opts: { state?: string } = {}): Promise<string> {
    const session = this.sessions.at(-1);
    if (!session) throw new Error('no WeChat QR page to scan');
    const redirectUri = session.query.get('redirect_uri') ?? '';
    const state = session.query.get('state') ?? '';
    const code = await uaaWechatCode(redirectUri, state, account);
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', opts.state ?? state);
    session.confirmed = target.href;
    session.onConfirm?.();
    return code;
  }

  private async handle(route: Route): Promise<void> {
    const url = new URL(route.request().url());
    try {
      if (url.pathname === new URL(WECHAT_QR_URL).pathname) return await this.qrPage(route, url);
      if (url.pathname === WECHAT_POLL_PATH) return await this.poll(route, url);
      await route.fulfill({ status: 404, body: 'not found' });
    } catch {
      // The page went away while the poll waited: nothing left to answer.
    }
  }

  private async qrPage(route: Route, url: URL): Promise<void> {
    const query = url.searchParams;
    const valid =
      /^wx[0-9a-f]{16}$/.test(query.get('appid') ?? '') &&
      query.get('response_type') === 'code' &&
      query.get('scope') === 'snsapi_login' &&
      URL.canParse(query.get('redirect_uri') ?? '');
    if (!valid) return route.fulfill({ status: 400, contentType: 'text/plain', body: 'bad request' });
    const uuid = String(this.sessions.push({ query }) - 1);
    const en = query.get('lang') === 'en';
    await route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="${en ? 'en' : 'zh-CN'}"><head><meta charset="utf-8">
<title>${en ? 'WeChat Login' : '微信登录'}</title>
<style>body{font-family:sans-serif;text-align:center;margin:16px;color:#333}
.qr{width:200px;height:200px;margin:12px auto;background:repeating-conic-gradient(#000 0 25%,#fff 0 50%) 0 0/20px 20px;border:8px solid #fff;outline:1px solid #ddd}</style>
</head><body><main><h1>${en ? 'WeChat Login' : '微信登录'}</h1>
<div class="qr" role="img" aria-label="${en ? 'QR code' : '二维码'}"></div>
<p>${en ? 'Scan with WeChat to log in' : '请使用微信扫一扫登录'}</p></main>
<script>
(async function poll() {
  const reply = await (await fetch('${WECHAT_POLL_PATH}?uuid=${uuid}')).json();
  if (reply.errcode === 405) location.href = reply.redirect; else poll();
})();
</script></body></html>`,
    });
  }

  private async poll(route: Route, url: URL): Promise<void> {
    const session = this.sessions[Number(url.searchParams.get('uuid'))];
    if (!session) return route.fulfill({ status: 404, body: 'not found' });
    if (!session.confirmed) {
      await new Promise<void>((resolve) => {
        session.onConfirm = resolve;
        setTimeout(resolve, POLL_WAIT_MS);
      });
    }
    await route.fulfill({
      json: session.confirmed ? { errcode: 405, redirect: session.confirmed } : { errcode: 408 },
    });
  }
}

/** A WeChat code the local UAA will redeem once, got the way its consent page's Approve gets it. */
async function uaaWechatCode(redirectUri: string, state: string, account: string): Promise<string> {
  const reply = await fetch(`${uaaUrl}${DEV_PATHS.oauth('wechat')}`, {
    method: 'POST',
    body: new URLSearchParams({ state, redirect_uri: redirectUri, account, decision: 'approve' }),
    redirect: 'manual',
  });
  expect(reply.status, 'the local UAA approves the WeChat login').toBe(303);
  const code = new URL(reply.headers.get('location') ?? '').searchParams.get('code');
  expect(code).toBeTruthy();
  return code!;
}

/** Lets nothing but the BFF and WeChat's stand-in be reached. */
async function isolate(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.origin !== new URL(base).origin && url.origin !== WECHAT_ORIGIN,
    (route) => route.abort('blockedbyclient'),
  );
}

let standIn: WechatStandIn;
let cspViolations: string[];

test.beforeEach(async ({ context, page }) => {
  await isolate(context);
  standIn = new WechatStandIn();
  await standIn.install(context);
  cspViolations = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
});

test.afterEach(async ({ context }) => {
  // A poll may still be waiting for a scan that never came.
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  expect(cspViolations, 'no CSP violation in the journey').toEqual([]);
});

const qrFrame = (page: Page) => page.frameLocator('iframe.qr-frame');

/** The production /wechat page (or /midpage) with WeChat's QR in its frame. */
async function expectQrShown(page: Page, lang: Lang, opts: { bind?: boolean } = {}): Promise<void> {
  await expect(page.getByText(opts.bind ? wechat[lang].bindScan : wechat[lang].scan)).toBeVisible();
  await expect(page.getByTitle(wechat[lang].qr)).toBeVisible();
  await expect(
    qrFrame(page).getByRole('img', { name: lang === 'en-US' ? 'QR code' : '二维码' }),
  ).toBeVisible();
  await expect(page.getByText(product.wechatUnsupported[lang])).toHaveCount(0);
  // The address the UAA handed out, as WeChat received it.
  const query = standIn.lastQuery;
  expect(query.get('redirect_uri')).toBe(`${base}${ROUTES.wechat}`);
  expect(query.get('state')).toMatch(/^[0-9a-f]{32}$/);
  const journey = await page.evaluate(() => localStorage.getItem('oauth-journey'));
  expect(query.get('state')).toBe((JSON.parse(journey ?? '{}') as { state?: string }).state);
  expect(query.get('lang')).toBe(lang === 'en-US' ? 'en' : 'cn');
}

/** Production's session cookie, COOKIE_NAME being unset. */
const SESSION_COOKIE = '__Host-uaa-token';

/** The session cookie: set, httpOnly and Secure, and invisible to the page's JavaScript. */
async function expectSignedIn(page: Page): Promise<void> {
  const cookie = (await page.context().cookies(base)).find((c) => c.name === SESSION_COOKIE);
  expect(cookie, `a ${SESSION_COOKIE} cookie`).toBeDefined();
  expect(cookie!.httpOnly).toBe(true);
  expect(cookie!.secure).toBe(true);
  // A first-party login: the Lax cookie, not the embedded widget's cross-site (None, Partitioned) one.
  expect(cookie!.sameSite).toBe('Lax');
  expect(await jsReadableStorage(page)).not.toContain(cookie!.value);
  const session = await page.request.get(`${base}${BFF_PATHS.session}`);
  expect(await session.json()).toEqual({ authenticated: true });
}

async function expectSignedOut(page: Page): Promise<void> {
  const cookies = await page.context().cookies(base);
  expect(cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
}

const newAccount = () => `wx-${uniqueSuffix()}`;

/**
 * The sub-platform's pages: a plain page for whatever address the product sends the browser to.
 * Playwright's routing does not see a redirect's next request (microsoft/playwright#33882), so the
 * product's own redirects (/authentication, /bff/redirect) are fetched here without following
 * them and handed to the browser as a page that moves on at once. Returns the product's 302s.
 */
async function playSubPlatform(context: BrowserContext): Promise<{ from: string; to: string }[]> {
  const hops: { from: string; to: string }[] = [];
  await context.route(`${SUB_PLATFORM}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="en"><title>Media</title><main><h1>Media</h1></main></html>',
    }),
  );
  const redirects: string[] = [ROUTES.authentication, BFF_PATHS.redirect];
  await context.route(
    (url) => url.origin === new URL(base).origin && redirects.includes(url.pathname),
    async (route) => {
      const response = await route.fetch({ maxRedirects: 0 });
      const location = response.headers().location;
      if (response.status() !== 302 || !location) return route.fulfill({ response });
      const to = new URL(location, route.request().url()).href;
      hops.push({ from: new URL(route.request().url()).pathname, to });
      const attribute = to.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
      await route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><meta http-equiv="refresh" content="0;url=${attribute}">`,
      });
    },
  );
  return hops;
}

async function callApi(page: Page, endpoint: string, data: unknown = {}, headers = {}): Promise<Reply> {
  const res = await page.request.post(`${base}${API}${endpoint}`, {
    data,
    headers: { 'X-CSRF': '1', lang: 'en-US', ...headers },
  });
  return (await res.json()) as Reply;
}

/** Signs the page's context in through the production BFF with an account and password. */
async function signInByApi(page: Page, account: string, password: string): Promise<void> {
  const key = await callApi(page, '/cipher/getPubKey');
  const encrypted = await encryptPassword(String(key.data?.pubKey), password, 'login');
  const reply = await callApi(
    page,
    '/login/byAccount',
    { account, password: encrypted, autoLogin: false },
    CAPTCHA,
  );
  expect(reply.msgCode, reply.msg).toBe('10000');
}

async function userInfo(page: Page): Promise<Record<string, unknown>> {
  const reply = await callApi(page, '/login/getUserInfo');
  expect(reply.msgCode, reply.msg).toBe('10000');
  return reply.data ?? {};
}

const accountRow = (page: Page, key: string) => page.locator(`.uc-row[data-row="${key}"]`);

function cspOf(header: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources.join(' ')]),
  );
}

test('production CSP frames WeChat on every page and adds nothing else', async ({ request }) => {
  // Every page: the SPA reaches /wechat from /login without a reload, keeping /login's policy.
  const widgetLogin = `${ROUTES.login}?redirect=${encodeURIComponent(`https://intern.${REDIRECT_DOMAIN}/`)}`;
  const pages = [ROUTES.wechat, ROUTES.midpage, ROUTES.login, widgetLogin, ROUTES.usercenter];
  for (const route of [...pages, `${GATEWAY_BASE}${ENDPOINTS.userInfo.path}`]) {
    const reply = await request.get(`${base}${route}`);
    const { 'frame-ancestors': ancestors, ...policy } = cspOf(reply.headers()['content-security-policy']);
    if (route === ROUTES.login) {
      // The prerendered login document allows its own inline styles by hash, and nothing else.
      const [self, ...hashes] = (policy['style-src'] ?? '').split(' ');
      for (const hash of hashes) expect(hash, route).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
      policy['style-src'] = self ?? '';
    }
    expect(policy, route).toEqual(PRODUCTION_CSP);
    // Only the intern widget's login page may be framed by the sub-platforms.
    if (route === widgetLogin) expect(ancestors, route).toMatch(/^'self' https:/);
    else expect(ancestors, route).toBe("'self'");
  }
});

journeysInTurns((lang, inTurn) => {
  if (inTurn())
    test(`the login page's WeChat button shows the QR; a new account sets its username, then the user centre (${lang})`, async ({
      page,
    }) => {
      await page.goto(`${base}${ROUTES.login}?lang=${lang}`);
      await page.getByRole('button', { name: thirdParty[lang].wechat, exact: true }).click();
      await expect(page).toHaveURL(`${base}${ROUTES.wechat}?lang=${lang}`);
      await expectQrShown(page, lang);
      await expect(page.getByRole('link', { name: wechat[lang].back })).toHaveAttribute(
        'href',
        `${ROUTES.login}?lang=${lang}`,
      );
      await expectSignedOut(page);

      const account = newAccount();
      await standIn.scan(account);
      // Spec §4: the main platform needs a username, which a brand-new WeChat account lacks.
      await expect(page).toHaveURL(`${base}${ROUTES.username}?lang=${lang}`);
      await expectSignedIn(page);
      const name = `wx${uniqueSuffix()}`.replace(/[^a-zA-Z0-9]/g, '');
      await page.getByRole('textbox', { name: usernameTexts[lang].username, exact: true }).fill(name);
      await page.getByRole('button', { name: usernameTexts[lang].confirm }).click();
      await expect(page).toHaveURL(`${base}${ROUTES.usercenter}`);
      await expect(page.getByText(usercenter[lang].menuAccount).first()).toBeVisible();
      await expect(accountRow(page, 'wechat')).toContainText(account);
      await expect(accountRow(page, 'username')).toContainText(name);
      await expectSignedIn(page);
      expect(await page.evaluate(() => localStorage.getItem('type'))).toBe('4');

      // The next WeChat login of that account, now with a username, goes straight to the user centre.
      await page.context().clearCookies();
      await page.goto(`${base}${ROUTES.login}?lang=${lang}`);
      await page.getByRole('button', { name: thirdParty[lang].wechat, exact: true }).click();
      await expectQrShown(page, lang);
      await standIn.scan(account);
      await expect(page).toHaveURL(`${base}${ROUTES.usercenter}`);
      await expect(accountRow(page, 'username')).toContainText(name);
    });

  if (inTurn())
    test(`a sub-platform's login by WeChat returns there with a one-time code via /authentication (${lang})`, async ({
      page,
      context,
    }) => {
      const hops = await playSubPlatform(context);
      const target = `${SUB_PLATFORM}/sso/callback?from=wechat&code=stale#frag`;
      const query = new URLSearchParams({
        lang,
        clientId: SUB_PLATFORM_CLIENT_ID,
        redirect: target,
        state: 'platform-state',
      });
      await page.goto(`${base}${ROUTES.login}?${query}`);
      await page.getByRole('button', { name: thirdParty[lang].wechat, exact: true }).click();
      await expect(page).toHaveURL(`${base}${ROUTES.wechat}?${query}`);
      await expectQrShown(page, lang);
      await expect(page.getByRole('link', { name: wechat[lang].back })).toHaveAttribute(
        'href',
        `${ROUTES.login}?${query}`,
      );

      // A brand-new account: a sub-platform does not need a username (spec §4).
      await standIn.scan(newAccount());
      await page.waitForURL((url) => url.origin === SUB_PLATFORM);
      const url = new URL(page.url());
      expect(url.pathname).toBe('/sso/callback');
      expect(url.searchParams.get('from')).toBe('wechat');
      expect(url.searchParams.getAll('code')).toHaveLength(1);
      expect(url.searchParams.get('code')).toMatch(/.{16,}/);
      expect(url.searchParams.get('code')).not.toBe('stale');
      expect(url.searchParams.get('state')).toBe('platform-state');
      expect(url.hash).toBe('#frag');
      // Straight from /wechat to /authentication, whose 302 carries the code.
      expect(hops).toEqual([{ from: ROUTES.authentication, to: page.url() }]);
      const session = await page.request.get(`${base}${BFF_PATHS.session}`);
      expect(await session.json()).toEqual({ authenticated: true });
    });

  if (inTurn())
    test(`a login by WeChat with redirect_url goes there through the checked redirect (${lang})`, async ({
      page,
      context,
    }) => {
      const hops = await playSubPlatform(context);
      const target = `${SUB_PLATFORM}/welcome?from=wechat`;
      const query = new URLSearchParams({ lang, redirect_url: target });
      await page.goto(`${base}${ROUTES.login}?${query}`);
      await page.getByRole('button', { name: thirdParty[lang].wechat, exact: true }).click();
      await expectQrShown(page, lang);
      await standIn.scan(newAccount());
      await page.waitForURL(target);
      expect(hops).toEqual([{ from: BFF_PATHS.redirect, to: target }]);
      const session = await page.request.get(`${base}${BFF_PATHS.session}`);
      expect(await session.json()).toEqual({ authenticated: true });
    });

  if (inTurn())
    test(`the user centre binds WeChat to the signed-in phone account, which stays signed in (${lang})`, async ({
      page,
    }) => {
      const user = await createPhoneUser(base);
      await signInByApi(page, user.phone, user.password);
      const before = await userInfo(page);
      expect(before.wechat ?? null).toBeNull();

      await page.goto(`${base}${ROUTES.usercenter}?lang=${lang}`);
      const t = usercenter[lang];
      await expect(accountRow(page, 'wechat')).toContainText(t.notSet);
      await accountRow(page, 'wechat')
        .getByRole('button', { name: `${t.bind} ${t.wechat}` })
        .click();
      await expect(page).toHaveURL(`${base}${ROUTES.wechat}?purpose=bind`);
      await expect(page.getByText(wechat[lang].bindTitle).first()).toBeVisible();
      await expectQrShown(page, lang, { bind: true });
      await expect(page.getByRole('link', { name: wechat[lang].backToUsercenter })).toHaveAttribute(
        'href',
        ROUTES.usercenter,
      );

      const account = newAccount();
      await standIn.scan(account);
      await expect(page).toHaveURL(`${base}${ROUTES.usercenter}`);
      await expect(accountRow(page, 'wechat')).toContainText(account);
      await expect(accountRow(page, 'wechat').getByRole('button')).toHaveCount(0);
      await expect(accountRow(page, 'phone')).toContainText(user.phone);
      await expectSignedIn(page);
      // The same account, now with WeChat bound: no new account was signed in.
      const after = await userInfo(page);
      expect(after.ssoUid).toBe(before.ssoUid);
      expect(after.phone).toBe(user.phone);
      expect(after.wechat).toBeTruthy();

      // A WeChat account bound to somebody else: the bind fails and the visitor is back in the user centre.
      await page.context().clearCookies();
      const other = await createPhoneUser(base);
      await signInByApi(page, other.phone, other.password);
      const otherBefore = await userInfo(page);
      await page.goto(`${base}${ROUTES.usercenter}?lang=${lang}`);
      await accountRow(page, 'wechat')
        .getByRole('button', { name: `${t.bind} ${t.wechat}` })
        .click();
      await expectQrShown(page, lang, { bind: true });
      await standIn.scan(account);
      await expect(page).toHaveURL(`${base}${ROUTES.usercenter}`);
      // The server's message (A0214, worded by the local UAA), once.
      await expect(page.locator('.arco-message-error')).toHaveCount(1);
      await expect(accountRow(page, 'wechat')).toContainText(t.notSet);
      expect((await userInfo(page)).ssoUid).toBe(otherBefore.ssoUid);
    });

  if (inTurn())
    test(`/midpage stores the redirect; the scan lands there, once (${lang})`, async ({ page }) => {
      const stored = `${ROUTES.usercenter}?tab=help`;
      await page.goto(`${base}${ROUTES.midpage}?redirect=${encodeURIComponent(stored)}&lang=${lang}`);
      await expectQrShown(page, lang);
      await expect(page.getByRole('link', { name: wechat[lang].back })).toHaveAttribute('href', ROUTES.login);
      expect(await page.evaluate(() => localStorage.getItem('wxredirect'))).toBe(stored);

      await standIn.scan(newAccount());
      await expect(page).toHaveURL(`${base}${stored}`);
      await expect(page.getByRole('menuitem', { name: usercenter[lang].menuHelp })).toHaveClass(/selected/);
      await expectSignedIn(page);
      expect(await page.evaluate(() => localStorage.getItem('wxredirect'))).toBeNull();

      // Used once: the next WeChat login is routed as spec §4 says (a new account: its username first).
      await page.context().clearCookies();
      await page.goto(`${base}${ROUTES.wechat}?lang=${lang}`);
      await expectQrShown(page, lang);
      await standIn.scan(newAccount());
      await expect(page).toHaveURL(`${base}${ROUTES.username}?lang=${lang}`);
      await expectSignedIn(page);
    });

  if (inTurn())
    test(`a state that is not this page's shows the bad-state error and signs nobody in (${lang})`, async ({
      page,
    }) => {
      // WeChat sends the frame back with another state: the page refuses before exchanging the code.
      await page.goto(`${base}${ROUTES.wechat}?lang=${lang}`);
      await expectQrShown(page, lang);
      const forged = 'f'.repeat(32);
      const code = await standIn.scan(newAccount(), { state: forged });
      await expect(page.getByText(wechat[lang].badState)).toBeVisible();
      expect(new URL(page.url()).searchParams.get('state')).toBe(forged);
      await expectSignedOut(page);

      // A forged link opened on its own (no login started here): with a state, and with none.
      for (const query of [`state=${'e'.repeat(32)}&`, '']) {
        await page.goto(`${base}${ROUTES.wechat}?${query}code=${code}&lang=${lang}`);
        await expect(page.getByText(wechat[lang].badState)).toBeVisible();
        await expectSignedOut(page);
      }
      // The code was never spent: the local UAA still redeems it.
      const reply = await fetch(`${uaaUrl}${ENDPOINTS.loginOauth.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code, oauthFrom: 'wechat' }),
      });
      expect(((await reply.json()) as { msgCode: string }).msgCode).toBe('10000');
    });
});

/**
 * Another site's page that opens /wechat as its login popup (spec §4's popup mode), played by
 * routing its origin in the browser, and records every message it receives.
 */
async function openerSite(context: BrowserContext, origin: string, lang: Lang): Promise<void> {
  const popup = `${base}${ROUTES.wechat}?${new URLSearchParams({ lang, openerOrigin: origin })}`;
  await context.route(`${origin}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><title>Sub-platform</title><main><h1>Sub-platform</h1>
<button type="button" id="open">Log in with the account centre</button></main>
<script>
window.got = [];
addEventListener('message', (e) => got.push({ origin: e.origin, data: e.data }));
document.getElementById('open').onclick = () => window.open(${JSON.stringify(popup)}, 'account-centre', 'popup=yes,width=1000,height=800');
</script></html>`,
    }),
  );
}

async function openLoginPopup(page: Page, origin: string): Promise<Page> {
  await page.goto(`${origin}/`);
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Log in with the account centre' }).click();
  return opened;
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { got: unknown[] }).got);

test('popup mode: an allowed site that opened /wechat as its login popup is told once, then the popup closes (zh-CN)', async ({
  page,
  context,
}) => {
  // The allow-listed domain's own host: an opener origin of production's default.
  const site = `https://${REDIRECT_DOMAIN}`;
  await openerSite(context, site, 'zh-CN');
  const popup = await openLoginPopup(page, site);
  await expectQrShown(popup, 'zh-CN');
  const closed = popup.waitForEvent('close');
  await standIn.scan(newAccount());
  await closed;
  expect(await received(page)).toEqual([
    { origin: new URL(base).origin, data: { type: 'sso-login-success' } },
  ]);
  const session = await page.request.get(`${base}${BFF_PATHS.session}`);
  expect(await session.json()).toEqual({ authenticated: true });
});

test('popup mode: a site that is not allowed gets nothing; the popup carries on with the login (en-US)', async ({
  page,
  context,
}) => {
  const site = 'https://not-allowed.example';
  await openerSite(context, site, 'en-US');
  const popup = await openLoginPopup(page, site);
  await expectQrShown(popup, 'en-US');
  await standIn.scan(newAccount());
  // A new account on the main platform: its username first (spec §4), in the popup itself.
  await expect(popup).toHaveURL(
    `${base}${ROUTES.username}?lang=en-US&openerOrigin=${encodeURIComponent(site)}`,
  );
  expect(await received(page)).toEqual([]);
});

// A phone as Chromium emulates it (the device's browser type would force a new worker).
const { defaultBrowserType: _browser, ...pixel } = devices['Pixel 7'];
const SIZES = { desktop: { viewport: { width: 1280, height: 800 } }, phone: pixel } as const;

for (const [size, device] of Object.entries(SIZES)) {
  test.describe(`${size}`, () => {
    test.use(device);

    for (const lang of LANGS) {
      test(`production /wechat has no serious accessibility violation; screenshot (${size}, ${lang})`, async ({
        page,
      }, testInfo) => {
        await page.goto(`${base}${ROUTES.wechat}?lang=${lang}`);
        await expectQrShown(page, lang);
        expect(await blockingViolations(page)).toEqual([]);
        const file = testInfo.outputPath(`wechat-production-${size}-${lang}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`wechat ${size} ${lang}`, { path: file, contentType: 'image/png' });
      });
    }
  });
}
