/**
 * The boundary as an attacker tries it (issue 16): each finding of the review, through the real
 * BFF with its default rules, against a recording upstream double (so "the upstream never saw
 * it" is a fact, not a hope) or the real local UAA.
 * 1. /gw/upload is no second gateway: only the upload call, and its reply's token never reaches JS.
 * 2. Code limits hold against a hang-up, a decoy field, an array, and an e-mail's +tag or case.
 * 3. Failed logins: no decoy re-keys them; one address has one allowance, whatever the spelling.
 * 4. Nothing outside the endpoint table is forwarded (the local UAA's outbox, an actuator).
 * 5. One normalization: a case or slash variant is the same call (open, logout, rules).
 * 6. Two session cookies mean no session, and the planted copy is cleared.
 * 7. A cookie value a header cannot carry is no session, never a 500.
 * 8. Upstream CORS grants stay behind; clients get 10 s for headers and 30 s for a request.
 */
import { connect } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '@bff/log';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { isClearing, rawRequest, setCookiesFor } from '@tests/support/http';
import { ok, sendJson, startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';

const GW = '/gw/uaa-be/api/v1';
const UP = '/gw/upload/api/v1';
const PHONE = '13800138000';

let upstream: UpstreamDouble;
let bff: TestBff;
const logLines: string[] = [];
// Each test gets addresses of its own (TRUST_PROXY trusts loopback): no counter leaks between tests.
let clientIp = 0;
let ip = '';

beforeAll(async () => {
  upstream = await startUpstream();
  const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });
  bff = await startBff({ upstream: upstream.url, logger, upstreamTimeoutMs: 2000 });
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});
beforeEach(() => {
  upstream.reset();
  clientIp += 1;
  ip = `198.51.${Math.floor(clientIp / 250)}.${clientIp % 250}`;
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(bff.url)
    .post(path)
    .set('X-CSRF', '1')
    .set('X-Forwarded-For', ip)
    .set('lang', 'en-US')
    .set(headers)
    .send(body as object);

const paths = () => upstream.requests.map((r) => r.url);

describe('1. the upload mount forwards the upload call and nothing else', () => {
  it.each([
    ['the account login', `${UP}/login/byAccount`],
    ['an SMS code', `${UP}/login/getSmsCode`],
    ['user info', `${UP}/login/getUserInfo`],
    ['a path the table lacks', `${UP}/anything`],
  ])('refuses %s under /gw/upload with 404, upstream untouched', async (_name, path) => {
    const reply = await post(path, { account: 'alice', phone: PHONE });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ msgCode: 'A0100', msg: 'Not found' });
    expect(upstream.requests).toHaveLength(0);
  });

  it('moves a token out of an upload reply: none reaches JavaScript', async () => {
    upstream.respond((_req, res) => sendJson(res, 200, ok({ url: '/f/1.png', token: 'tok-leaked' })));
    const reply = await request(bff.url)
      .post(`${UP}/uploadFile?key=user&tag=avatar`)
      .set('X-CSRF', '1')
      .attach('file', Buffer.from('png'), 'a.png');
    expect(reply.status).toBe(200);
    expect(reply.text).not.toContain('tok-leaked');
    expect(reply.body).toEqual(ok({ url: '/f/1.png' }));
  });
});

