import { gunzipSync } from 'node:zlib';
import http, { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { rawRequest } from '@tests/support/http';
import { sampleBody } from '@tests/support/sample-bodies';
import {
  closedPortUrl,
  ok,
  sendJson,
  startUpstream,
  type UpstreamDouble,
} from '@tests/support/upstream-double';

const GW = '/gw/uaa-be';
const USER_INFO = `${GW}/api/v1/login/getUserInfo`;

let upstream: UpstreamDouble;
let bff: TestBff;

beforeAll(async () => {
  upstream = await startUpstream();
  // No trusted proxy: the browser's forwarding headers must count for nothing.
  bff = await startBff({ upstream: upstream.url, env: { TRUST_PROXY: '0' } });
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});
beforeEach(() => upstream.reset());

const gw = (path: string) => request(bff.url).post(`${GW}${path}`).set('X-CSRF', '1');

describe('the path guard', () => {
  it.each([
    ['..', '/api/v1/../x'],
    ['%2e%2e', '/api/v1/%2e%2e/x'],
    ['%2E%2E upper case', '/api/v1/%2E%2E/x'],
    ['%2f', '/api/v1/login%2fgetUserInfo'],
    ['%5c', '/api/v1/login%5cgetUserInfo'],
    ['a backslash', '/api/v1/login\\..\\x'],
    ['a ; segment', '/api/v1/login;jsessionid=x/getUserInfo'],
    ['a . segment', '/api/v1/login/./getUserInfo'],
    ['a trailing . segment', '/api/v1/login/getUserInfo/.'],
  ])('refuses a path with %s with 400, upstream untouched', async (_name, path) => {
    const reply = await rawRequest(bff.url, {
      method: 'POST',
      path: `${GW}${path}`,
      headers: { 'x-csrf': '1', lang: 'en-US' },
    });
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.text)).toEqual({ msgCode: 'A0100', msg: 'Request refused: invalid path' });
    expect(upstream.requests).toHaveLength(0);
  });

  it('answers HEAD on a GET call with 405, the UAA untouched (its GET may cancel an account)', async () => {
    const reply = await request(bff.url).head(`${GW}/api/v1/register/deactivate`).set('X-CSRF', '1');
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('GET');
    expect(upstream.requests).toHaveLength(0);
  });

  it.each([
    ['a doubled first slash', 'POST', `/${GW}/api/v1/login/getUserInfo`],
    ['another mount', 'POST', '/gw/uaa-bex/api/v1/login/getUserInfo'],
    ['no route at all', 'DELETE', '/x'],
  ])('answers %s with the JSON 404 envelope, never an HTML page', async (_name, method, path) => {
    const reply = await rawRequest(bff.url, { method, path, headers: { 'x-csrf': '1', lang: 'en-US' } });
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(reply.text)).toMatchObject({ msgCode: 'A0100' });
    expect(upstream.requests).toHaveLength(0);
  });

  it("passes an ordinary path to `${UAA_UPSTREAM}/X`, without the browser's query", async () => {
    const reply = await rawRequest(bff.url, {
      path: `${GW}/api/v1/login/getLocationInfo?key=user&phone=13800138000`,
      headers: { 'x-csrf': '1' },
    });
    expect(reply.status).toBe(200);
    expect(upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/v1/login/getLocationInfo',
    ]);
  });
});

