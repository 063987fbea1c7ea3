import cookieParser from 'cookie-parser';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productionEnv, startBff, type TestBff } from '@tests/support/bff-harness';
import { cookieAttributes, isClearing, issuedCookie, setCookiesFor } from '@tests/support/http';
import { sampleBody } from '@tests/support/sample-bodies';
import {
  closedPortUrl,
  ok,
  sendJson,
  startUpstream,
  type UpstreamDouble,
} from '@tests/support/upstream-double';
import { cookieValues } from './cookie';

const LOGIN = '/gw/uaa-be/api/v1/login/byAccount';
const USER_INFO = '/gw/uaa-be/api/v1/login/getUserInfo';
const LOGOUT = '/gw/uaa-be/api/v1/logout/all';
const TOKEN = 'tok_Zx9-secret-session-value';
const FOURTEEN_DAYS_S = 14 * 24 * 60 * 60;

const loginReply = ok({ token: TOKEN, ssoCode: 'sso-1', data: { username: 'ann' } });

let upstream: UpstreamDouble;
let dev: TestBff;
let staging: TestBff;

beforeAll(async () => {
  upstream = await startUpstream();
  dev = await startBff({ upstream: upstream.url });
  staging = await startBff({ upstream: upstream.url, env: { APP_ENV: 'staging' } });
});
afterAll(async () => {
  await dev.close();
  await staging.close();
  await upstream.close();
});
beforeEach(() => {
  upstream.reset();
  upstream.respond((_req, res) => sendJson(res, 200, loginReply));
});

const login = (bff: TestBff, body: object = { account: 'ann', password: 'x' }) =>
  request(bff.url).post(LOGIN).set('X-CSRF', '1').send(body);
/** A call of a signed-in page: the user info, with the session cookie. */
const userInfoSignedIn = () =>
  request(dev.url).post(USER_INFO).set('X-CSRF', '1').set('Cookie', `uaa-token=${TOKEN}`).send({});

