/**
 * One sign-in journey through the real BFF against the real local UAA (over HTTP, as in
 * production): log in, read the user with only the cookie, get a one-time code for a
 * sub-platform. The BFF's log of the whole run must hold none of the secrets it handled.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWLIST_JSON_PATH } from '@shared/contract/endpoints';
import { LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import { encryptPassword } from '@shared/crypto';
import { createLogger } from './log';
import { createAllowlist, type AllowlistSource } from './redirect/allowlist';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { issuedCookie } from '@tests/support/http';
import { startLocalUaa, type TestLocalUaa } from '@tests/support/local-uaa';

const GW = '/gw/uaa-be/api/v1';
const PASSWORD = 'Admin12345';
const REDIRECT = 'http://localhost:3000/cb';

let local: TestLocalUaa;
let allowlist: AllowlistSource;
let bff: TestBff;
const logLines: string[] = [];

beforeAll(async () => {
  local = await startLocalUaa();
  const upstream = local.url;
  const logger = createLogger('trace', { write: (line: string) => void logLines.push(line) });
  allowlist = createAllowlist({ url: `${upstream}${ALLOWLIST_JSON_PATH}`, ttlS: 300, extra: [], logger });
  await allowlist.refresh();
  bff = await startBff({ upstream, allowlist, logger, upstreamTimeoutMs: 6000 });
});
afterAll(async () => {
  allowlist.stop();
  await bff.close();
  await local.close();
});

describe('sign-in journey against the local UAA', () => {
  const secrets: Record<string, string> = { 'the plain password': PASSWORD };

  it('logs in, reads the user with only the cookie, and gets a one-time code', async () => {
    const http = request(bff.url);
    expect(allowlist.loaded()).toBe(true);

    const pubKey = await http.post(`${GW}/cipher/getPubKey`).set('X-CSRF', '1').send({});
    expect(pubKey.body.msgCode).toBe('10000');
    const encrypted = encryptPassword(pubKey.body.data.pubKey as string, PASSWORD, 'login');
    secrets['the encrypted password'] = encrypted;

    const login = await http
      .post(`${GW}/login/byAccount`)
      .set('X-CSRF', '1')
      .set('captchaVerifyParam', LOCAL_CAPTCHA_PASS)
      .set('sceneId', 'local')
      .set('prefix', 'local')
      .send({ account: 'admin', password: encrypted, autoLogin: false });
    expect(login.body.msgCode).toBe('10000');
    expect(login.body.data.token).toBeUndefined();
    const cookieLine = issuedCookie(login.headers);
    expect(cookieLine).toBeDefined();
    const cookie = cookieLine!.split(';')[0]!;
    const token = cookie.slice('uaa-token='.length);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(login.text).not.toContain(token);
    secrets['the token'] = token;
    secrets['the cookie header'] = cookie;

    const me = await http.post(`${GW}/login/getUserInfo`).set('X-CSRF', '1').set('Cookie', cookie).send({});
    expect(me.body.msgCode).toBe('10000');
    expect(JSON.stringify(me.body)).toContain('admin');
    expect(me.text).not.toContain(token);

    const session = await http.get('/bff/session').set('Cookie', cookie);
    expect(session.body).toEqual({ authenticated: true });

    const auth = await http
      .get('/authentication')
      .query({ clientId: 'uaa-media', redirect: REDIRECT, state: 'xyz' })
      .set('Cookie', cookie);
    expect(auth.status).toBe(302);
    const location = new URL(auth.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('xyz');
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();
    secrets['the one-time code'] = code!;
  });

  it('wrote a log of the run that holds none of its secrets', () => {
    // The journey above must have run and been logged.
    expect(Object.keys(secrets)).toHaveLength(5);
    expect(logLines.some((line) => line.includes('/authentication'))).toBe(true);
    expect(logLines.some((line) => line.includes('login/byAccount'))).toBe(true);
    for (const [what, secret] of Object.entries(secrets)) {
      const leaks = logLines.filter((line) => line.includes(secret));
      expect(leaks, `${what} appears in the log`).toEqual([]);
    }
  });
});
