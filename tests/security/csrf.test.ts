/**
 * CSRF attempts against the gateway (DESIGN.md §5): a missing or wrong X-CSRF header, cross-site
 * fetch metadata, a foreign or opaque Origin, and the "simple" content types a cross-site form
 * can send. Each is refused before the upstream is called, on every kind of gateway path.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';

const PATHS = [
  '/gw/uaa-be/api/v1/login/byAccount',
  '/gw/uaa-be/api/v1/personal/info/update',
  '/gw/uaa-be/api/v1/open/credential/create',
  '/gw/uaa-be/api/v1/logout/all',
  '/gw/uaa-be/api/v1/user/admin/internal/delete',
  '/gw/upload/api/v1/uploadFile',
];
const COOKIE = 'uaa-token=victim-session';

let upstream: UpstreamDouble;
let bff: TestBff;
let tried = 0;
beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff({ upstream: upstream.url });
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
  console.info(`csrf suite: ${tried} forged requests, all refused before the upstream`);
});
beforeEach(() => upstream.reset());

type Attempt = {
  name: string;
  headers: Record<string, string>;
  body?: string;
  type?: string;
  status: number;
};

const own = () => new URL(bff.url).origin;
const attempts = (): Attempt[] => [
  { name: 'no X-CSRF header', headers: {}, status: 403 },
  { name: 'X-CSRF: 0', headers: { 'X-CSRF': '0' }, status: 403 },
  { name: 'X-CSRF: true', headers: { 'X-CSRF': 'true' }, status: 403 },
  { name: 'X-CSRF empty', headers: { 'X-CSRF': '' }, status: 403 },
  {
    name: 'cross-site fetch metadata',
    headers: { 'X-CSRF': '1', 'Sec-Fetch-Site': 'cross-site' },
    status: 403,
  },
  { name: 'a foreign Origin', headers: { 'X-CSRF': '1', Origin: 'https://evil.example' }, status: 403 },
  {
    name: 'an opaque Origin (sandboxed frame, data: URL)',
    headers: { 'X-CSRF': '1', Origin: 'null' },
    status: 403,
  },
  {
    name: 'our host on another scheme',
    headers: { 'X-CSRF': '1', Origin: own().replace('http:', 'https:') },
    status: 403,
  },
  {
    name: 'our host on another port',
    headers: { 'X-CSRF': '1', Origin: own().replace(/:\d+$/, ':1') },
    status: 403,
  },
  { name: 'a look-alike Origin', headers: { 'X-CSRF': '1', Origin: `${own()}.evil.example` }, status: 403 },
  // What an HTML form or a no-cors fetch can send without a preflight: no custom header.
  { name: 'a text/plain form', headers: {}, type: 'text/plain', body: '{"account":"x"}', status: 403 },
  {
    name: 'a urlencoded form',
    headers: {},
    type: 'application/x-www-form-urlencoded',
    body: 'account=x',
    status: 403,
  },
  {
    name: 'a multipart form',
    headers: {},
    type: 'multipart/form-data; boundary=b',
    body: '--b--\r\n',
    status: 403,
  },
  // Even with the header (a same-site attacker cannot add it cross-site, but belt and braces):
  {
    name: 'text/plain JSON with the header',
    headers: { 'X-CSRF': '1' },
    type: 'text/plain',
    body: '{"a":1}',
    status: 415,
  },
  {
    name: 'a urlencoded body with the header',
    headers: { 'X-CSRF': '1' },
    type: 'application/x-www-form-urlencoded',
    body: 'a=1',
    status: 415,
  },
];

describe('forged requests never reach the upstream', () => {
  it.each(PATHS)('%s refuses every forgery', async (path) => {
    for (const attempt of attempts()) {
      // multipart is the upload endpoint's own type: there only the header and origin checks count.
      if (path.startsWith('/gw/upload') && attempt.status === 415) continue;
      tried++;
      const req = request(bff.url).post(path).set('Cookie', COOKIE).set('lang', 'en-US').set(attempt.headers);
      if (attempt.type) req.set('Content-Type', attempt.type);
      const reply = await req.send(attempt.body ?? '');
      expect(reply.status, `${attempt.name} on ${path}`).toBe(attempt.status);
      expect(reply.body.msgCode).toMatch(/^A0(201|100)$/);
      expect(reply.headers['access-control-allow-origin']).toBeUndefined();
      expect(reply.headers['set-cookie']).toBeUndefined();
    }
    expect(upstream.requests).toEqual([]);
  });

  it('refuses a read without the header too (no JSON hijacking), and answers no CORS preflight', async () => {
    tried += 2;
    const read = await request(bff.url).get('/gw/uaa-be/api/v1/login/getLocationInfo').set('Cookie', COOKIE);
    expect(read.status).toBe(403);
    const preflight = await request(bff.url)
      .options('/gw/uaa-be/api/v1/login/getUserInfo')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'x-csrf, content-type');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
    expect(upstream.requests).toEqual([]);
  });

  it('passes the genuine same-origin call (the guards are not a closed door)', async () => {
    const reply = await request(bff.url)
      .post('/gw/uaa-be/api/v1/personal/info/update')
      .set('Cookie', COOKIE)
      .set('X-CSRF', '1')
      .set('Origin', own())
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ nickname: 'n' });
    expect(reply.status).toBe(200);
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]!.headers.authorization).toBe('Bearer victim-session');
  });
});