describe('token termination', () => {
  it('moves data.token into an httpOnly Lax session cookie and out of the body', async () => {
    const reply = await login(dev);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(ok({ ssoCode: 'sso-1', data: { username: 'ann' } }));
    expect(reply.text).not.toContain(TOKEN);

    const line = issuedCookie(reply.headers);
    expect(line).toBeDefined();
    expect(line!.split(';')[0]).toBe(`uaa-token=${TOKEN}`);
    const attrs = cookieAttributes(line!);
    expect(attrs.has('httponly')).toBe(true);
    expect(attrs.get('samesite')).toBe('Lax');
    expect(attrs.get('path')).toBe('/');
    expect(attrs.has('domain')).toBe(false);
    expect(attrs.has('max-age')).toBe(false);
    expect(attrs.has('expires')).toBe(false);
    // Development over plain http: no Secure, or the browser would drop the cookie.
    expect(attrs.has('secure')).toBe(false);
    expect(attrs.has('partitioned')).toBe(false);
  });

  // mobile/bind takes no autoLogin, and login/bind's is always true (spec §7), no visitor's tick:
  // both cookies last the browser session. A bind on a shared computer made the session-only
  // login of someone who never ticked "14 days" a 14-day one.
  it.each([
    ['/login/byPhone', { autoLogin: true }, String(FOURTEEN_DAYS_S)],
    ['/login/byAccount', { autoLogin: true }, String(FOURTEEN_DAYS_S)],
    ['/login/oauth', { autoLogin: true }, String(FOURTEEN_DAYS_S)],
    ['/login/bind', { autoLogin: true }, undefined],
    ['/personal/mobile/bind', {}, undefined],
  ])('terminates the token of a %s reply', async (path, fields, maxAge) => {
    const reply = await request(dev.url)
      .post(`/gw/uaa-be/api/v1${path}`)
      .set('X-CSRF', '1')
      .send(sampleBody(`/api/v1${path}`, fields));
    expect(reply.text).not.toContain(TOKEN);
    const line = issuedCookie(reply.headers)!;
    expect(line.split(';')[0]).toBe(`uaa-token=${TOKEN}`);
    expect(cookieAttributes(line).get('max-age')).toBe(maxAge);
  });

  it('reads the token at the paths TOKEN_JSON_PATHS names', async () => {
    const custom = await startBff({ upstream: upstream.url, env: { TOKEN_JSON_PATHS: 'data.session.jwt' } });
    try {
      upstream.respond((_req, res) => sendJson(res, 200, ok({ session: { jwt: TOKEN }, name: 'ann' })));
      const reply = await login(custom);
      // The login response's own fields alone (spec §3): none of these.
      expect(reply.body).toEqual(ok({}));
      expect(issuedCookie(reply.headers)!.split(';')[0]).toBe(`uaa-token=${TOKEN}`);
    } finally {
      await custom.close();
    }
  });

  it.each([
    ['at the top', { ...ok({ ssoCode: 'sso-1' }), token: 'T-top' }],
    ['in another case', ok({ Token: 'T-case', ssoCode: 'sso-1' })],
    ['under another name', ok({ accessToken: 'T-acc', access_token: 'T-acc2', ssoCode: 'sso-1' })],
    ['one level down', ok({ ssoCode: 'sso-1', data: { token: 'T-nested', username: 'ann' } })],
    ['as an object', ok({ token: { value: 'T-obj' }, ssoCode: 'sso-1' })],
  ])('gives the browser only the login response, never a token the UAA put %s', async (_name, body) => {
    upstream.respond((_req, res) => sendJson(res, 200, body));
    const reply = await login(dev);
    expect(reply.text).not.toMatch(/T-(top|case|acc|nested|obj)/);
    expect(reply.body.data.ssoCode).toBe('sso-1');
  });

  it('passes the login response on whole: msgCode, msg, ssouid, phone, ssoCode and the username', async () => {
    const whole = {
      ...ok({ token: TOKEN, ssoCode: 'sso-1', data: { username: 'ann' } }),
      ssouid: 'u-1',
      phone: null,
    };
    upstream.respond((_req, res) => sendJson(res, 200, whole));
    const reply = await login(dev);
    expect(reply.body).toEqual({
      ...ok({ ssoCode: 'sso-1', data: { username: 'ann' } }),
      ssouid: 'u-1',
      phone: null,
    });
  });

  it('keeps the cookie 14 days when autoLogin was ticked', async () => {
    const reply = await login(dev, { account: 'ann', password: 'x', autoLogin: true });
    const attrs = cookieAttributes(issuedCookie(reply.headers)!);
    expect(attrs.get('max-age')).toBe(String(FOURTEEN_DAYS_S));
  });

  it('marks the cookie Secure outside development', async () => {
    const reply = await login(staging);
    const attrs = cookieAttributes(issuedCookie(reply.headers)!);
    expect(attrs.has('secure')).toBe(true);
    expect(attrs.get('samesite')).toBe('Lax');
  });

  it('gives a login inside an iframe a SameSite=None; Secure; Partitioned cookie', async () => {
    const reply = await request(dev.url)
      .post(LOGIN)
      .set('X-CSRF', '1')
      .set('x-request-source', 'iframe')
      .send({ account: 'ann', password: 'x' });
    const line = issuedCookie(reply.headers)!;
    expect(line.split(';')[0]).toBe(`uaa-token=${TOKEN}`);
    const attrs = cookieAttributes(line);
    expect(attrs.get('samesite')).toBe('None');
    expect(attrs.has('secure')).toBe(true);
    expect(attrs.has('partitioned')).toBe(true);
    expect(attrs.has('httponly')).toBe(true);
  });

  it("moves a token from the upstream's Set-Cookie and passes none of its cookies on", async () => {
    upstream.respond((_req, res) =>
      sendJson(res, 200, ok({ username: 'ann' }), {
        'set-cookie': [`uaa-token=${TOKEN}; Domain=uaa.internal; Path=/api`, 'JSESSIONID=j-1; Path=/'],
      }),
    );
    const reply = await login(dev);
    const line = issuedCookie(reply.headers)!;
    expect(line.split(';')[0]).toBe(`uaa-token=${TOKEN}`);
    expect(cookieAttributes(line).get('path')).toBe('/');
    expect(cookieAttributes(line).has('domain')).toBe(false);
    const all = ([] as string[]).concat(reply.headers['set-cookie'] ?? []);
    expect(all.some((l) => l.includes('JSESSIONID'))).toBe(false);
    expect(all.some((l) => /domain=/i.test(l))).toBe(false);
  });

  it('moves a token from a failed reply nowhere and still strips it from the body', async () => {
    upstream.respond((_req, res) =>
      sendJson(res, 400, { msgCode: 'A0100', msg: 'x', data: { token: TOKEN } }),
    );
    const reply = await login(dev);
    expect(reply.text).not.toContain(TOKEN);
    expect(issuedCookie(reply.headers)).toBeUndefined();
  });

  it('sets no cookie from a reply whose msgCode says it failed, and strips the token all the same', async () => {
    upstream.respond((_req, res) =>
      sendJson(res, 200, { msgCode: 'A0207', msg: 'x', data: { token: TOKEN } }),
    );
    const reply = await login(dev);
    expect(reply.body).toEqual({ msgCode: 'A0207', msg: 'x', data: {} });
    expect(issuedCookie(reply.headers)).toBeUndefined();
  });

  it.each([
    ['longer than a browser keeps', 'x'.repeat(4090)],
    ['with a space', 'tok en'],
  ])(
    'answers 502 for a login whose token no cookie can carry (%s), never a session that is none',
    async (_name, token) => {
      upstream.respond((_req, res) => sendJson(res, 200, ok({ token, ssoCode: 'sso-1' })));
      const reply = await login(dev);
      expect(reply.status).toBe(502);
      expect(reply.text).not.toContain(token);
      expect(issuedCookie(reply.headers)).toBeUndefined();
    },
  );

  it.each([
    ['Max-Age=0', 'uaa-token=deleted; Max-Age=0; Path=/'],
    ['an Expires past', 'uaa-token=deleted; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/'],
    ['no value', 'uaa-token=; Path=/'],
  ])(
    "takes the UAA's Set-Cookie that clears the session (%s) as a clearing, never as a token",
    async (_name, line) => {
      upstream.respond((_req, res) => sendJson(res, 200, ok({}), { 'set-cookie': [line] }));
      const reply = await userInfoSignedIn();
      expect(reply.status).toBe(200);
      expect(issuedCookie(reply.headers)).toBeUndefined();
      const lines = setCookiesFor(reply.headers);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every(isClearing)).toBe(true);
    },
  );

  it.each([
    ['a top-level login clears an old iframe (Partitioned) cookie', {}, 'Lax', true],
    ['an iframe login clears an old top-level (Lax) cookie', { 'x-request-source': 'iframe' }, 'None', false],
  ] as const)('replaces the old cookie: %s', async (_name, headers, issuedSameSite, clearsPartitioned) => {
    const reply = await request(dev.url)
      .post(LOGIN)
      .set('X-CSRF', '1')
      .set(headers)
      .set('Cookie', 'uaa-token=old-token-value')
      .send({ account: 'ann', password: 'x' });
    const lines = setCookiesFor(reply.headers);
    const issued = issuedCookie(reply.headers)!;
    expect(issued.split(';')[0]).toBe(`uaa-token=${TOKEN}`);
    expect(cookieAttributes(issued).get('samesite')).toBe(issuedSameSite);
    const cleared = lines.filter(isClearing);
    expect(cleared).toHaveLength(1);
    const clearing = cookieAttributes(cleared[0]!);
    expect(clearing.has('partitioned')).toBe(clearsPartitioned);
    expect(clearing.get('path')).toBe('/');
    // The clearing line comes first, so the browser ends with the new cookie.
    expect(lines.indexOf(cleared[0]!)).toBeLessThan(lines.indexOf(issued));
    expect(upstream.requests[0]!.headers.cookie).toBeUndefined();
  });

  it('clears the cookie and passes the 401 on when the upstream says 401', async () => {
    upstream.respond((_req, res) => sendJson(res, 401, { msgCode: 'A0211', msg: 'expired' }));
    const reply = await userInfoSignedIn();
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ msgCode: 'A0211', msg: 'expired' });
    const lines = setCookiesFor(reply.headers);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every(isClearing)).toBe(true);
    expect(lines.some((l) => /samesite=lax/i.test(l) && /path=\//i.test(l))).toBe(true);
  });

  it('does not touch the cookie on an ordinary reply', async () => {
    upstream.respond((_req, res) => sendJson(res, 200, ok({ username: 'ann' })));
    const reply = await userInfoSignedIn();
    expect(reply.headers['set-cookie']).toBeUndefined();
  });
});

