/**
 * The signed-in pages rendered per request (server-render.ts): when a page is rendered and when
 * the shell answers, how the markup enters the document, and the CSP that admits its style
 * attributes. The app's renderer is stood in for by a module in the built SPA's place
 * (prerender/renderer.mjs), loaded as the BFF loads the real one; the real one runs in the browser
 * tests (tests/e2e/signed-in-pages-arrive-rendered.spec.ts).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { PRERENDER_DIR, RENDERER_FILE, SIGNED_IN_STYLES, type SignedInRequest } from '@shared/documents';
import { makeStaticDir, startBff, type TestBff } from '@tests/support/bff-harness';
import { ok, sendJson, startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';
import type { DocumentRequest } from './document-request';
import { ROUTE_PRELOADS_FILE } from './route-preloads';
import {
  MAX_RENDERED_BYTES,
  type RESTART_BACKOFF,
  renderSignedIn,
  startRenderHost,
  styleAttributeSources,
  type RenderOutcome,
  type RenderHost,
} from './server-render';
import { createMetrics } from '../metrics/metrics';
import type { AllowlistSource } from '../redirect/allowlist';

const SESSION = 'uaa-token=session-token-never-in-the-page';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const USER = { ssoUid: 'u-1', username: "ada $& $' $`", phone: null, email: null };
const SIGNED_IN = { authenticated: true, userInfo: USER } as unknown as SignedInRequest['firstScreen'];
const CONFIG = {} as SignedInRequest['config'];
const CRITICAL = 'dd{color:#123}';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** A render host that records its requests and answers with `reply`. */
function fakeHost(reply: (req: SignedInRequest) => string | undefined) {
  const seen: SignedInRequest[] = [];
  const host: RenderHost = {
    render: async (req) => {
      seen.push(req);
      return reply(req);
    },
    queueLength: () => 0,
    observe: () => undefined,
    close: () => undefined,
  };
  return { host, seen };
}

const asked = (over: Partial<DocumentRequest> = {}): DocumentRequest => ({
  method: 'GET',
  path: '/usercenter',
  search: '',
  userAgent: DESKTOP,
  localeCookie: undefined,
  timeZoneCookie: 'Asia/Shanghai',
  ...over,
});

describe('when a signed-in page is rendered', () => {
  const ok = () => '<main>rows</main>';

  it('renders a GET from a browser with a time zone, in the locale the app will pick and its layout', async () => {
    const { host, seen } = fakeHost(ok);
    const out = await renderSignedIn(host, asked({ search: '?lang=en-US&lang=zh-CN' }), CONFIG, SIGNED_IN);
    expect(out).toEqual({ html: '<main>rows</main>', lang: 'en-US', device: 'desktop', styleSources: [] });
    expect(seen[0]).toMatchObject({ locale: 'en-US', timeZone: 'Asia/Shanghai', userAgent: DESKTOP });
    expect(seen[0]?.url.pathname + seen[0]!.url.search).toBe('/usercenter?lang=en-US&lang=zh-CN');
    // No lang in the query: the cookie that mirrors the stored locale, else zh-CN.
    expect((await renderSignedIn(host, asked({ localeCookie: 'en-US' }), CONFIG, SIGNED_IN))?.lang).toBe(
      'en-US',
    );
    expect((await renderSignedIn(host, asked({ localeCookie: 'fr-FR' }), CONFIG, SIGNED_IN))?.lang).toBe(
      'zh-CN',
    );
    // A phone's page in the phone's layout: the renderer is given its user agent, the root its class.
    expect((await renderSignedIn(host, asked({ userAgent: PHONE }), CONFIG, SIGNED_IN))?.device).toBe(
      'mobile',
    );
    expect(seen.at(-1)?.userAgent).toBe(PHONE);
  });

  it.each([
    ['a HEAD', asked({ method: 'HEAD' })],
    ['a POST', asked({ method: 'POST' })],
    ['the in-app browser on a desktop', asked({ userAgent: `${DESKTOP} MicroMessenger/8.0.47` })],
    ['no user agent', asked({ userAgent: undefined })],
    ['no time zone', asked({ timeZoneCookie: undefined })],
    ['an unknown time zone', asked({ timeZoneCookie: 'Mars/Olympus_Mons' })],
    ['a path for a time zone', asked({ timeZoneCookie: '../../etc/passwd' })],
    ['a long time zone', asked({ timeZoneCookie: `Asia/${'x'.repeat(100)}` })],
  ])('leaves %s to the shell', async (_, request) => {
    const { host, seen } = fakeHost(ok);
    expect(await renderSignedIn(host, request, CONFIG, SIGNED_IN)).toBeUndefined();
    expect(seen).toHaveLength(0);
  });

  it('renders nobody who is not signed in, and nothing without a render host', async () => {
    const { host, seen } = fakeHost(ok);
    expect(await renderSignedIn(host, asked(), CONFIG, { authenticated: false })).toBeUndefined();
    expect(await renderSignedIn(host, asked(), CONFIG, undefined)).toBeUndefined();
    expect(seen).toHaveLength(0);
    expect(await renderSignedIn(undefined, asked(), CONFIG, SIGNED_IN)).toBeUndefined();
  });

  it('leaves a page that could not render, or whose render threw, to the shell', async () => {
    expect(await renderSignedIn(fakeHost(() => undefined).host, asked(), CONFIG, SIGNED_IN)).toBeUndefined();
    const throwing = fakeHost(() => {
      throw new Error('window is not defined');
    });
    expect(await renderSignedIn(throwing.host, asked(), CONFIG, SIGNED_IN)).toBeUndefined();
  });
});