describe('the header policy', () => {
  it("drops the browser's session and forwarding headers and sets its own", async () => {
    await gw('/api/v1/login/getUserInfo')
      .set('Cookie', 'uaa-token=tok-1; other=secret')
      .set('Authorization', 'Bearer forged')
      .set('X-Forwarded-For', '6.6.6.6')
      .set('X-Real-IP', '6.6.6.6')
      .set('x_forwarded_for', '6.6.6.6')
      .set('X-Forwarded-Host', 'evil.example')
      .set('X-Forwarded-Proto', 'gopher')
      .set('X-Custom-Secret', 'nope')
      .send({});
    const [seen] = upstream.requests;
    expect(seen).toBeDefined();
    const h = seen!.headers;
    expect(h.cookie).toBeUndefined();
    expect(h.authorization).toBe('Bearer tok-1');
    expect(h.x_forwarded_for).toBeUndefined();
    expect(h['x-custom-secret']).toBeUndefined();
    expect(h['x-forwarded-for']).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(h['x-real-ip']).toBe(h['x-forwarded-for']);
    // Without PUBLIC_ORIGIN (never in production): the loopback host the request reached.
    expect(h['x-forwarded-host']).toBe(new URL(bff.url).host);
    expect(h['x-forwarded-proto']).toBe('http');
    expect(JSON.stringify(h)).not.toContain('6.6.6.6');
    expect(JSON.stringify(h)).not.toContain('evil.example');
  });

  it('passes lang, the iframe marker and the captcha headers', async () => {
    await gw('/api/v1/login/byAccount')
      .set('lang', 'en-US')
      .set('x-request-source', 'iframe')
      .set('captchaVerifyParam', 'verify-123')
      .set('sceneId', 'scene-9')
      .set('prefix', 'pfx')
      .send(sampleBody('/api/v1/login/byAccount'));
    const h = upstream.requests[0]!.headers;
    expect(h).toMatchObject({
      lang: 'en-US',
      'x-request-source': 'iframe',
      captchaverifyparam: 'verify-123',
      sceneid: 'scene-9',
      prefix: 'pfx',
    });
  });

  it.each(['/api/v1/login/getUserInfo', '/api/v1/personal/info/update', '/api/v1/logout/all'])(
    'adds the bearer from the cookie on %s',
    async (path) => {
      await gw(path).set('Cookie', 'uaa-token=tok-2').send(sampleBody(path));
      expect(upstream.requests[0]!.headers.authorization).toBe('Bearer tok-2');
    },
  );

  it.each([
    '/api/v1/login/byAccount',
    '/api/v1/login/byPhone',
    '/api/v1/internal/auth',
    '/api/v1/verifyCode/captcha',
  ])('sends no bearer on the open call %s, cookie or not', async (path) => {
    await gw(path)
      .set('Cookie', 'uaa-token=tok-3')
      .set('Authorization', 'Bearer forged')
      .send(sampleBody(path));
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('sends no bearer without a session cookie', async () => {
    await gw('/api/v1/login/getUserInfo').set('Authorization', 'Bearer forged').send({});
    expect(upstream.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('forwards the validated body in UTF-8, whatever its spacing', async () => {
    const body = '{ "nickname" :"zoë \u{1F600}",\n  "username": "" }';
    await gw('/api/v1/personal/info/update').set('Content-Type', 'application/json').send(body);
    const seen = upstream.requests[0]!;
    const forwarded = JSON.stringify({ nickname: 'zoë \u{1F600}', username: '' });
    expect(seen.body.toString('utf8')).toBe(forwarded);
    expect(seen.headers['content-length']).toBe(String(Buffer.byteLength(forwarded)));
    expect(seen.headers['content-type']).toBe('application/json;charset=UTF-8');
  });

  it("echoes and forwards a trusted proxy's well-formed X-Request-Id, and makes one up otherwise", async () => {
    const behindProxy = await startBff({ upstream: upstream.url, env: { TRUST_PROXY: 'loopback' } });
    try {
      const call = (id: string) =>
        request(behindProxy.url).post(USER_INFO).set('X-CSRF', '1').set('X-Request-Id', id).send({});
      const reply = await call('req-abc.123');
      expect(reply.headers['x-request-id']).toBe('req-abc.123');
      expect(upstream.requests[0]!.headers['x-request-id']).toBe('req-abc.123');

      const odd = await call('bad id <script>');
      expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(upstream.requests[1]!.headers['x-request-id']).toBe(odd.headers['x-request-id']);
    } finally {
      await behindProxy.close();
    }
  });

  it('makes its own request id for a peer that is no trusted proxy (a browser): it names no other request', async () => {
    const reply = await gw('/api/v1/login/getUserInfo').set('X-Request-Id', 'victim-req-1').send({});
    expect(reply.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(upstream.requests[0]!.headers['x-request-id']).toBe(reply.headers['x-request-id']);
  });

  it("keeps the upstream's cookies, server banner, CORS grants and other headers from the browser", async () => {
    upstream.respond((_req, res) =>
      sendJson(res, 200, ok(), {
        'set-cookie': ['JSESSIONID=abc; Path=/'],
        server: 'Apache-Coyote/1.1',
        'x-powered-by': 'Servlet/3.0',
        'x-upstream-note': 'internal',
        'access-control-allow-origin': '*',
        'access-control-allow-credentials': 'true',
        'retry-after': '7',
        'content-language': 'zh-CN',
      }),
    );
    const reply = await gw('/api/v1/login/getUserInfo').send({});
    expect(reply.headers['set-cookie']).toBeUndefined();
    expect(reply.headers.server).toBeUndefined();
    expect(reply.headers['x-powered-by']).toBeUndefined();
    expect(reply.headers['x-upstream-note']).toBeUndefined();
    expect(Object.keys(reply.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    // What the browser may use passes: when to retry, the reply's language.
    expect(reply.headers['retry-after']).toBe('7');
    expect(reply.headers['content-language']).toBe('zh-CN');
  });
});

describe('upstream replies', () => {
  it('passes an upstream reply on with Cache-Control: no-store', async () => {
    upstream.respond((_req, res) =>
      sendJson(res, 200, ok({ username: 'ann' }), { 'cache-control': 'public, max-age=600' }),
    );
    const reply = await gw('/api/v1/login/getUserInfo').send({});
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(ok({ username: 'ann' }));
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('compresses a long answer for a browser that takes gzip, and leaves a short one as it is', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `platform ${i}` }));
    upstream.respond((_req, res) => sendJson(res, 200, ok({ rows })));
    const long = await rawRequest(bff.url, {
      method: 'POST',
      path: `${GW}/api/v1/mgmt/platforms/list`,
      headers: { 'x-csrf': '1', 'accept-encoding': 'gzip', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(long.headers['content-encoding']).toBe('gzip');
    expect(long.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(gunzipSync(long.body).toString())).toEqual(ok({ rows }));
    upstream.respond((_req, res) => sendJson(res, 200, ok()));
    const short = await rawRequest(bff.url, {
      method: 'POST',
      path: `${GW}/api/v1/mgmt/platforms/list`,
      headers: { 'x-csrf': '1', 'accept-encoding': 'gzip', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(short.text)).toEqual(ok());
  });

  it('answers a reply that is not a JSON answer with the 502 envelope, never its bytes', async () => {
    upstream.respond((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    });
    const reply = await request(bff.url).get(`${GW}/api/v1/login/getLocationInfo`).set('X-CSRF', '1');
    expect(reply.status).toBe(502);
    expect(reply.body).toMatchObject({ msgCode: 'B0300' });
  });
});

describe("the UAA's errors", () => {
  const TRACE = 'java.sql.SQLException: Access denied for user uaa@db-01.corp.internal:3306';

  it('pass on as their envelope alone, whatever else the UAA put in them', async () => {
    upstream.respond((_req, res) =>
      sendJson(res, 500, { msgCode: 'B0001', msg: 'busy', data: { host: 'db-01' }, trace: TRACE }),
    );
    const reply = await gw('/api/v1/login/getUserInfo').send({});
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ msgCode: 'B0001', msg: 'busy' });
  });

  it("keep their status as the BFF's own envelope when they are none (a server's default error)", async () => {
    upstream.respond((_req, res) =>
      sendJson(res, 500, { timestamp: 1, status: 500, error: 'Internal Server Error', trace: TRACE }),
    );
    const reply = await gw('/api/v1/login/getUserInfo').set('lang', 'en-US').send({});
    expect(reply.status).toBe(500);
    expect(reply.body).toMatchObject({ msgCode: '-1' });
    expect(reply.text).not.toContain('db-01');
  });
});

describe('upstream failures', () => {
  async function expectStillHealthy(): Promise<void> {
    const health = await request(bff.url).get('/healthz');
    expect(health.status).toBe(200);
  }

  it('answers an upstream slower than the timeout with a 504 envelope', async () => {
    // The upstream answers at five times the BFF's 300 ms budget: the 504 must come first, which
    // the flag shows without a wall-clock bound that a loaded machine could break.
    let answered = false;
    upstream.respond((_req, res) => {
      setTimeout(() => {
        answered = true;
        sendJson(res, 200, ok());
      }, 1500).unref();
    });
    const reply = await gw('/api/v1/login/getUserInfo').set('lang', 'en-US').send({});
    expect(answered, 'the 504 came before the upstream answered').toBe(false);
    expect(reply.status).toBe(504);
    expect(reply.body).toEqual({ msgCode: 'B0300', msg: 'Network timeout' });
    expect(reply.headers['cache-control']).toBe('no-store');
    await expectStillHealthy();
  });

  it('answers a refused connection with a 502 envelope', async () => {
    const down = await startBff({ upstream: await closedPortUrl() });
    try {
      const reply = await request(down.url).post(USER_INFO).set('X-CSRF', '1').set('lang', 'en-US').send({});
      expect(reply.status).toBe(502);
      expect(reply.body).toEqual({ msgCode: 'B0300', msg: 'Service temporarily unavailable' });
      expect(reply.headers['cache-control']).toBe('no-store');
      expect((await request(down.url).get('/healthz')).status).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('answers a connection reset before the reply with a 502 envelope', async () => {
    upstream.respond((_req, res) => res.socket?.destroy());
    const reply = await gw('/api/v1/login/getUserInfo').send({});
    expect(reply.status).toBe(502);
    expect(reply.body.msgCode).toBe('B0300');
    await expectStillHealthy();
  });

  it('answers a reset in the middle of a JSON body with a 502 envelope', async () => {
    upstream.respond((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"msgCode":"10000","data":{"token":"half');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const reply = await gw('/api/v1/login/byAccount').send(sampleBody('/api/v1/login/byAccount'));
    expect(reply.status).toBe(502);
    expect(reply.body.msgCode).toBe('B0300');
    expect(reply.text).not.toContain('half');
    expect(reply.headers['set-cookie']).toBeUndefined();
    await expectStillHealthy();
  });

  it('answers garbage labelled application/json with a 502 envelope', async () => {
    upstream.respond((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
      res.end('<html><body>502 Bad Gateway</body></html>');
    });
    const reply = await gw('/api/v1/login/getUserInfo').set('lang', 'en-US').send({});
    expect(reply.status).toBe(502);
    expect(reply.body).toEqual({ msgCode: 'B0300', msg: 'Service temporarily unavailable' });
    expect(reply.headers['cache-control']).toBe('no-store');
    await expectStillHealthy();
  });
});

describe('a stalled upstream does not hold the BFF', () => {
  let stalled: Server;
  let stalledBff: TestBff;
  beforeAll(async () => {
    // Accepts the connection and never answers a byte.
    stalled = createServer(() => {});
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    stalledBff = await startBff({
      upstream: `http://127.0.0.1:${(stalled.address() as AddressInfo).port}`,
      upstreamTimeoutMs: 200,
    });
  });
  afterAll(async () => {
    await stalledBff.close();
    stalled.closeAllConnections();
    await new Promise((resolve) => stalled.close(resolve));
  });

  it('times several concurrent calls out and keeps serving', async () => {
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => request(stalledBff.url).post(USER_INFO).set('X-CSRF', '1').send({})),
    );
    expect(replies.map((r) => r.status)).toEqual([504, 504, 504, 504, 504]);
    expect((await request(stalledBff.url).get('/healthz')).status).toBe(200);
  });
});

describe('a call whose browser hangs up once the UAA has it', () => {
  it('leaves its event, its outcome unknown: the change may be made', async () => {
    // The UAA never answers: only the browser's hang-up ends the call.
    upstream.respond(() => undefined);
    const before = bff.securityLines.length;
    const body = JSON.stringify({ ssoUids: 'u-1,u-2' });
    const browser = http.request(new URL('/gw/uaa-be/api/v1/user/admin/internal/delete', bff.url), {
      method: 'POST',
      headers: { 'x-csrf': '1', 'content-type': 'application/json', cookie: 'uaa-token=tok-admin' },
    });
    browser.on('error', () => undefined);
    browser.end(body);
    await vi.waitFor(() => expect(upstream.requests).toHaveLength(1));
    browser.destroy();
    await vi.waitFor(() => expect(bff.securityLines.length).toBeGreaterThan(before));
    expect(bff.securityEvents().slice(-1)[0]).toMatchObject({
      type: 'admin_write',
      action: 'user.delete',
      outcome: 'unknown',
      code: 'CLIENT_CLOSED',
      ids: ['u-1', 'u-2'],
    });
  });
});

describe('what an event says of its call', () => {
  const lastEventOf = async (path: string, body: object, reply: (res: http.ServerResponse) => void) => {
    upstream.respond((_req, res) => reply(res));
    const before = bff.securityLines.length;
    await request(bff.url)
      .post(`/gw/uaa-be/api/v1${path}`)
      .set('X-CSRF', '1')
      .set('Cookie', 'uaa-token=t')
      .send(body);
    await vi.waitFor(() => expect(bff.securityLines.length).toBeGreaterThan(before));
    return bff.securityEvents().slice(-1)[0];
  };

  it('a logout the UAA answered with an empty 200: done, as the browser was told', async () => {
    const event = await lastEventOf('/logout/all', {}, (res) => res.writeHead(200).end());
    expect(event).toMatchObject({ type: 'session_end', action: 'logout', outcome: 'success' });
  });

  it("a user update with an empty e-mail: the user's phone, masked, is its target", async () => {
    const event = await lastEventOf(
      '/user/admin/internal/update',
      { ssoUid: 'u-1', email: '', phone: '13800138000' },
      (res) => sendJson(res, 200, ok(null)),
    );
    expect(event).toMatchObject({ action: 'user.update', target: { masked: '138****8000' } });
  });
});