describe('logout', () => {
  it('clears the cookie and sends Clear-Site-Data', async () => {
    upstream.respond((_req, res) => sendJson(res, 200, ok()));
    const reply = await request(dev.url)
      .post(LOGOUT)
      .set('X-CSRF', '1')
      .set('Cookie', `uaa-token=${TOKEN}`)
      .send({});
    expect(reply.status).toBe(200);
    expect(upstream.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(reply.headers['clear-site-data']).toBe('"cookies"');
    const lines = setCookiesFor(reply.headers);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every(isClearing)).toBe(true);
  });

  it('clears the cookie even when the upstream is down', async () => {
    const down = await startBff({ upstream: await closedPortUrl() });
    try {
      const reply = await request(down.url)
        .post(LOGOUT)
        .set('X-CSRF', '1')
        .set('Cookie', `uaa-token=${TOKEN}`)
        .send({});
      expect(reply.status).toBe(502);
      expect(reply.body.msgCode).toBe('B0300');
      expect(reply.headers['clear-site-data']).toBe('"cookies"');
      const lines = setCookiesFor(reply.headers);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every(isClearing)).toBe(true);
    } finally {
      await down.close();
    }
  });

  it('clears the cookie even when the upstream times out', async () => {
    upstream.respond((_req, res) => {
      setTimeout(() => sendJson(res, 200, ok()), 1000).unref();
    });
    const reply = await request(dev.url)
      .post(LOGOUT)
      .set('X-CSRF', '1')
      .set('Cookie', `uaa-token=${TOKEN}`)
      .send({});
    expect(reply.status).toBe(504);
    expect(reply.headers['clear-site-data']).toBe('"cookies"');
    expect(setCookiesFor(reply.headers).every(isClearing)).toBe(true);
  });

  it('clears the cookie even when the upstream refuses the logout', async () => {
    upstream.respond((_req, res) => sendJson(res, 500, { msgCode: '-1', msg: 'boom' }));
    const reply = await request(dev.url)
      .post(LOGOUT)
      .set('X-CSRF', '1')
      .set('Cookie', `uaa-token=${TOKEN}`)
      .send({});
    expect(reply.headers['clear-site-data']).toBe('"cookies"');
    expect(setCookiesFor(reply.headers).length).toBeGreaterThan(0);
    expect(setCookiesFor(reply.headers).every(isClearing)).toBe(true);
  });
});

