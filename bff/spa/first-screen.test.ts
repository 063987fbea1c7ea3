import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Request } from 'express';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { FIRST_SCREEN_ELEMENT_ID } from '@shared/api/first-screen';
import { appConfigOf, ASSET_PATH, makeStaticDir, startBff, type TestBff } from '@tests/support/bff-harness';
import { ok, sendJson, startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';
import type { UpstreamClient } from '../upstream/client';
import { createFirstScreenLoader } from './first-screen';
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

/** The UAA as the first screen needs it: user info (with a token the page must not get), modules. */
function answerSignedIn(): void {
  upstream.respond((req, res) => {
    if (req.url === ENDPOINTS.userInfo.path) return sendJson(res, 200, ok({ ...USER, token: 'reply-token' }));
    if (req.url === ENDPOINTS.userResList.path) return sendJson(res, 200, ok(['users', 'role']));
    sendJson(res, 404, {});
  });
}

let staticDir: string;
beforeAll(async () => {
  upstream = await startUpstream();
  staticDir = makeStaticDir();
  writeFileSync(
    path.join(staticDir, ROUTE_PRELOADS_FILE),
    JSON.stringify({ '/usercenter': [CHUNK, '/static/css/async/usercenter.4d5e6f.css', '"><script>x.js'] }),
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
    expect(firstScreenOf(reply.text)).toEqual({ authenticated: true, userInfo: USER });
    expect(appConfigOf(reply.text)).toMatchObject({ captcha: { provider: 'local' } });
    expect(reply.text).not.toContain(TOKEN);
    expect(reply.text).not.toContain('reply-token');
    // Asked with the session's bearer, as the gateway would.
    expect(upstream.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('adds the modules the user may open on the back office', async () => {
    const reply = await request(bff.url).get('/admin/user').set('Cookie', SESSION);
    expect(firstScreenOf(reply.text)).toEqual({
      authenticated: true,
      userInfo: USER,
      modules: ['users', 'role'],
    });
    expect(JSON.parse(upstream.requests[1]?.body.toString() ?? '')).toEqual({ userId: USER.ssoUid });
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
    const reply = await request(bff.url).get('/usercenter').set('Cookie', SESSION);
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

  it('are not announced on other pages', async () => {
    const reply = await request(bff.url).get('/register');
    expect(reply.text).not.toContain('rel="preload"');
  });
});

describe('a client-rendered page', () => {
  it.each([
    ['/usercenter', 'boot-skeleton-side'],
    ['/admin/user', 'boot-skeleton-side'],
    ['/register', 'boot-skeleton-card'],
  ])('%s shows its skeleton until React renders, not a blank page', async (page, part) => {
    const reply = await request(bff.url).get(page);
    expect(reply.text).toMatch(
      new RegExp(`<div id="root"><div class="boot-skeleton" aria-busy="true">.*${part}`),
    );
  });
});

describe('the first screen loader', () => {
  it('gives the back office one deadline for both its calls, not one each', async () => {
    const timeouts: number[] = [];
    const data = [{ ...USER, ssoUid: 'u1' }, ['users']];
    const client = {
      async call(opts: { timeoutMs?: number }) {
        timeouts.push(opts.timeoutMs ?? Infinity);
        await new Promise((resolve) => setTimeout(resolve, 40));
        const body = Buffer.from(JSON.stringify(ok(data[timeouts.length - 1])));
        return { status: 200, headers: {}, bytes: async () => body, done: () => undefined };
      },
    } as unknown as UpstreamClient;
    const load = createFirstScreenLoader({
      client,
      upstream: 'http://uaa',
      tokenJsonPaths: [],
      timeoutMs: 1000,
    });
    const req = {
      path: '/admin/user',
      get: () => undefined,
      headers: {},
      ip: '127.0.0.1',
    } as unknown as Request;
    const screen = await load(req, 'tok');
    expect(screen?.modules).toEqual(['users']);
    expect(timeouts[0]).toBeLessThanOrEqual(1000);
    // The second call gets what the first one left, at least its 40 ms less.
    expect(timeouts[1]).toBeLessThanOrEqual(1000 - 35);
  });
});