describe('the CSP sources of the style attributes', () => {
  it('hashes each value once, as the browser reads it, after unsafe-hashes', () => {
    const html =
      '<aside style="width:200px"></aside><col style="width:200px"/><i style="font-family:&quot;a&amp;b&quot;"></i>';
    expect(styleAttributeSources(html)).toEqual([
      "'unsafe-hashes'",
      sha256('width:200px'),
      sha256('font-family:"a&b"'),
    ]);
  });

  it('adds nothing to a page without style attributes', () => {
    expect(styleAttributeSources('<main data-style="x">style="width:1px"</main>')).toEqual([]);
  });
});

describe('a rendered page as the BFF serves it', () => {
  let upstream: UpstreamDouble;
  let bff: TestBff;
  let staticDir: string;
  let host: RenderHost | undefined;
  const logged: Array<[string, unknown, string?]> = [];
  const logger = {
    error: (obj: unknown, msg?: string) => void logged.push(['error', obj, msg]),
    warn: (obj: unknown, msg?: string) => void logged.push(['warn', obj, msg]),
    debug: (obj: unknown, msg?: string) => void logged.push(['debug', obj, msg]),
  };

  beforeAll(async () => {
    upstream = await startUpstream();
    staticDir = makeStaticDir();
    writeFileSync(
      path.join(staticDir, ROUTE_PRELOADS_FILE),
      JSON.stringify({
        '/usercenter': ['/static/js/async/uc.1a.js', '/static/css/async/uc.2b.css'],
        '/usercenter?tab=keys': ['/static/css/async/keys.3c.css', '/static/js/async/keys.4d.js'],
      }),
    );
    mkdirSync(path.join(staticDir, PRERENDER_DIR));
    // The keys tab's critical CSS, as scripts/signed-in-styles.ts writes it; the account tab has none.
    writeFileSync(
      path.join(staticDir, PRERENDER_DIR, SIGNED_IN_STYLES),
      JSON.stringify({ '/usercenter?tab=keys': CRITICAL }),
    );
    // The app's renderer, stood in for: it echoes what it was given into the markup.
    writeFileSync(
      path.join(staticDir, PRERENDER_DIR, RENDERER_FILE),
      `export async function createRenderer() {
         return {
           async render(req) {
             if (req.url.pathname === '/admin/user') return undefined;
             if (req.url.pathname === '/admin/role') for (;;);
             if (req.url.pathname === '/admin/platform') {
               // A list gone wild: 256 MB held, four times the host's cap.
               const held = [];
               for (let mb = 0; mb < 256; mb += 1) held.push(new Array(128 * 1024).fill(mb));
               return '<p>' + held.length + ' MB held</p>';
             }
             const name = req.firstScreen.userInfo.username.replace(/&/g, '&amp;').replace(/</g, '&lt;');
             return '<aside style="width:200px"></aside><dd>' + name + '</dd>';
           },
         };
       }`,
    );
    // The host as the BFF's process forks it, from its source (tsx runs the TypeScript).
    host = startRenderHost(
      staticDir,
      {
        file: path.join(import.meta.dirname, 'render-host.ts'),
        execArgv: ['--import', 'tsx'],
        maxOldSpaceMb: 64,
      },
      logger as never,
      // A host that dies of its heap cap may take a while to fill it on a loaded machine: it is
      // ended as hung only well after the page has had its shell.
      { timeoutMs: 1000, hungMs: 3000, restart: { firstMs: 50, maxMs: 1000 } },
    );
    bff = await startBff({ upstream: upstream.url, staticDir, renderHost: host });
    respondSignedIn();
    await rendererLoaded();
  });
  afterAll(async () => {
    host?.close();
    await bff.close();
    await upstream.close();
    rmSync(staticDir, { recursive: true, force: true });
  });
  function respondSignedIn(): void {
    upstream.respond((req, res) => {
      if (req.url === ENDPOINTS.userInfo.path) return sendJson(res, 200, ok(USER));
      if (req.url === ENDPOINTS.userResList.path) return sendJson(res, 200, ok(['users']));
      sendJson(res, 200, ok({ users: [], totalCount: 0 }));
    });
  }
  beforeEach(() => {
    upstream.reset();
    respondSignedIn();
  });

  const page = (pathname: string, cookies: string[]) =>
    request(bff.url).get(pathname).set('User-Agent', DESKTOP).set('Cookie', cookies.join('; '));

  /** The renderer loads in the background: its first rendered page says it is there. */
  async function rendererLoaded(): Promise<void> {
    for (let tries = 0; tries < 500; tries += 1) {
      if ((await page('/usercenter', [SESSION, 'tz=UTC'])).text.includes('data-signed-in')) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the renderer did not load');
  }

  it('puts the markup in the root, the user data as text, the chunk styles as stylesheets, uncached', async () => {
    const reply = await page('/usercenter?lang=en-US', [SESSION, 'tz=Asia%2FShanghai']);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.text).toContain('<html lang="en-US"');
    // `$&` and `$'` in the user's name are its text, not replacement patterns.
    expect(reply.text).toContain(
      `<div id="root" data-prerendered="en-US" data-device="desktop" data-signed-in=""><aside style="width:200px"></aside><dd>ada $&amp; $' $\`</dd></div>`,
    );
    expect(reply.text).not.toContain('boot-skeleton');
    expect(reply.text).toContain('<link rel="stylesheet" href="/static/css/async/uc.2b.css">');
    expect(reply.text).toContain(
      '<link rel="preload" href="/static/js/async/uc.1a.js" as="script" fetchpriority="low">',
    );
    expect(reply.text).not.toContain('session-token-never-in-the-page');
    const styleSrc = /style-src ([^;]*)/.exec(reply.headers['content-security-policy'] as string)?.[1];
    expect(styleSrc).toBe(`'self' 'unsafe-hashes' ${sha256('width:200px')}`);
  });

  it("inlines a page's critical CSS, admitted by its hash, and links its stylesheets at the body's end", async () => {
    const reply = await page('/usercenter?tab=keys', [SESSION, 'tz=UTC']);
    expect(reply.status).toBe(200);
    const [head = '', body = ''] = reply.text.split('</head>');
    expect(head).toContain(`<style>${CRITICAL}</style>`);
    expect(head).toContain(
      '<link rel="preload" href="/static/js/async/keys.4d.js" as="script" fetchpriority="low">',
    );
    // Nothing in the head holds the first paint back: the stylesheets follow the page.
    expect(head).not.toMatch(/rel="stylesheet"/);
    expect(body).toMatch(
      /<\/dd><\/div><template id="root-end"><\/template><link rel="stylesheet" href="\/static\/css\/async\/keys\.3c\.css"><\/body>/,
    );
    // Its first paint waits for the root's end to be parsed: never the header without the page.
    expect(head).toContain('<link rel="expect" href="#root-end" blocking="render">');
    const styleSrc = /style-src ([^;]*)/.exec(reply.headers['content-security-policy'] as string)?.[1];
    expect(styleSrc).toBe(`'self' 'unsafe-hashes' ${sha256('width:200px')} ${sha256(CRITICAL)}`);
    // A page without critical CSS links its stylesheets in the head, which its first paint waits for.
    const account = await page('/usercenter', [SESSION, 'tz=UTC']);
    expect(account.text.split('</head>')[0]).toContain(
      '<link rel="stylesheet" href="/static/css/async/uc.2b.css">',
    );
    expect(account.text).not.toContain('<style>');
  });

  it('serves the shell, its skeleton and its usual CSP, without the time zone or when the page cannot render', async () => {
    for (const [pathname, cookies] of [
      ['/usercenter', [SESSION]],
      ['/admin/user', [SESSION, 'tz=UTC']],
    ] as const) {
      const reply = await page(pathname, [...cookies]);
      expect(reply.status, pathname).toBe(200);
      expect(reply.text).toContain('<div id="root"><div class="boot-skeleton"');
      expect(reply.text).not.toContain('data-signed-in');
      expect(reply.headers['content-security-policy']).not.toContain('unsafe-hashes');
    }
  });

  it('renders nothing for a visitor', async () => {
    const reply = await page('/usercenter', ['tz=UTC']);
    expect(reply.text).not.toContain('data-signed-in');
    expect(upstream.requests).toHaveLength(0);
  });

  it('ends a render that hangs with the shell, and renders again with a new process', async () => {
    const hung = await page('/admin/role', [SESSION, 'tz=UTC']);
    expect(hung.status).toBe(200);
    expect(hung.text).not.toContain('data-signed-in');
    await vi.waitFor(
      () =>
        expect(logged).toContainEqual([
          'warn',
          { path: '/admin/role', hungMs: 3000 },
          'server renderer: a render hung; its process was ended',
        ]),
      { timeout: 10_000 },
    );
    // The next process starts at once and warms up meanwhile: the shell until it is ready.
    await rendererLoaded();
    expect(logged.filter(([level]) => level === 'error')).toEqual([]);
    // A page the renderer declined is said, by its path alone.
    await page('/admin/user', [SESSION, 'tz=UTC']);
    expect(logged).toContainEqual([
      'debug',
      { path: '/admin/user', outcome: 'declined' },
      'server renderer: the page was not rendered',
    ]);
  });

  it('answers with the shell when a render exhausts the heap, stays up, and renders again after', async () => {
    const exhausted = await page('/admin/platform', [SESSION, 'tz=UTC']);
    expect(exhausted.status).toBe(200);
    expect(exhausted.text).toContain('<div id="root"><div class="boot-skeleton"');
    expect(exhausted.text).not.toContain('MB held');
    // The host died of its own cap (V8 aborts), not of the render's time-out.
    await vi.waitFor(
      () =>
        expect(logged).toContainEqual([
          'warn',
          expect.objectContaining({ code: null, signal: 'SIGABRT' }),
          'server renderer: its process exited',
        ]),
      { timeout: 10_000 },
    );
    expect((await request(bff.url).get('/healthz')).status).toBe(200);
    await rendererLoaded();
  });
});

