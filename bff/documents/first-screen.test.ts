import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Request } from 'express';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { FIRST_SCREEN_ELEMENT_ID } from '@shared/api/first-screen';
import { DEVICE_AGENTS } from '@shared/device';
import { desktopPartsOf } from '@shared/documents';
import { appConfigOf, ASSET_PATH, makeStaticDir, startBff, type TestBff } from '@tests/support/bff-harness';
import {
  ok,
  sendJson,
  startUpstream,
  type UpstreamDouble,
  type UpstreamReply,
} from '@tests/support/upstream-double';
import type { UpstreamClient } from '../upstream/client';
import { createFirstScreenLoader, FIRST_SCREEN_TIMEOUT_MS, type FirstScreenDeps } from './first-screen';
import { ROUTE_PRELOADS_FILE } from './route-preloads';

const TOKEN = 'session-token-never-in-the-page';
const SESSION = `uaa-token=${TOKEN}`;
const HOSTILE = '</script><script>alert(1)</script><!--';
const USER = {
  ssoUid: 'u-1',
  username: 'ada',
  phone: null,
  email: null,
  githubAccount: null,
  wechat: null,
  wechatName: null,
  nickname: HOSTILE,
};
const CHUNK = '/static/js/async/usercenter.1a2b3c.js';
const KEYS_CHUNK = '/static/js/async/access-keys.7f8e9d.js';
const USERS_CHUNK = '/static/js/async/admin-users.5a6b7c.js';
const FIELDS_CHUNK = '/static/js/async/admin-users-filters.8d9e0f.js';

/** The inlined data as the SPA reads it: the element's text up to the first `</script>`. */
function firstScreenOf(html: string): unknown {
  const match = new RegExp(
    `<script id="${FIRST_SCREEN_ELEMENT_ID}" type="application/json">(.*?)</script>`,
    's',
  ).exec(html);
  return match ? (JSON.parse(match[1] as string) as unknown) : undefined;
}

let upstream: UpstreamDouble;
let bff: TestBff;

const USERS = {
  users: [
    {
      ssoUid: 'u-2',
      username: 'grace',
      email: null,
      phone: '13800000002',
      githubAccount: null,
      createBy: '',
      platforms: [],
      roles: [{ roleId: 1, roleName: 'admin' }],
      status: 'ACTIVE',
      description: '',
      createTime: '2026-11-01 10:00:00',
    },
  ],
  totalCount: 1,
};
const KEYS = [
  {
    ak: 'ak-1',
    sk: 'sk-1****************9z',
    type: 'USER',
    status: 'ENABLED',
    description: 'ci',
    createDate: '2026-11-02 09:00:00',
  },
];

/**
 * The UAA as the first screen needs it: user info (with a token the page must not get), modules,
 * the users list and the access keys; `lists` answers the list calls instead.
 */
const MODULES = ['users', 'role'];

function answerSignedIn(lists?: (res: Parameters<UpstreamReply>[1]) => void): void {
  upstream.respond((req, res) => {
    if (req.url === ENDPOINTS.userInfo.path) return sendJson(res, 200, ok({ ...USER, token: 'reply-token' }));
    if (req.url === ENDPOINTS.userResList.path) return sendJson(res, 200, ok(MODULES));
    const list = [ENDPOINTS.internalUserList.path, ENDPOINTS.credentialList.path].includes(req.url ?? '');
    if (list && lists) return lists(res);
    if (req.url === ENDPOINTS.internalUserList.path) return sendJson(res, 200, ok(USERS));
    if (req.url === ENDPOINTS.credentialList.path) return sendJson(res, 200, ok(KEYS));
    sendJson(res, 404, {});
  });
}

const bodyOf = (url: string) =>
  JSON.parse(upstream.requests.find((r) => r.url === url)?.body.toString() ?? 'null') as unknown;