// docs/operations.md "Session cookie": production's default name took the __Host- prefix; the
// name before it is read while a browser has no cookie of the new one, and ends with it.
describe("production's cookie name and the one before it", () => {
  const HOST_NAME = '__Host-uaa-token';
  const OLD = 'uaa-token';
  let production: TestBff;
  let untilNone: TestBff;
  beforeAll(async () => {
    production = await startBff({ upstream: upstream.url, env: productionEnv(upstream.url) });
    untilNone = await startBff({
      upstream: upstream.url,
      env: { ...productionEnv(upstream.url), COOKIE_LEGACY_NAME: 'none' },
    });
  });
  afterAll(async () => {
    await production.close();
    await untilNone.close();
  });
  const userInfo = (bff: TestBff, cookie: string) =>
    request(bff.url).post(USER_INFO).set('X-CSRF', '1').set('Cookie', cookie).send({});

  it('is __Host-uaa-token: a login sets that name alone, and clears the one before it', async () => {
    const reply = await login(production, { account: 'ann', password: 'x', autoLogin: true });
    expect(issuedCookie(reply.headers, HOST_NAME)!.split(';')[0]).toBe(`${HOST_NAME}=${TOKEN}`);
    expect(issuedCookie(reply.headers, OLD)).toBeUndefined();
    expect(setCookiesFor(reply.headers, OLD).length).toBeGreaterThan(0);
    expect(setCookiesFor(reply.headers, OLD).every(isClearing)).toBe(true);
  });

  it('keeps a session under the old name that the upgrade found', async () => {
    upstream.respond((_req, res) => sendJson(res, 200, ok({ username: 'ann' })));
    expect((await userInfo(production, `${OLD}=${TOKEN}`)).status).toBe(200);
    expect(upstream.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const session = await request(production.url).get('/bff/session').set('Cookie', `${OLD}=${TOKEN}`);
    expect(session.body).toEqual({ authenticated: true });
  });

  it('never lets the old name, which a sibling subdomain can set, outrank the new one', async () => {
    upstream.respond((_req, res) => sendJson(res, 200, ok({ username: 'ann' })));
    await userInfo(production, `${OLD}=planted-by-a-sibling; ${HOST_NAME}=${TOKEN}`);
    expect(upstream.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('refuses two cookies of the old name, as two of the new', async () => {
    const session = await request(production.url)
      .get('/bff/session')
      .set('Cookie', `${OLD}=planted; ${OLD}=${TOKEN}`);
    expect(session.body).toEqual({ authenticated: false });
  });

  it('ends both at logout', async () => {
    upstream.respond((_req, res) => sendJson(res, 200, ok()));
    const reply = await request(production.url)
      .post(LOGOUT)
      .set('X-CSRF', '1')
      .set('Cookie', `${OLD}=${TOKEN}`)
      .send({});
    expect(upstream.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    for (const name of [HOST_NAME, OLD]) {
      expect(setCookiesFor(reply.headers, name).length, name).toBeGreaterThan(0);
      expect(setCookiesFor(reply.headers, name).every(isClearing), name).toBe(true);
    }
  });

  it('reads the old name no more with COOKIE_LEGACY_NAME=none', async () => {
    const session = await request(untilNone.url).get('/bff/session').set('Cookie', `${OLD}=${TOKEN}`);
    expect(session.body).toEqual({ authenticated: false });
    const own = await request(untilNone.url).get('/bff/session').set('Cookie', `${HOST_NAME}=${TOKEN}`);
    expect(own.body).toEqual({ authenticated: true });
  });
});

describe('GET /bff/session', () => {
  it('says false without a cookie', async () => {
    const reply = await request(dev.url).get('/bff/session');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ authenticated: false });
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('says true with a cookie and never echoes the token', async () => {
    const reply = await request(dev.url).get('/bff/session').set('Cookie', `uaa-token=${TOKEN}`);
    expect(reply.body).toEqual({ authenticated: true });
    expect(reply.text).not.toContain(TOKEN);
    expect(JSON.stringify(reply.headers)).not.toContain(TOKEN);
  });

  it('ignores other cookies', async () => {
    const reply = await request(dev.url).get('/bff/session').set('Cookie', `other=${TOKEN}; uaa-token=`);
    expect(reply.body).toEqual({ authenticated: false });
  });
});

// docs/adr/0007-session-cookie-from-the-raw-header.md: why the session cookie is read from the
// header itself. Should cookie-parser ever tell a repeated name, the hand reading can go.
describe('reading the session cookie beside cookie-parser', () => {
  const appWith = () => {
    const app = express();
    app.use(cookieParser());
    app.get('/', (req, res) => {
      res.json({
        parsed: (req.cookies as Record<string, unknown>)['uaa-token'],
        values: cookieValues(req, 'uaa-token'),
      });
    });
    return app;
  };

  it('sees both of two session cookies, where cookie-parser keeps one and hides the other', async () => {
    const reply = await request(appWith()).get('/').set('Cookie', 'uaa-token=planted; uaa-token=mine');
    expect(reply.body).toEqual({ parsed: 'planted', values: ['planted', 'mine'] });
  });
});