describe('the render host as the BFF drives it', () => {
  let dir: string;
  const logs: Array<[string, string?]> = [];
  /** What each exit's line said: its code or signal, and when the next host starts. */
  const exits: unknown[] = [];
  const logger = {
    error: (_: unknown, msg?: string) => void logs.push(['error', msg]),
    warn: (facts: unknown, msg?: string) => {
      logs.push(['warn', msg]);
      if (msg === 'server renderer: its process exited') exits.push(facts);
    },
    debug: (_: unknown, msg?: string) => void logs.push(['debug', msg]),
  };
  const REQUEST = {
    url: new URL('https://x.invalid/usercenter'),
    locale: 'zh-CN',
    timeZone: 'UTC',
    userAgent: DESKTOP,
    config: CONFIG,
    firstScreen: SIGNED_IN,
  } as SignedInRequest;

  /** A host of the test's own: ready at once, then `onMessage` (plain JS, run by Node as is). */
  function startHost(
    onMessage: string,
    {
      timeoutMs = 300,
      hungMs = timeoutMs,
      maxOldSpaceMb = 64,
      restart = { firstMs: 40, maxMs: 160 },
      atStart = '',
    }: {
      timeoutMs?: number;
      hungMs?: number;
      maxOldSpaceMb?: number;
      restart?: typeof RESTART_BACKOFF;
      atStart?: string;
    } = {},
  ): RenderHost {
    const file = path.join(dir, `host-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(
      file,
      `${atStart} process.on('message', (m) => { ${onMessage} }); process.on('disconnect', () => process.exit(0)); process.send({ ready: true });`,
    );
    const host = startRenderHost(dir, { file, maxOldSpaceMb }, logger as never, {
      timeoutMs,
      hungMs,
      restart,
    });
    if (!host) throw new Error('no host');
    return host;
  }
  async function whenReady(host: RenderHost): Promise<void> {
    // Not ready yet: the shell at once. Ready: the host's answer.
    for (let i = 0; i < 200; i += 1) {
      const out = await Promise.race([
        host.render(REQUEST),
        new Promise((r) => setTimeout(() => r('waiting'), 5)),
      ]);
      if (out === 'waiting') return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  beforeAll(() => {
    dir = makeStaticDir();
    mkdirSync(path.join(dir, PRERENDER_DIR));
    writeFileSync(path.join(dir, PRERENDER_DIR, RENDERER_FILE), '');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  beforeEach(() => {
    logs.splice(0);
    exits.splice(0);
  });
  /** Polls `done` until it holds, for 5 s at most. */
  async function until(done: () => boolean | Promise<boolean>): Promise<void> {
    for (const deadline = Date.now() + 5000; Date.now() < deadline;)
      if (await done()) return;
      else await new Promise((r) => setTimeout(r, 10));
    throw new Error('never came to pass');
  }

  it('drops what is not a reply, and lives on', async () => {
    const host = startHost(
      "process.send(null); process.send('oops'); process.send({ id: m.id, html: 5 }); process.send({ id: String(m.id) });",
    );
    await whenReady(host);
    expect(await host.render(REQUEST)).toBeUndefined();
    expect(logs).toContainEqual(['warn', 'server renderer: a render hung; its process was ended']);
    host.close();
  });

  it("answers each page by its id, as the renders finish, and gives the host none of the BFF's environment", async () => {
    const host = startHost(
      "setTimeout(() => process.send({ id: m.id, html: m.request.url + ' ' + Object.keys(process.env).length }), m.request.url.endsWith('fast') ? 0 : 100);",
    );
    await whenReady(host);
    const url = (pathname: string) => ({ ...REQUEST, url: new URL(pathname, REQUEST.url) });
    // Asked first, answered last: each reply reaches its own page.
    const slow = host.render(url('/slow'));
    expect(await host.render(url('/fast'))).toBe('https://x.invalid/fast 0');
    expect(await slow).toBe('https://x.invalid/slow 0');
    host.close();
  });

  it("gives a slow render's page the shell at its deadline, but keeps the host, which is not hung", async () => {
    // Slower than the page waits (a busy machine), far quicker than a hang.
    const host = startHost(
      "setTimeout(() => process.send({ id: m.id, html: 'late' }), m.request.url.endsWith('/slow') ? 400 : 0);",
      { timeoutMs: 150, hungMs: 5000 },
    );
    let restarts = 0;
    const told: RenderOutcome[] = [];
    host.observe({
      rendered: (outcome) => void told.push(outcome),
      restarted: () => void (restarts += 1),
    });
    await until(async () => (await host.render(REQUEST)) === 'late');
    told.splice(0);
    const slow = host.render({ ...REQUEST, url: new URL('/slow', REQUEST.url) });
    expect(await slow).toBeUndefined();
    // Its render goes on, and counts against the queue until the host answers.
    expect(host.queueLength()).toBe(1);
    await until(() => host.queueLength() === 0);
    // The same host, warm, renders the next page: nothing was ended, nothing started again.
    expect(await host.render(REQUEST)).toBe('late');
    expect(told).toEqual(['timeout', 'rendered']);
    expect(restarts).toBe(0);
    expect(logs.filter(([level]) => level === 'warn')).toEqual([]);
    host.close();
  });

  it('gives the shell beyond its queue, and ends a hung host once, with every page it had', async () => {
    const host = startHost('/* never answers */');
    await whenReady(host);
    const started = Date.now();
    const pages = Array.from({ length: 9 }, () => host.render(REQUEST));
    // The ninth is beyond the queue: the shell at once.
    expect(await pages[8]).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(250);
    expect(await Promise.all(pages)).toEqual(Array(9).fill(undefined));
    // One process ended; every page it had got the shell.
    expect(
      logs.filter(([, msg]) => msg === 'server renderer: a render hung; its process was ended'),
    ).toHaveLength(1);
    host.close();
  });

  it("caps the host's heap: a render beyond it ends that host alone, and its page gets the shell", async () => {
    // 256 MB held, eight times the cap; the time-out is far beyond what the host takes to die.
    const host = startHost(
      "const held = []; for (let mb = 0; mb < 256; mb += 1) held.push(new Array(128 * 1024).fill(mb)); process.send({ id: m.id, html: held.length + ' MB held' });",
      { timeoutMs: 10_000, maxOldSpaceMb: 32 },
    );
    await whenReady(host);
    expect(await host.render(REQUEST)).toBeUndefined();
    expect(logs).toContainEqual(['warn', 'server renderer: its process exited']);
    host.close();
  });

  it('leaves a page larger than a first screen to the shell', async () => {
    const host = startHost(
      "process.send({ id: m.id, html: '<main>' + '<span>tag</span>'.repeat(20000) + '</main>' });",
    );
    await whenReady(host);
    expect(await host.render(REQUEST)).toBeUndefined();
    host.close();
  });

  it('weighs a page in bytes, as it is sent: Chinese text or emoji under the cap in length but not in size', async () => {
    // The host answers with the text the page's path names, repeated to 90 % of the cap in length.
    const host = startHost(
      `const text = decodeURIComponent(new URL(m.request.url).pathname.slice(1)); process.send({ id: m.id, html: '<main>' + text.repeat(Math.ceil(${MAX_RENDERED_BYTES * 0.9} / text.length)) + '</main>' });`,
    );
    await whenReady(host);
    const pageOf = (text: string) => host.render({ ...REQUEST, url: new URL(`/${text}`, REQUEST.url) });
    for (const text of ['用户名', '🙂']) {
      const html = `<main>${text.repeat(Math.ceil((MAX_RENDERED_BYTES * 0.9) / text.length))}</main>`;
      expect(html.length).toBeLessThan(MAX_RENDERED_BYTES);
      expect(Buffer.byteLength(html)).toBeGreaterThan(MAX_RENDERED_BYTES);
      expect(await pageOf(text), text).toBeUndefined();
    }
    // The same length in ASCII is a page.
    expect(await pageOf('x')).toBeDefined();
    host.close();
  });

  it("tells each page's outcome and time, and each restart", async () => {
    const host = startHost(
      `const path = new URL(m.request.url).pathname;
       if (path === '/hang') return;
       if (path === '/throw') return process.send({ id: m.id, failed: true });
       if (path === '/elsewhere') return process.send({ id: m.id });
       process.send({ id: m.id, html: path === '/big' ? 'x'.repeat(${MAX_RENDERED_BYTES + 1}) : 'rendered' });`,
    );
    const told: Array<[RenderOutcome, number | undefined]> = [];
    let restarts = 0;
    host.observe({
      rendered: (outcome, seconds) => void told.push([outcome, seconds]),
      restarted: () => void (restarts += 1),
    });
    await until(async () => (await host.render(REQUEST)) === 'rendered');
    told.splice(0);
    const at = (pathname: string) => host.render({ ...REQUEST, url: new URL(pathname, REQUEST.url) });
    expect(await at('/page')).toBe('rendered');
    for (const pathname of ['/elsewhere', '/throw', '/big', '/hang'])
      expect(await at(pathname)).toBeUndefined();
    // The hung host is ended and another started: until it is ready, the shell at once.
    await until(() =>
      logs.some(([, msg]) => msg === 'server renderer: a render hung; its process was ended'),
    );
    expect(await at('/page')).toBeUndefined();
    expect(told.map(([outcome]) => outcome)).toEqual([
      'rendered',
      'declined',
      'error',
      'too_big',
      'timeout',
      'host_down',
    ]);
    // Timed when the page reached the host; a page it never got, not.
    expect(told.slice(0, 5).every(([, seconds]) => seconds !== undefined && seconds >= 0)).toBe(true);
    // About its time-out (300 ms): a timer may fire a little before the clock it is read by says.
    expect(told[4]![1]).toBeGreaterThanOrEqual(0.25);
    expect(told[5]![1]).toBeUndefined();
    // Started again at once (the first death), rendering again.
    await until(() => restarts === 1);
    await until(async () => (await at('/page')) === 'rendered');
    expect(restarts).toBe(1);
    host.close();
  });

  it('gives its renders, their times, its restarts and its queue to the metrics', async () => {
    const host = startHost(
      "if (m.request.url.endsWith('/hang')) return; process.send({ id: m.id, html: 'rendered' });",
    );
    const { registry } = createMetrics({
      allowlist: { ageSeconds: () => 1 } as unknown as AllowlistSource,
      rateLimitStoreUp: () => undefined,
      rateLimitsHeld: () => undefined,
      renderHost: host,
    });
    /** One sample of the exposition, as Prometheus scrapes it. */
    const value = async (series: string) => {
      const line = (await registry.metrics()).split('\n').find((l) => l.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };
    const rendered = async () => (await host.render(REQUEST)) === 'rendered';
    // Every outcome is there from the start, at 0.
    expect(await value('bff_render_total{outcome="timeout"}')).toBe(0);
    expect(await value('bff_render_host_restarts_total')).toBe(0);
    await until(rendered);
    const renders = (await value('bff_render_total{outcome="rendered"}'))!;
    const timed = (await value('bff_render_duration_seconds_count'))!;
    expect(renders).toBe(1);
    expect(timed).toBe(1);
    expect(await value('bff_render_total{outcome="host_down"}')).toBeGreaterThanOrEqual(0);

    const hung = host.render({ ...REQUEST, url: new URL('/hang', REQUEST.url) });
    expect(await value('bff_render_queue_length')).toBe(1);
    expect(await hung).toBeUndefined();
    // Its page has the shell; the host, hung, is ended with it out of the queue.
    await until(async () => (await value('bff_render_queue_length')) === 0);
    expect(await value('bff_render_total{outcome="timeout"}')).toBe(1);
    expect(await value('bff_render_duration_seconds_count')).toBe(2);
    expect(await value('bff_render_duration_seconds_bucket{le="0.25"}')).toBe(1);
    await until(async () => (await value('bff_render_host_restarts_total')) === 1);
    await until(rendered);
    expect(await value('bff_render_total{outcome="rendered"}')).toBe(2);
    host.close();
  });

  it('starts a host that died again by itself, the next page rendered by it', async () => {
    const starts = path.join(dir, `starts-${Math.random().toString(36).slice(2)}`);
    // Killed mid-render, as the kernel's out-of-memory killer does.
    const host = startHost(
      "if (m.request.url.endsWith('/kill')) process.kill(process.pid, 'SIGKILL'); else process.send({ id: m.id, html: 'rendered' });",
      {
        timeoutMs: 10_000,
        atStart: `import { appendFileSync } from 'node:fs'; appendFileSync(${JSON.stringify(starts)}, 'x');`,
      },
    );
    const rendered = async () => (await host.render(REQUEST)) === 'rendered';
    await until(rendered);
    const killedAt = Date.now();
    expect(await host.render({ ...REQUEST, url: new URL('/kill', REQUEST.url) })).toBeUndefined();
    // Its page got the shell when the host died, not when the render would have timed out.
    expect(Date.now() - killedAt).toBeLessThan(5000);
    // A host that had not died before starts again at once, without a page asking for it.
    await until(() => readFileSync(starts, 'utf8') === 'xx');
    await until(rendered);
    expect(exits).toEqual([{ code: null, signal: 'SIGKILL', restartInMs: 0 }]);
    host.close();
  });

  it('starts a host that keeps dying later each time, up to the longest wait, and at once after it served long', async () => {
    const crashing = startHost('', { atStart: 'process.exit(1);' });
    await until(() => exits.length === 5);
    // At once, then 40 ms doubled per death, up to 160 ms: a crash loop never spins.
    expect(exits.map((facts) => (facts as { restartInMs: number }).restartInMs)).toEqual([
      0, 40, 80, 160, 160,
    ]);
    expect(exits).toContainEqual({ code: 1, signal: null, restartInMs: 160 });
    crashing.close();

    exits.splice(0);
    const host = startHost(
      "if (m.request.url.endsWith('/exit')) process.exit(2); process.send({ id: m.id, html: 'rendered' });",
      { restart: { firstMs: 40, maxMs: 400 } },
    );
    const rendered = async () => (await host.render(REQUEST)) === 'rendered';
    const exit = () => host.render({ ...REQUEST, url: new URL('/exit', REQUEST.url) });
    await until(rendered);
    await exit();
    await until(rendered);
    // Dead again within 400 ms of its being ready: it waits. Serving longer: it starts at once.
    await exit();
    await until(rendered);
    const readyBy = Date.now();
    await until(() => Date.now() - readyBy > 400);
    await exit();
    await until(() => exits.length === 3);
    expect(exits.map((facts) => (facts as { restartInMs: number }).restartInMs)).toEqual([0, 40, 0]);
    host.close();
  });
});