let staticDir: string;
beforeAll(async () => {
  upstream = await startUpstream();
  staticDir = makeStaticDir();
  writeFileSync(
    path.join(staticDir, ROUTE_PRELOADS_FILE),
    JSON.stringify({
      '/usercenter': [CHUNK, '/static/css/async/usercenter.4d5e6f.css', '"><script>x.js'],
      '/usercenter?tab=keys': [CHUNK, KEYS_CHUNK],
      '/admin/user': [USERS_CHUNK],
      [desktopPartsOf('/admin/user')]: [FIELDS_CHUNK],
    }),
  );
  bff = await startBff({ upstream: upstream.url, staticDir });
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
  rmSync(staticDir, { recursive: true, force: true });
});
beforeEach(() => {
  upstream.reset();
  answerSignedIn();
});

describe("a signed-in page's first screen", () => {
  it('inlines the user info beside the runtime config, uncached, without the token', async () => {
    const reply = await request(bff.url).get('/usercenter').set('Cookie', SESSION);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    // With the modules the user may open: the header's link to the back office is drawn with it.
    expect(firstScreenOf(reply.text)).toEqual({ authenticated: true, userInfo: USER, modules: MODULES });
    expect(appConfigOf(reply.text)).toMatchObject({ captcha: { provider: 'local' } });
    expect(reply.text).not.toContain(TOKEN);
    expect(reply.text).not.toContain('reply-token');
    // Asked with the session's bearer, as the gateway would.
    expect(upstream.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('adds the modules the user may open on the back office, and the list the page opens on', async () => {
    const reply = await request(bff.url).get('/admin/user').set('Cookie', SESSION);
    expect(firstScreenOf(reply.text)).toEqual({
      authenticated: true,
      userInfo: USER,
      modules: ['users', 'role'],
      list: { name: 'users', paging: { page: 1, size: 12 }, data: USERS },
    });
    expect(bodyOf(ENDPOINTS.userResList.path)).toEqual({ userId: USER.ssoUid });
    // The call the users page makes first: page 1 of 12 rows, no filter, with the session's bearer.
    expect(bodyOf(ENDPOINTS.internalUserList.path)).toEqual({ pageNumber: 1, pageSize: 12 });
    const listCall = upstream.requests.find((r) => r.url === ENDPOINTS.internalUserList.path);
    expect(listCall?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it.each([
    ['/admin/user?page=3&size=20&lang=en-US', { page: 3, size: 20 }],
    ['/admin/user?size=15', { page: 1, size: 15 }],
    // What no list offers is no value: the default stands in.
    ['/admin/user?page=0&size=13', { page: 1, size: 12 }],
    ['/admin/user?page=-2&size=1e3', { page: 1, size: 12 }],
    ['/admin/user?page=2.5&size=', { page: 1, size: 12 }],
  ])('inlines the page and size the address asks for: %s', async (address, paging) => {
    const reply = await request(bff.url).get(address).set('Cookie', SESSION);
    expect(firstScreenOf(reply.text)).toMatchObject({ list: { name: 'users', paging, data: USERS } });
    expect(bodyOf(ENDPOINTS.internalUserList.path)).toEqual({
      pageNumber: paging.page,
      pageSize: paging.size,
    });
  });

  it.each(['/admin/user?email=a%40example.org', '/admin/user?page=2&platform=media', '/admin/user?from='])(
    'inlines no list for an address that filters it (the browser searches, in its own days): %s',
    async (address) => {
      const reply = await request(bff.url).get(address).set('Cookie', SESSION);
      expect(firstScreenOf(reply.text)).toEqual({
        authenticated: true,
        userInfo: USER,
        modules: ['users', 'role'],
      });
      expect(upstream.requests.map((r) => r.url)).not.toContain(ENDPOINTS.internalUserList.path);
    },
  );

  it("adds the user's access keys on the keys tab, asked for that user", async () => {
    const reply = await request(bff.url).get('/usercenter?tab=keys').set('Cookie', SESSION);
    expect(firstScreenOf(reply.text)).toEqual({
      authenticated: true,
      userInfo: USER,
      modules: MODULES,
      list: { name: 'credentials', data: KEYS },
    });
    expect(bodyOf(ENDPOINTS.credentialList.path)).toEqual({ sso_uid: USER.ssoUid });
  });

  it.each(['/usercenter', '/usercenter?tab=help', '/usercenter?tab=KEYS', '/usercenter?tab=keys&tab=keys'])(
    'asks for no list where the page does not open on one: %s',
    async (page) => {
      const reply = await request(bff.url).get(page).set('Cookie', SESSION);
      expect(firstScreenOf(reply.text)).toEqual({ authenticated: true, userInfo: USER, modules: MODULES });
      expect(upstream.requests.map((r) => r.url)).toEqual([
        ENDPOINTS.userInfo.path,
        ENDPOINTS.userResList.path,
      ]);
    },
  );

  it.each([
    [
      'an error code',
      (res: Parameters<UpstreamReply>[1]) => sendJson(res, 200, { msgCode: 'A0301', msg: 'no' }),
    ],
    ['a 403', (res: Parameters<UpstreamReply>[1]) => sendJson(res, 403, { msgCode: 'A0301', msg: 'no' })],
    ['rows of another shape', (res: Parameters<UpstreamReply>[1]) => sendJson(res, 200, ok({ rows: 'x' }))],
    ['no data', (res: Parameters<UpstreamReply>[1]) => sendJson(res, 200, ok())],
    ['no answer in time', () => undefined],
  ])('leaves the list out, and inlines the rest, when the list call gives %s', async (_name, answer) => {
    answerSignedIn(answer);
    const admin = await request(bff.url).get('/admin/user').set('Cookie', SESSION);
    expect(firstScreenOf(admin.text)).toEqual({
      authenticated: true,
      userInfo: USER,
      modules: ['users', 'role'],
    });
    const keys = await request(bff.url).get('/usercenter?tab=keys').set('Cookie', SESSION);
    expect(firstScreenOf(keys.text)).toEqual({ authenticated: true, userInfo: USER, modules: MODULES });
  });

  it("keeps the user centre's first screen without the modules when they cannot be had", async () => {
    upstream.respond((req, res) => {
      if (req.url === ENDPOINTS.userInfo.path) return sendJson(res, 200, ok(USER));
      if (req.url === ENDPOINTS.credentialList.path) return sendJson(res, 200, ok(KEYS));
      sendJson(res, 403, { msgCode: 'A0301', msg: 'no' });
    });
    const reply = await request(bff.url).get('/usercenter?tab=keys').set('Cookie', SESSION);
    expect(firstScreenOf(reply.text)).toEqual({
      authenticated: true,
      userInfo: USER,
      list: { name: 'credentials', data: KEYS },
    });
    // The back office cannot do without them: no first screen there.
    expect(
      firstScreenOf((await request(bff.url).get('/admin/user').set('Cookie', SESSION)).text),
    ).toBeUndefined();
  });

  it('cannot be broken out of by a nickname holding </script>', async () => {
    const reply = await request(bff.url).get('/usercenter').set('Cookie', SESSION);
    expect(reply.text).not.toContain(HOSTILE);
    expect(reply.text).not.toContain('<script>alert(1)');
    // The element ends where it should, and the nickname reads back unchanged.
    expect((firstScreenOf(reply.text) as { userInfo: { nickname: string } }).userInfo.nickname).toBe(HOSTILE);
  });

  it.each(['/usercenter', '/register'])(
    'tells a visitor without a session only that (no user data), and the UAA is not asked: %s',
    async (page) => {
      const reply = await request(bff.url).get(page);
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(firstScreenOf(reply.text)).toEqual({ authenticated: false });
      expect(upstream.requests).toHaveLength(0);
    },
  );

  it('is absent when the UAA refuses the session (401), and the page still loads', async () => {
    upstream.respond((_req, res) => sendJson(res, 401, { msgCode: 'A0211', msg: 'expired' }));
    // A token of its own: the BFF remembers a refused one and spares the UAA its next documents.
    const reply = await request(bff.url).get('/usercenter').set('Cookie', 'uaa-token=expired-token');
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.text).not.toContain(FIRST_SCREEN_ELEMENT_ID);
  });

  it.each([
    [
      'an error code',
      (res: Parameters<Parameters<UpstreamDouble['respond']>[0]>[1]) =>
        sendJson(res, 200, { msgCode: 'A0211', msg: 'expired' }),
    ],
    ['no answer in time', () => undefined],
  ])('is absent when the UAA gives %s', async (_name, answer) => {
    upstream.respond((_req, res) => answer(res));
    const reply = await request(bff.url).get('/admin/user').set('Cookie', SESSION);
    expect(reply.status).toBe(200);
    expect(reply.text).not.toContain(FIRST_SCREEN_ELEMENT_ID);
  });

  it('asks for no list of a module the user may not open (the page shows no permission)', async () => {
    // The modules are users and role: not platforms.
    const reply = await request(bff.url).get('/admin/platform').set('Cookie', SESSION);
    expect(firstScreenOf(reply.text)).toEqual({
      authenticated: true,
      userInfo: USER,
      modules: ['users', 'role'],
    });
    expect(upstream.requests.map((r) => r.url)).not.toContain(ENDPOINTS.platformList.path);
  });

  it('keeps of each row only the fields the contract declares', async () => {
    const row = { ...USERS.users[0], password: 'hash', clientSecret: 'secret' };
    answerSignedIn((res) => sendJson(res, 200, ok({ users: [row], totalCount: 1 })));
    const reply = await request(bff.url).get('/admin/user').set('Cookie', SESSION);
    expect(firstScreenOf(reply.text)).toMatchObject({ list: { name: 'users', data: USERS } });
    expect(reply.text).not.toContain('secret');
    expect(reply.text).not.toContain('hash');
  });

  it.each([
    ['more rows than a page', ok({ users: Array(13).fill(USERS.users[0]), totalCount: 13 })],
    [
      'more than 64 KB',
      ok({ users: [{ ...USERS.users[0], description: 'x'.repeat(70_000) }], totalCount: 1 }),
    ],
  ])('leaves out a list of %s', async (_name, body) => {
    answerSignedIn((res) => sendJson(res, 200, body));
    const reply = await request(bff.url).get('/admin/user').set('Cookie', SESSION);
    expect(firstScreenOf(reply.text)).toEqual({
      authenticated: true,
      userInfo: USER,
      modules: ['users', 'role'],
    });
  });

  it('takes as many rows as the page asked for has', async () => {
    const twenty = { users: Array(20).fill(USERS.users[0]), totalCount: 40 };
    answerSignedIn((res) => sendJson(res, 200, ok(twenty)));
    const reply = await request(bff.url).get('/admin/user?size=20').set('Cookie', SESSION);
    expect(firstScreenOf(reply.text)).toMatchObject({
      list: { paging: { page: 1, size: 20 }, data: twenty },
    });
    const fewer = await request(bff.url).get('/admin/user?size=15').set('Cookie', SESSION);
    expect(firstScreenOf(fewer.text)).not.toHaveProperty('list');
  });

  it.each([
    ['a user info the contract refuses', ENDPOINTS.userInfo.path, ok({ ...USER, username: { html: '<b>' } })],
    [
      'a user info of more than 64 KB',
      ENDPOINTS.userInfo.path,
      ok({ ...USER, nickname: 'x'.repeat(70_000) }),
    ],
    ['modules the contract refuses', ENDPOINTS.userResList.path, ok(['users', { module: 'x' }])],
  ])('inlines nothing for %s, as the SPA would take none from its own call', async (_name, url, body) => {
    upstream.respond((req, res) => {
      if (req.url === url) return sendJson(res, 200, body);
      if (req.url === ENDPOINTS.userInfo.path) return sendJson(res, 200, ok(USER));
      sendJson(res, 200, ok(['users', 'role']));
    });
    const reply = await request(bff.url).get('/admin/role').set('Cookie', SESSION);
    expect(reply.status).toBe(200);
    expect(firstScreenOf(reply.text)).toBeUndefined();
    expect(reply.text.length).toBeLessThan(64 * 1024);
  });

  it('leaves out keys whose sk is not masked', async () => {
    answerSignedIn((res) => sendJson(res, 200, ok([{ ...KEYS[0], sk: 'sk-in-clear-0123456789' }])));
    const reply = await request(bff.url).get('/usercenter?tab=keys').set('Cookie', SESSION);
    expect(firstScreenOf(reply.text)).toEqual({ authenticated: true, userInfo: USER, modules: MODULES });
    expect(reply.text).not.toContain('sk-in-clear');
  });

  it('costs the UAA nothing for a HEAD request', async () => {
    const reply = await request(bff.url).head('/admin/user').set('Cookie', SESSION);
    expect(reply.status).toBe(200);
    expect(upstream.requests).toHaveLength(0);
  });

  it('ends its upstream call when the browser hangs up, and asks no more', async () => {
    let userCallEnded = false;
    upstream.respond((req, res) => {
      // The user info never comes: only the BFF can end this call.
      if (req.url === ENDPOINTS.userInfo.path) res.on('close', () => (userCallEnded = true));
      else sendJson(res, 200, ok(['users', 'role']));
    });
    const browser = http.get(new URL('/admin/user', bff.url), { headers: { cookie: SESSION } });
    browser.on('error', () => undefined);
    await vi.waitFor(() => expect(upstream.requests).toHaveLength(1));
    browser.destroy();
    // Before the page's own deadline would end it.
    await vi.waitFor(() => expect(userCallEnded).toBe(true), { timeout: FIRST_SCREEN_TIMEOUT_MS - 300 });
    // The modules and the list would have followed the user info, which never came.
    expect(upstream.requests.map((r) => r.url)).toEqual([ENDPOINTS.userInfo.path]);
  });

  it('is not looked up for pages that do not show the user', async () => {
    const reply = await request(bff.url).get('/username').set('Cookie', SESSION);
    expect(reply.text).not.toContain(FIRST_SCREEN_ELEMENT_ID);
    expect(upstream.requests).toHaveLength(0);
  });
});

describe("a page's lazy chunks", () => {
  it("are announced with preload links, the build's own file names only", async () => {
    const reply = await request(bff.url).get('/usercenter');
    expect(reply.text).toContain(`<link rel="preload" href="${CHUNK}" as="script" fetchpriority="low">`);
    expect(reply.text).toContain(
      '<link rel="preload" href="/static/css/async/usercenter.4d5e6f.css" as="style" fetchpriority="low">',
    );
    expect(reply.text).not.toContain('x.js');
  });

  it("come after the entry's own script, which needs the connections first", async () => {
    const reply = await request(bff.url).get('/usercenter');
    expect(reply.text.indexOf(CHUNK)).toBeGreaterThan(reply.text.indexOf(ASSET_PATH));
  });

  it("of a tab are announced on that tab's address, whatever else the query holds", async () => {
    const keys = await request(bff.url).get('/usercenter/?lang=en-US&tab=keys&clientId=x');
    expect(keys.text).toContain(`<link rel="preload" href="${KEYS_CHUNK}" as="script" fetchpriority="low">`);
    expect(keys.text).toContain(`href="${CHUNK}"`);
  });

  it.each([
    ['another tab', '/usercenter?tab=help'],
    ['no tab', '/usercenter?type=phone'],
    ['a repeated tab', '/usercenter?tab=keys&tab=keys'],
    ['a tab spelt differently', '/usercenter?tab=KEYS'],
    ['a tab smuggling a second key', '/usercenter?tab=keys%3Ftab%3Dkeys'],
  ])("are the page's own for %s", async (_, address) => {
    const reply = await request(bff.url).get(address);
    expect(reply.text).toContain(`href="${CHUNK}"`);
    expect(reply.text).not.toContain(KEYS_CHUNK);
  });

  it("are, on a desktop's document, also the parts a phone's loads once the page is the app's", async () => {
    const desktop = await request(bff.url).get('/admin/user').set('User-Agent', DEVICE_AGENTS.desktop);
    expect(desktop.text).toContain(`href="${USERS_CHUNK}"`);
    expect(desktop.text).toContain(
      `<link rel="preload" href="${FIELDS_CHUNK}" as="script" fetchpriority="low">`,
    );
    for (const device of ['mobile', 'mobile-in-app'] as const) {
      const phone = await request(bff.url).get('/admin/user').set('User-Agent', DEVICE_AGENTS[device]);
      expect(phone.text, device).toContain(`href="${USERS_CHUNK}"`);
      expect(phone.text, device).not.toContain(FIELDS_CHUNK);
    }
    // The parts' key is no address: `#` never reaches a server, and its escape is a path of its own.
    const escaped = await request(bff.url)
      .get('/admin/user%23desktop')
      .set('User-Agent', DEVICE_AGENTS.desktop);
    expect(escaped.text).not.toContain(FIELDS_CHUNK);
  });

  it('are not announced on other pages', async () => {
    const reply = await request(bff.url).get('/register');
    expect(reply.text).not.toContain('rel="preload"');
  });
});

describe('a client-rendered page', () => {
  it.each([
    ['/usercenter', 'usercenter', 'boot-skeleton-side"'],
    ['/admin/user', 'admin', 'boot-skeleton-panel is-table'],
    ['/admin', 'admin', 'boot-skeleton-side is-admin'],
    ['/register', 'visitor', 'boot-skeleton-card'],
  ])('%s shows its own skeleton until React renders, not a blank page', async (page, kind, part) => {
    const reply = await request(bff.url).get(page);
    expect(reply.text).toMatch(
      new RegExp(`<div id="root"><div class="boot-skeleton" aria-busy="true" data-page="${kind}">.*${part}`),
    );
  });
});

describe('the first screen loader', () => {
  const data: Record<string, unknown> = {
    [ENDPOINTS.userInfo.path]: { ...USER, ssoUid: 'u1' },
    [ENDPOINTS.userResList.path]: ['users'],
    [ENDPOINTS.internalUserList.path]: USERS,
  };
  const req = {
    path: '/admin/user',
    originalUrl: '/admin/user',
    query: {},
    get: () => undefined,
    headers: {},
    ip: '127.0.0.1',
  } as unknown as Request;

  /** A loader whose UAA answers each call in 40 ms, noting the time-out it was given. */
  function loaderWith(timeouts: Map<string, number>, deps: Partial<FirstScreenDeps> = {}) {
    const client = {
      async call(opts: { url: string; timeoutMs?: number }) {
        const path = new URL(opts.url).pathname;
        timeouts.set(path, opts.timeoutMs ?? Infinity);
        await new Promise((resolve) => setTimeout(resolve, 40));
        const body = Buffer.from(JSON.stringify(ok(data[path])));
        return { status: 200, headers: {}, bytes: async () => body, done: () => undefined };
      },
    } as unknown as UpstreamClient;
    return createFirstScreenLoader({
      client,
      upstream: 'http://uaa',
      tokenJsonPaths: [],
      publicOrigin: () => new URL('https://sso.example.com'),
      timeoutMs: 1000,
      ...deps,
    });
  }

  it('gives the back office one deadline for all its calls, not one each', async () => {
    const timeouts = new Map<string, number>();
    const screen = await loaderWith(timeouts)(req, 'tok');
    expect(screen?.modules).toEqual(['users']);
    expect(screen?.list).toEqual({ name: 'users', paging: { page: 1, size: 12 }, data: USERS });
    expect(timeouts.get(ENDPOINTS.userInfo.path)).toBeLessThanOrEqual(1000);
    // The later calls get what the first one left, at least its 40 ms less.
    expect(timeouts.get(ENDPOINTS.userResList.path)).toBeLessThanOrEqual(1000 - 35);
    expect(timeouts.get(ENDPOINTS.internalUserList.path)).toBeLessThanOrEqual(1000 - 35);
  });

  it('counts the time the rate limits take to answer within that deadline', async () => {
    const timeouts = new Map<string, number>();
    // A slow limit store: its verdict on the modules' call comes after the page's deadline.
    const admit = () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 200));
    expect(await loaderWith(timeouts, { admit, timeoutMs: 150 })(req, 'tok')).toBeUndefined();
    expect([...timeouts.keys()]).toEqual([ENDPOINTS.userInfo.path]);
  });
});