describe('2. the per-target code limits', () => {
  it('count a code send the client hung up on: the second send is refused, the upstream sent one', async () => {
    // The upstream takes its time, as an SMS gateway does; the client does not wait for it.
    let answered!: () => void;
    const sent = new Promise<void>((resolve) => (answered = resolve));
    upstream.respond((_req, res) =>
      setTimeout(() => {
        sendJson(res, 200, ok());
        answered();
      }, 150),
    );
    const body = JSON.stringify({ phone: PHONE });
    const socket = connect(Number(new URL(bff.url).port), '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      `POST ${GW}/login/getSmsCode HTTP/1.1\r\nHost: localhost\r\nX-CSRF: 1\r\nX-Forwarded-For: ${ip}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    await expect.poll(() => upstream.requests.length).toBe(1);
    socket.destroy();
    await sent;
    clientIp += 1; // another address: only the per-phone counter can refuse it
    ip = `198.51.${Math.floor(clientIp / 250)}.${clientIp % 250}`;
    const again = await post(`${GW}/login/getSmsCode`, { phone: PHONE.replace(/0$/, '0') });
    expect(again.status).toBe(429);
    expect(again.body.msgCode).toBe('A0301');
    expect(upstream.requests).toHaveLength(1);
  });

  it.each([
    ['password/forget', `/user/management/password/forget`, { type: 'phone', item: '13900139001' }],
    [
      'personal/message/code',
      `/personal/message/code`,
      { function: '1.1.1', message: 'phone', item: '13900139002' },
    ],
  ])('on %s are keyed by item; a decoy "phone" riding along is refused', async (_name, path, body) => {
    const decoy = await post(`${GW}${path}`, { ...body, phone: 'decoy-1' });
    expect(decoy.status).toBe(400);
    expect(upstream.requests).toHaveLength(0);
    const first = await post(`${GW}${path}`, body);
    expect(first.status).toBe(200);
    const second = await post(`${GW}${path}`, body);
    expect(second.status).toBe(429);
    expect(upstream.requests).toHaveLength(1);
  });

  it.each([
    ['an array', [PHONE]],
    ['a number', 13800138000],
    ['an object', { value: PHONE }],
    ['null', null],
  ])('refuse an identifier sent as %s with 400 before the upstream', async (_name, phone) => {
    const reply = await post(`${GW}/login/getSmsCode`, { phone });
    expect(reply.status).toBe(400);
    expect(reply.body.msgCode).toBe('A0100');
    expect(reply.body.msg).toMatch(/phone, e-mail or account/);
    expect(upstream.requests).toHaveLength(0);
  });

  it("count an e-mail's +tag and case as the same mailbox", async () => {
    const path = `${GW}/user/management/password/forget`;
    expect((await post(path, { type: 'email', item: 'Alice+one@Example.com' })).status).toBe(200);
    const again = await post(path, { type: 'email', item: 'alice+two@example.COM' });
    expect(again.status).toBe(429);
    expect(upstream.requests).toHaveLength(1);
  });

  it('give a send back when the upstream refuses to send it (nothing was sent)', async () => {
    upstream.respond((_req, res) => sendJson(res, 200, { msgCode: 'A0103', msg: 'bad phone' }));
    expect((await post(`${GW}/register/getSmsCode`, { phone: '13700137000' })).body.msgCode).toBe('A0103');
    upstream.reset();
    expect((await post(`${GW}/register/getSmsCode`, { phone: '13700137000' })).status).toBe(200);
  });
});

describe('3. the failed-login limits', () => {
  const failLogin = () =>
    upstream.respond((_req, res) => sendJson(res, 200, { msgCode: 'A0204', msg: 'wrong code' }));

  it('key login/byPhone by phone: a decoy "account" is refused, and cannot re-key it', async () => {
    failLogin();
    const decoy = await post(`${GW}/login/byPhone`, {
      phone: '13600136000',
      code: '000000',
      account: 'decoy',
    });
    expect(decoy.status).toBe(400);
    for (let i = 0; i < 10; i += 1) {
      const reply = await post(`${GW}/login/byPhone`, { phone: '13600136000', code: '000000' });
      expect(reply.status).toBe(200);
      clientIp += 1; // new addresses: only the per-phone counter is left to refuse
      ip = `198.51.${Math.floor(clientIp / 250)}.${clientIp % 250}`;
    }
    const refused = await post(`${GW}/login/byPhone`, {
      phone: '13600136000',
      code: '000000',
    });
    expect(refused.status).toBe(429);
    expect(upstream.requests).toHaveLength(10);
  });

  it('count failures per address too: three spellings of one account share ten guesses', async () => {
    failLogin();
    const spellings = ['alice', 'alice@example.com', '13500135000'];
    for (let i = 0; i < 10; i += 1) {
      const reply = await post(`${GW}/login/byAccount`, { account: spellings[i % 3], password: 'x' });
      expect(reply.status).toBe(200);
    }
    const refused = await post(`${GW}/login/byAccount`, { account: 'alice', password: 'x' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(upstream.requests).toHaveLength(10);
  });
});

describe('4. nothing outside the endpoint table is forwarded', () => {
  it.each([
    ['the local UAA outbox', '/gw/uaa-be/__dev/outbox'],
    ['its upper-case spelling', '/gw/uaa-be/__DEV/outbox'],
    ['an actuator', '/gw/uaa-be/actuator/env'],
    ['an unknown API path', `${GW}/user/admin/internal/export`],
    ['a table path with a suffix', `${GW}/login/getUserInfo/extra`],
  ])('%s: 404 with the envelope, upstream untouched', async (_name, path) => {
    for (const method of ['GET', 'POST'] as const) {
      const reply = await rawRequest(bff.url, { method, path, headers: { 'x-csrf': '1', lang: 'en-US' } });
      expect(reply.status).toBe(404);
      expect(JSON.parse(reply.text)).toEqual({ msgCode: 'A0100', msg: 'Not found' });
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses another method than the table names with 405', async () => {
    const reply = await rawRequest(bff.url, {
      method: 'DELETE',
      path: `${GW}/login/getUserInfo`,
      headers: { 'x-csrf': '1' },
    });
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('POST');
    expect(upstream.requests).toHaveLength(0);
  });

  it('forwards the allow-list file', async () => {
    upstream.respond((_req, res) => sendJson(res, 200, { redirectWhiteList: ['example.com'] }));
    const reply = await rawRequest(bff.url, {
      path: '/gw/uaa-be/static/redirect-white-list.json',
      headers: { 'x-csrf': '1' },
    });
    expect(reply.status).toBe(200);
    expect(paths()).toEqual(['/static/redirect-white-list.json']);
  });
});

describe('5. one normalization for every decision', () => {
  const cookie = 'uaa-token=tok-victim';

  it('sends a case variant of an open call without the bearer, in the table spelling', async () => {
    const reply = await rawRequest(bff.url, {
      method: 'POST',
      path: '/gw/uaa-be/API/v1/Internal//AUTH/',
      headers: { 'x-csrf': '1', cookie, 'content-type': 'application/json' },
      body: '{"clientId":"c"}',
    });
    expect(reply.status).toBe(200);
    expect(paths()).toEqual(['/api/v1/internal/auth']);
    expect(upstream.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('logs out on a case variant of logout: cookie cleared, Clear-Site-Data sent', async () => {
    const reply = await rawRequest(bff.url, {
      method: 'POST',
      path: '/gw/uaa-be/api/v1/LOGOUT/All/',
      headers: { 'x-csrf': '1', cookie },
    });
    expect(reply.status).toBe(200);
    expect(setCookiesFor(reply.headers).some(isClearing)).toBe(true);
    expect(reply.headers['clear-site-data']).toBe('"cookies"');
    expect(paths()).toEqual(['/api/v1/logout/all']);
  });

  it('applies the code limits to a spelling with other case, slashes and escapes', async () => {
    expect((await post(`${GW}/login/getSmsCode`, { phone: '13100131000' })).status).toBe(200);
    const variant = await post('/GW/UAA-BE//api/V1/login/getSms%43ode/', { phone: '13100131000' });
    expect(variant.status).toBe(429);
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('6 and 7. the session cookie', () => {
  it('takes two session cookies as no session: no bearer upstream, the planted copies cleared', async () => {
    const reply = await rawRequest(bff.url, {
      method: 'POST',
      path: `${GW}/login/getUserInfo`,
      headers: {
        'x-csrf': '1',
        host: 'sso.example.com',
        cookie: 'uaa-token=tok-planted; uaa-token=tok-victim',
      },
    });
    expect(reply.status).toBe(200);
    expect(upstream.requests[0]!.headers.authorization).toBeUndefined();
    const clears = setCookiesFor(reply.headers);
    expect(clears.every(isClearing)).toBe(true);
    // The copy a sibling subdomain planted for the parent domain and a narrower path.
    expect(clears.some((l) => /Domain=example\.com/i.test(l) && /Path=\/gw(;|$)/.test(l))).toBe(true);
    expect(clears.some((l) => /Path=\/(;|$)/.test(l) && !/Domain=/i.test(l))).toBe(true);
  });

  it.each([
    ['a path with a ; segment', `${GW}/login/;jsessionid=1`, 'sso.example.com', 400],
    ['a path with odd characters', `${GW}/login/getUserInfo%20x`, 'sso.example.com', 404],
    ['a host a Domain attribute cannot carry', `${GW}/login/getUserInfo`, 'sso_1.example.com', 200],
  ])('clears two session cookies on %s without a 500', async (_name, path, host, status) => {
    const reply = await rawRequest(bff.url, {
      method: 'POST',
      path,
      headers: { 'x-csrf': '1', host, cookie: 'uaa-token=a; uaa-token=b' },
    });
    expect(reply.status).toBe(status);
    expect(setCookiesFor(reply.headers).length).toBeGreaterThan(0);
    expect(setCookiesFor(reply.headers).every(isClearing)).toBe(true);
  });

  it('clears the planted copy on login too, before the new session cookie', async () => {
    upstream.respond((_req, res) => sendJson(res, 200, ok({ token: 'tok-new' })));
    const reply = await rawRequest(bff.url, {
      method: 'POST',
      path: `${GW}/login/byAccount`,
      headers: {
        'x-csrf': '1',
        'content-type': 'application/json',
        cookie: 'uaa-token=tok-planted; uaa-token=tok-old',
      },
      body: '{"account":"alice","password":"x"}',
    });
    const lines = setCookiesFor(reply.headers);
    const issued = lines.findIndex((l) => l.startsWith('uaa-token=tok-new'));
    expect(issued).toBeGreaterThan(0);
    expect(lines.slice(0, issued).some((l) => isClearing(l) && /Path=\/gw(;|$)/.test(l))).toBe(true);
  });

  it.each([
    ['a percent-encoded newline', 'uaa-token=abc%0Adef'],
    ['a percent-encoded NUL', 'uaa-token=%00'],
    ['a non-Latin-1 character', 'uaa-token=%E4%B8%AD'],
    ['a malformed escape', 'uaa-token=%E4%B8'],
  ])('takes %s as no session: never a 500', async (_name, cookie) => {
    const before = logLines.filter((l) => l.includes('"level":50')).length;
    const reply = await rawRequest(bff.url, {
      method: 'POST',
      path: `${GW}/login/getUserInfo`,
      headers: { 'x-csrf': '1', cookie },
    });
    expect(reply.status).toBe(200);
    expect(upstream.requests[0]!.headers.authorization).toBeUndefined();
    expect(logLines.filter((l) => l.includes('"level":50'))).toHaveLength(before);
    const session = await rawRequest(bff.url, { path: '/bff/session', headers: { cookie } });
    expect(JSON.parse(session.text)).toEqual({ authenticated: false });
  });
});

describe('8. what the BFF lets through and how long it waits', () => {
  it("drops the upstream's CORS grants", async () => {
    upstream.respond((_req, res) =>
      sendJson(res, 200, ok(), {
        'access-control-allow-origin': '*',
        'access-control-allow-credentials': 'true',
        'access-control-expose-headers': 'x-token',
      }),
    );
    const reply = await post(`${GW}/cipher/getPubKey`, {});
    expect(Object.keys(reply.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('gives a client 10 s for its headers and 30 s for its whole request, and checks every second', async () => {
    const { SERVER_TIMEOUTS } = await import('@bff/server');
    expect(SERVER_TIMEOUTS).toMatchObject({
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 65_000,
    });
    expect(SERVER_TIMEOUTS.connectionsCheckingInterval).toBeLessThanOrEqual(1000);
  });

  it('closes a client that trickles its headers once the (here shortened) headers timeout passes', async () => {
    const { createAppServer } = await import('@bff/server');
    const express = (await import('express')).default;
    const server = createAppServer(express(), {
      headersTimeout: 150,
      requestTimeout: 300,
      connectionsCheckingInterval: 25,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString()));
    // The trickle goes on until the close: a line written after the 408 may meet a reset (Node 24
    // answers it so), which ends the connection as surely as a FIN; the 408 is what counts.
    socket.on('error', () => undefined);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    const timer = setInterval(() => socket.write('X-Trickle: 1\r\n'), 20);
    await new Promise((resolve) => socket.on('close', resolve));
    clearInterval(timer);
    server.close();
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });
});
