import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '@shared/api/runtime-config';
import {
  LOCALE_COOKIE,
  PLACEHOLDERS,
  PRERENDER_DIR,
  RENDERER_FILE,
  PRERENDER_MANIFEST,
  SIGNED_IN_STYLES,
  type PrerenderManifest,
} from '@shared/documents';
import { appConfigOf, makeStaticDir, startBff, type TestBff } from '@tests/support/bff-harness';
import { rawRequest } from '@tests/support/http';
import { startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';
import type { DocumentRequest } from './document-request';
import {
  chooseDocument,
  fillPlaceholders,
  loadSignedInStyles,
  styleHash,
  withStyleHashes,
} from './prerendered';
import { ROUTE_PRELOADS_FILE } from './route-preloads';

const LOGIN_CHUNK = '/static/js/async/login.3e1f.js';

const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
const WECHAT = `${DESKTOP} MicroMessenger/8.0.47`;
const HASH = "'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='";

const MANIFEST: PrerenderManifest = {
  brandPrefix: 'xlab',
  documents: [
    { path: '/login', locale: 'zh-CN', device: 'desktop', file: 'login.zh-CN.html', styleHashes: [HASH] },
    { path: '/login', locale: 'en-US', device: 'desktop', file: 'login.en-US.html', styleHashes: [HASH] },
    { path: '/login', locale: 'zh-CN', device: 'mobile', file: 'login.zh-CN.mobile.html', styleHashes: [] },
    { path: '/login', locale: 'en-US', device: 'mobile', file: 'login.en-US.mobile.html', styleHashes: [] },
    {
      path: '/login',
      locale: 'zh-CN',
      device: 'mobile-in-app',
      file: 'login.zh-CN.mobile-in-app.html',
      styleHashes: [],
    },
    {
      path: '/xlab-login',
      locale: 'zh-CN',
      device: 'desktop',
      file: 'xlab-login.zh-CN.html',
      styleHashes: [HASH],
    },
    {
      path: '/xlab-login',
      locale: 'en-US',
      device: 'desktop',
      file: 'xlab-login.en-US.html',
      styleHashes: [HASH],
    },
  ],
};

const asked = (overrides: Partial<DocumentRequest>): DocumentRequest => ({
  method: 'GET',
  path: '/login',
  search: '',
  userAgent: DESKTOP,
  localeCookie: undefined,
  timeZoneCookie: undefined,
  ...overrides,
});

function pick(overrides: Partial<DocumentRequest>, brandPrefix = 'xlab') {
  return chooseDocument(MANIFEST, asked(overrides), brandPrefix)?.file;
}

describe('which requests get a prerendered document', () => {
  it('gives /login in the locale the page will pick: lang, else the cookie, else zh-CN', () => {
    expect(pick({})).toBe('login.zh-CN.html');
    expect(pick({ search: '?lang=en-US' })).toBe('login.en-US.html');
    expect(pick({ localeCookie: 'en-US' })).toBe('login.en-US.html');
    expect(pick({ search: '?lang=zh-CN', localeCookie: 'en-US' })).toBe('login.zh-CN.html');
    // An unknown lang counts for nothing, on both sides (shared/i18n/locale.ts).
    expect(pick({ search: '?lang=fr', localeCookie: 'en-US' })).toBe('login.en-US.html');
    expect(pick({ localeCookie: 'fr' })).toBe('login.zh-CN.html');
  });

  it('keeps it for queries that leave the default look: client ids, states, the main platform', () => {
    expect(pick({ search: '?clientId=abc&state=s1&source=x' })).toBe('login.zh-CN.html');
    expect(pick({ search: `?redirect=${encodeURIComponent('https://www.example.com/home')}` })).toBe(
      'login.zh-CN.html',
    );
    expect(pick({ search: '?redirect=not-a-url' })).toBe('login.zh-CN.html');
  });

  it('serves the shell to a sub-platform look or the intern widget, named by redirect or redirect_url', () => {
    const platform = encodeURIComponent('https://science-discovery.example.com/cb');
    expect(pick({ search: `?clientId=c&redirect=${platform}` })).toBeUndefined();
    expect(pick({ search: `?redirect_url=${platform}` })).toBeUndefined();
    const intern = encodeURIComponent('https://intern.example.com/');
    expect(pick({ search: `?redirect=${intern}&entrance=register-email` })).toBeUndefined();
  });

  it("gives phones and tablets the document in their layout, the in-app browser's on a phone its own", () => {
    for (const userAgent of [IPHONE, ANDROID, 'Mozilla/5.0 (iPad; CPU OS 17_0)'])
      expect(pick({ userAgent, search: '?lang=en-US' }), userAgent).toBe('login.en-US.mobile.html');
    expect(pick({ userAgent: `${ANDROID} MicroMessenger/8.0.47` })).toBe('login.zh-CN.mobile-in-app.html');
    // A class it holds no document of for that locale: the shell, never another layout's.
    expect(pick({ userAgent: `${ANDROID} MicroMessenger/8.0.47`, search: '?lang=en-US' })).toBeUndefined();
  });

  it('serves the shell to the in-app browser on a desktop and to unknown agents', () => {
    for (const userAgent of [WECHAT, '', undefined]) expect(pick({ userAgent })).toBeUndefined();
  });

  it('serves the shell to other routes and methods', () => {
    for (const p of ['/register', '/login/', '/LOGIN', '/usercenter', '/'])
      expect(pick({ path: p })).toBeUndefined();
    expect(pick({ method: 'POST' })).toBeUndefined();
    expect(pick({ method: 'HEAD' })).toBe('login.zh-CN.html');
  });

  it('gives the document of the tab the address names, and the shell for a tab it has none of', () => {
    const manifest: PrerenderManifest = {
      ...MANIFEST,
      documents: [
        ...MANIFEST.documents,
        {
          path: '/login',
          tab: 'password',
          locale: 'en-US',
          device: 'desktop',
          file: 'login.password.en-US.html',
          styleHashes: [],
        },
      ],
    };
    const searching = (search: string) => chooseDocument(manifest, asked({ search }), 'xlab')?.file;
    expect(searching('?lang=en-US&tab=password&clientId=c')).toBe('login.password.en-US.html');
    expect(searching('?lang=en-US&clientId=c')).toBe('login.en-US.html');
    // The SMS tab's document shows no other tab, even the one the page falls back to.
    for (const tab of ['sms', 'bogus', '']) expect(searching(`?lang=en-US&tab=${tab}`), tab).toBeUndefined();
    expect(searching('?lang=zh-CN&tab=password')).toBeUndefined();
  });

  it('gives the branded twin only under the prefix it was rendered with', () => {
    expect(pick({ path: '/xlab-login', search: '?lang=en-US' })).toBe('xlab-login.en-US.html');
    expect(pick({ path: '/xlab-login' }, 'acme')).toBeUndefined();
    expect(pick({ path: '/login' }, 'acme')).toBe('login.zh-CN.html');
  });

  it('serves the other plain pages it holds (register, forget) under any prefix, like /login', () => {
    const manifest: PrerenderManifest = {
      ...MANIFEST,
      documents: [
        ...MANIFEST.documents,
        {
          path: '/register',
          locale: 'en-US',
          device: 'desktop',
          file: 'register.en-US.html',
          styleHashes: [HASH],
        },
      ],
    };
    const register = asked({ path: '/register', search: '?lang=en-US' });
    expect(chooseDocument(manifest, register, 'acme')?.file).toBe('register.en-US.html');
    expect(chooseDocument(manifest, { ...register, path: '/acme-register' }, 'acme')).toBeUndefined();
  });
});

describe("the signed-in pages' critical CSS as the build wrote it", () => {
  const withStyles = (styles: unknown) => {
    const dir = makeStaticDir();
    mkdirSync(path.join(dir, PRERENDER_DIR));
    writeFileSync(path.join(dir, PRERENDER_DIR, SIGNED_IN_STYLES), JSON.stringify(styles));
    return dir;
  };

  it('is read with the hash that admits each CSS, and is empty when the build wrote none', () => {
    const dir = withStyles({ '/usercenter': 'a{color:red}' });
    expect(loadSignedInStyles(dir)).toEqual(
      new Map([['/usercenter', { css: 'a{color:red}', hash: styleHash('a{color:red}') }]]),
    );
    expect(loadSignedInStyles(makeStaticDir()).size).toBe(0);
  });

  it('refuses CSS that could end its style element, or that is not text, at start', () => {
    for (const bad of ['a{}</style><script>alert(1)</script>', 'a{}</STYLE ', ['a{}'], null]) {
      const dir = withStyles({ '/usercenter': bad });
      expect(() => loadSignedInStyles(dir), JSON.stringify(bad)).toThrow(
        /signed-in-styles\.json: bad CSS for \/usercenter/,
      );
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the per-request parts', () => {
  const config = {
    links: { default: { agreement: 'https://x.example/a?b=1&c="2"', privacy: 'https://x.example/<p>' } },
  } as AppConfig;
  const doc = `<a href="/forget${PLACEHOLDERS.search}">f</a><a href="${PLACEHOLDERS.agreement}">a</a><a href="${PLACEHOLDERS.privacy}">p</a>`;

  it('fills in the query and the links, escaped for an attribute', () => {
    expect(fillPlaceholders(doc, '?lang=en-US&x="><script>', config)).toBe(
      '<a href="/forget?lang=en-US&amp;x=&quot;&gt;&lt;script&gt;">f</a>' +
        '<a href="https://x.example/a?b=1&amp;c=&quot;2&quot;">a</a><a href="https://x.example/&lt;p&gt;">p</a>',
    );
    expect(fillPlaceholders(doc, '', config)).toContain('<a href="/forget">f</a>');
  });

  it("fills in a query holding a placeholder's text as text: one copy, never the query again inside it", () => {
    const search = `?x=${PLACEHOLDERS.search}${PLACEHOLDERS.agreement}`;
    expect(fillPlaceholders(doc, search, config)).toBe(
      `<a href="/forget${search}">f</a>` +
        '<a href="https://x.example/a?b=1&amp;c=&quot;2&quot;">a</a><a href="https://x.example/&lt;p&gt;">p</a>',
    );
    // 800 copies in a 14 KB query once made a 22 MB page, each copy filled with the whole query.
    const long = `?x=${PLACEHOLDERS.search.repeat(800)}`;
    expect(fillPlaceholders(doc, long, config).length).toBeLessThan(doc.length + long.length + 100);
  });

  it("fills a tab's link, which adds its tab to the query, and leaves the page's tab to the document", () => {
    const tabs = `<a href="/login${PLACEHOLDERS.search}&amp;tab=password">p</a><a href="/forget${PLACEHOLDERS.search}">f</a>`;
    expect(fillPlaceholders(tabs, '?clientId=c&lang=en-US', config)).toBe(
      '<a href="/login?clientId=c&amp;lang=en-US&amp;tab=password">p</a><a href="/forget?clientId=c&amp;lang=en-US">f</a>',
    );
    expect(fillPlaceholders(tabs, '', config)).toBe(
      '<a href="/login?tab=password">p</a><a href="/forget">f</a>',
    );
    expect(fillPlaceholders(tabs, '?tab=password&clientId=c', config)).toBe(
      '<a href="/login?clientId=c&amp;tab=password">p</a><a href="/forget?clientId=c">f</a>',
    );
  });

  it('adds the inline CSS hashes to style-src and nothing else', () => {
    const policy = "default-src 'self';script-src 'self';style-src 'self';object-src 'none'";
    expect(withStyleHashes(policy, [HASH])).toBe(
      `default-src 'self';script-src 'self';style-src 'self' ${HASH};object-src 'none'`,
    );
    expect(withStyleHashes(policy, [])).toBe(policy);
    // Not the directives named alike, and in the case a policy may be written in.
    expect(withStyleHashes("style-src-elem 'self'; STYLE-SRC 'self'", [HASH])).toBe(
      `style-src-elem 'self'; STYLE-SRC 'self' ${HASH}`,
    );
  });
});

describe('the BFF with prerendered documents', () => {
  let upstream: UpstreamDouble;
  let bff: TestBff;
  let dir: string;
  const body = (locale: string, route: string) =>
    `<!doctype html><html lang="${locale}"><head><!--app-config--><style>.x{}</style></head><body>` +
    `<div id="root" data-prerendered="${locale}"><p>${route} ${locale}</p>` +
    `<a href="/forget${PLACEHOLDERS.search}">f</a><a href="${PLACEHOLDERS.agreement}">a</a>` +
    `${'<span>padding</span>'.repeat(100)}</div></body></html>`;

  beforeAll(async () => {
    upstream = await startUpstream();
    dir = makeStaticDir();
    mkdirSync(path.join(dir, PRERENDER_DIR));
    writeFileSync(path.join(dir, PRERENDER_DIR, PRERENDER_MANIFEST), JSON.stringify(MANIFEST));
    writeFileSync(path.join(dir, ROUTE_PRELOADS_FILE), JSON.stringify({ '/login': [LOGIN_CHUNK] }));
    for (const doc of MANIFEST.documents)
      writeFileSync(
        path.join(dir, PRERENDER_DIR, doc.file),
        body(doc.locale, doc.path).replace('<div id="root"', `<!--${doc.file}--><div id="root"`),
      );
    writeFileSync(path.join(dir, PRERENDER_DIR, RENDERER_FILE), 'export const renderer = "server code";');
    bff = await startBff({ upstream: upstream.url, staticDir: dir });
  });
  afterAll(async () => {
    await bff.close();
    await upstream.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (p: string, headers: Record<string, string> = {}) =>
    request(bff.url)
      .get(p)
      .set({ 'User-Agent': DESKTOP, ...headers });

  it('answers /login with the prerendered page, its runtime config, links and query filled in', async () => {
    const reply = await get('/login?lang=en-US&state=a%20b');
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.text).toContain('<p>/login en-US</p>');
    expect(reply.text).toContain('<a href="/forget?lang=en-US&amp;state=a%20b">');
    const config = appConfigOf(reply.text) as unknown as AppConfig;
    expect(reply.text).toContain(`<a href="${config.links.default.agreement}">`);
    expect(reply.text).not.toMatch(/prerender\.invalid|prerender-search/);
    expect(reply.text).not.toContain('<!--app-config-->');
  });

  it("names the page's chunk once: the prerendered page its own, the shell the table's", async () => {
    // The build wrote the prerendered page's own links; the table's would fetch them twice.
    expect((await get('/login')).text).not.toContain(LOGIN_CHUNK);
    expect((await get('/login', { 'User-Agent': WECHAT })).text).toContain(
      `<link rel="preload" href="${LOGIN_CHUNK}" as="script" fetchpriority="low">`,
    );
  });

  it('admits its inline CSS by hash; the shell keeps the plain policy', async () => {
    const prerendered = await get('/login');
    const csp = String(prerendered.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`(^|;)style-src 'self' ${HASH.replace(/[+/=]/g, '\\$&')}(;|$)`));
    expect(csp).toMatch(/(^|;)script-src 'self'(;|$)/);
    const shell = await get('/login', { 'User-Agent': WECHAT });
    expect(shell.text).not.toContain('data-prerendered');
    expect(String(shell.headers['content-security-policy'])).toMatch(/(^|;)style-src 'self'(;|$)/);
  });

  it('answers an address naming a tab it has no document of with the shell, never the first tab', async () => {
    const reply = await get('/login?lang=en-US&tab=password');
    expect(reply.status).toBe(200);
    expect(reply.text).not.toContain('data-prerendered');
  });

  it("answers a phone with its layout's document", async () => {
    expect((await get('/login?lang=en-US', { 'User-Agent': IPHONE })).text).toContain(
      '<!--login.en-US.mobile.html-->',
    );
    expect((await get('/login?lang=en-US')).text).toContain('<!--login.en-US.html-->');
  });

  it('follows the locale cookie the client writes', async () => {
    const reply = await get('/login', { Cookie: `${LOCALE_COOKIE}=en-US` });
    expect(reply.text).toContain('<p>/login en-US</p>');
  });

  it('serves the branded twin under the configured prefix', async () => {
    expect((await get('/xlab-login')).text).toContain('<p>/xlab-login zh-CN</p>');
  });

  it('never serves the templates as files', async () => {
    const templates = [`/${PRERENDER_DIR}/login.zh-CN.html`, `/${PRERENDER_DIR}/${PRERENDER_MANIFEST}`];
    // Under the mount, `/prerender/login` is no /login.
    for (const p of [...templates, `/${PRERENDER_DIR}/login`, `/${PRERENDER_DIR}/xlab-login?tab=password`]) {
      const reply = await get(p);
      expect(reply.text).not.toContain('data-prerendered');
      expect(reply.text).not.toContain('prerender.invalid');
      expect(appConfigOf(reply.text)).toBeTruthy();
    }
  });

  it('never serves the folder as files under another spelling of its name', async () => {
    const spellings = ['/%70rerender/', `/${PRERENDER_DIR}%2f`, `/${PRERENDER_DIR}%2F`, '/%2570rerender/'];
    for (const file of ['login.zh-CN.html', PRERENDER_MANIFEST, RENDERER_FILE]) {
      for (const prefix of spellings) {
        const reply = await get(`${prefix}${file}`);
        expect(reply.text, `${prefix}${file}`).not.toMatch(/server code|prerender\.invalid|"documents"/);
      }
    }
    // The files at the top are still served as files.
    const preloads = await get(`/${ROUTE_PRELOADS_FILE}`);
    expect(preloads.headers['content-type']).toMatch(/json/);
    expect(preloads.text).toContain(LOGIN_CHUNK);
  });

  it('compresses the page as the browser accepts', async () => {
    const br = await rawRequest(bff.url, {
      path: '/login',
      headers: { 'user-agent': DESKTOP, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.body).toString()).toContain('<p>/login zh-CN</p>');
    const gz = await rawRequest(bff.url, {
      path: '/login',
      headers: { 'user-agent': DESKTOP, 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(gz.body).toString()).toContain('<p>/login zh-CN</p>');
    const plain = await rawRequest(bff.url, { path: '/login', headers: { 'user-agent': DESKTOP } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toContain('<p>/login zh-CN</p>');
  });

  it('keeps error pages on the shell', async () => {
    // A refused redirect answers 400 with the SPA's page (bff/redirect/routes.ts).
    const reply = await get('/authentication?clientId=c&redirect=https%3A%2F%2Fevil.example%2F');
    expect(reply.status).toBe(400);
    expect(reply.text).not.toContain('data-prerendered');
  });
});
