/**
 * The production cookie end to end (DESIGN.md §5): with COOKIE_NAME=__Host-uaa-token the login
 * issues a cookie a browser accepts under that prefix (Secure, Path=/, no Domain, even in
 * development), and the session works with it: user info, /bff/session, the one-time-code
 * redirect, logout. And the optional one-time-code pinning (CLIENT_REDIRECTS_FILE): a pinned
 * clientId gets its code only on its own origins, though another host is allow-listed.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import { encryptPassword } from '@shared/crypto';
import { startBff, stubAllowlist, writeJsonFile, type TestBff } from '@tests/support/bff-harness';
import { cookieAttributes, issuedCookie, isClearing, setCookiesFor } from '@tests/support/http';
import { startLocalUaa, type TestLocalUaa } from '@tests/support/local-uaa';

const GW = '/gw/uaa-be/api/v1';
const NAME = '__Host-uaa-token';

let local: TestLocalUaa;
let bff: TestBff;

beforeAll(async () => {
  local = await startLocalUaa();
  bff = await startBff({
    upstream: local.url,
    upstreamTimeoutMs: 6000,
    allowlist: stubAllowlist(['localhost', 'app.example.com', 'other.example.com']),
    env: {
      COOKIE_NAME: NAME,
      APP_ENV: 'development',
      CLIENT_REDIRECTS_FILE: writeJsonFile('client-redirects.json', {
        'uaa-media': ['https://app.example.com'],
      }),
    },
  });
});
afterAll(async () => {
  await bff.close();
  await local.close();
});

const gw = (path: string, body: object, cookie?: string) => {
  const req = request(bff.url).post(`${GW}${path}`).set('X-CSRF', '1').set('lang', 'en-US');
  if (cookie) req.set('Cookie', cookie);
  return req.set({ captchaVerifyParam: LOCAL_CAPTCHA_PASS, sceneId: 'local', prefix: 'local' }).send(body);
};

async function login(): Promise<string> {
  const key = await gw('/cipher/getPubKey', {});
  const password = encryptPassword(key.body.data.pubKey as string, 'Admin12345', 'login');
  const reply = await gw('/login/byAccount', { account: 'admin', password, autoLogin: false });
  expect(reply.body.msgCode, reply.body.msg).toBe('10000');
  const line = issuedCookie(reply.headers, NAME);
  expect(line).toBeDefined();
  const attrs = cookieAttributes(line!);
  expect(attrs.has('secure')).toBe(true);
  expect(attrs.get('path')).toBe('/');
  expect(attrs.has('domain')).toBe(false);
  expect(attrs.has('httponly')).toBe(true);
  expect(JSON.stringify(reply.body)).not.toContain(line!.split(';')[0]!.slice(NAME.length + 1));
  return line!.split(';')[0]!;
}

describe('COOKIE_NAME=__Host-uaa-token', () => {
  it('carries a whole session: login, user info, /bff/session, the code redirect, logout', async () => {
    const cookie = await login();
    expect((await gw('/login/getUserInfo', {}, cookie)).body.data.username).toBe('admin');
    const session = await request(bff.url).get('/bff/session').set('Cookie', cookie);
    expect(session.body).toEqual({ authenticated: true });

    const auth = await request(bff.url)
      .get('/authentication')
      .query({ clientId: 'uaa-intern', redirect: 'http://localhost:3000/cb' })
      .set('Cookie', cookie);
    expect(auth.status).toBe(302);
    expect(new URL(auth.headers.location as string).searchParams.get('code')).toBeTruthy();

    const out = await gw('/logout/all', {}, cookie);
    const clears = setCookiesFor(out.headers, NAME);
    expect(clears.length).toBeGreaterThan(0);
    // A __Host- cookie can only be cleared by a line a browser accepts for it: Secure, Path=/.
    expect(clears.every((l) => isClearing(l) && cookieAttributes(l).has('secure'))).toBe(true);
  });

  it('refuses COOKIE_SECURE=false with it: such a cookie would never be stored', async () => {
    const { parseConfig } = await import('@bff/config');
    const result = parseConfig({ COOKIE_NAME: NAME, COOKIE_SECURE: 'false' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.join('\n')).toMatch(/COOKIE_SECURE.*__Host-uaa-token/);
  });
});

describe('CLIENT_REDIRECTS_FILE', () => {
  it("sends a pinned client's code only to its own origins", async () => {
    const cookie = await login();
    const to = (redirect: string) =>
      request(bff.url)
        .get('/authentication')
        .query({ clientId: 'uaa-media', redirect })
        .set('Cookie', cookie);
    const own = await to('https://app.example.com/cb');
    expect(own.status).toBe(302);
    expect(own.headers.location).toMatch(/^https:\/\/app\.example\.com\/cb\?code=/);
    // Allow-listed, but not this client's: refused with the redirect-failed page, no code issued.
    const other = await to('https://other.example.com/cb');
    expect(other.status).toBe(400);
    expect(other.headers.location).toBeUndefined();
    expect(other.text).not.toMatch(/code=/);
    // The pinned id spelled otherwise (a lenient upstream lookup may take it for the same client).
    for (const clientId of ['UAA-MEDIA', 'uaa-media ', ' uaa-media', 'uaa-media\t']) {
      const before = bff.securityLines.length;
      const variant = await request(bff.url)
        .get('/authentication')
        .query({ clientId, redirect: 'https://other.example.com/cb' })
        .set('Cookie', cookie);
      expect(variant.status, JSON.stringify(clientId)).toBe(400);
      expect(variant.headers.location).toBeUndefined();
      // Refused by the BFF, before any code was asked for.
      expect(
        bff
          .securityEvents()
          .slice(before)
          .map((e) => e.type),
      ).toEqual(['redirect_refused']);
    }
    // A client not in the file keeps the allow-list.
    const unpinned = await request(bff.url)
      .get('/authentication')
      .query({ clientId: 'uaa-intern', redirect: 'https://other.example.com/cb' })
      .set('Cookie', cookie);
    expect(unpinned.status).toBe(302);
  });

  it('refuses a file that lists a path instead of an origin, at start', async () => {
    const { parseConfig } = await import('@bff/config');
    const file = writeJsonFile('bad.json', { c: ['https://app.example.com/cb'] });
    const result = parseConfig({ CLIENT_REDIRECTS_FILE: file });
    expect(!result.ok && result.errors.join('\n')).toMatch(/CLIENT_REDIRECTS_FILE=.*must be an origin/);
  });

  it('refuses a file that names one clientId twice in different case, which the pins match as one', async () => {
    const { parseConfig } = await import('@bff/config');
    const file = writeJsonFile('twice.json', {
      c1: ['https://a.example.com'],
      C1: ['https://b.example.com'],
    });
    const result = parseConfig({ CLIENT_REDIRECTS_FILE: file });
    expect(!result.ok && result.errors.join('\n')).toMatch(/CLIENT_REDIRECTS_FILE=.*one clientId twice/);
  });
});
