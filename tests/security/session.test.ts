/**
 * Session fixation and token leakage, through the real BFF on the real local UAA.
 * - A cookie planted before login (a made-up value, or the attacker's own valid session) is
 *   replaced by the login; the planted value never becomes the victim's session, and the BFF
 *   adopts no token the browser offers (header, body, query).
 * - Token leakage: a whole journey (register by SMS, log in, read the user, one-time code, key,
 *   profile, log out) with every reply's headers and body and every BFF log line kept; the
 *   session token, the password (plain and encrypted), the SMS code and the one-time code appear
 *   only where they must (the Set-Cookie of the login, the Location of the code redirect).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import { encryptPassword } from '@shared/crypto';
import { createLogger } from '@bff/log';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { issuedCookie, isClearing, setCookiesFor } from '@tests/support/http';
import { startLocalUaa, type TestLocalUaa } from '@tests/support/local-uaa';

const GW = '/gw/uaa-be/api/v1';
const PASSWORD = 'Journey12345';

let local: TestLocalUaa;
let bff: TestBff;
const logLines: string[] = [];

beforeAll(async () => {
  local = await startLocalUaa();
  const logger = createLogger('trace', { write: (line: string) => void logLines.push(line) });
  bff = await startBff({
    upstream: local.url,
    logger,
    upstreamTimeoutMs: 6000,
  });
});
afterAll(async () => {
  await bff.close();
  await local.close();
});

interface Seen {
  what: string;
  status: number;
  headers: Record<string, unknown>;
  text: string;
}
const seen: Seen[] = [];

async function gw(what: string, path: string, body: object, headers: Record<string, string> = {}) {
  const reply = await request(bff.url)
    .post(`${GW}${path}`)
    .set('X-CSRF', '1')
    .set('lang', 'en-US')
    .set(headers)
    .send(body);
  seen.push({ what, status: reply.status, headers: reply.headers, text: reply.text });
  return reply;
}

async function encrypted(scene: 'login' | 'register', password = PASSWORD): Promise<string> {
  const key = await gw('pubKey', '/cipher/getPubKey', {});
  return encryptPassword(key.body.data.pubKey as string, password, scene);
}

async function login(account: string, cookie?: string, password = PASSWORD) {
  const headers: Record<string, string> = {
    captchaVerifyParam: LOCAL_CAPTCHA_PASS,
    sceneId: 'local',
    prefix: 'local',
  };
  if (cookie) headers.Cookie = cookie;
  const enc = await encrypted('login', password);
  const reply = await gw('login', '/login/byAccount', { account, password: enc, autoLogin: false }, headers);
  expect(reply.body.msgCode, reply.body.msg).toBe('10000');
  const line = issuedCookie(reply.headers);
  expect(line).toBeDefined();
  return {
    reply,
    cookie: line!.split(';')[0]!,
    token: line!.split(';')[0]!.slice('uaa-token='.length),
    encrypted: enc,
  };
}

function member(name: string) {
  return local.uaa.store.createUser({
    username: name,
    phone: `135${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  });
}

describe('session fixation', () => {
  it('replaces a planted made-up cookie on login, and the planted value is never a session', async () => {
    const planted = 'uaa-token=attacker-chosen-0123456789';
    const { reply, token } = await login('admin', planted, 'Admin12345');
    expect(token).not.toBe('attacker-chosen-0123456789');
    expect(setCookiesFor(reply.headers).some((l) => l.startsWith(`uaa-token=${token};`))).toBe(true);

    const withPlanted = await gw('info (planted)', '/login/getUserInfo', {}, { Cookie: planted });
    expect(withPlanted.status).toBe(401);
    // ...and the BFF clears it.
    expect(setCookiesFor(withPlanted.headers).some(isClearing)).toBe(true);
  });

  it("replaces a planted valid session of the attacker's with the victim's own", async () => {
    const attacker = member('attacker1');
    const victim = member('victim1');
    local.uaa.store.updateUser(victim.ssoUid, {
      passwordHash: local.uaa.store.findUserByUsername('admin')!.passwordHash,
    });
    const attackerToken = local.uaa.store.issueSession(attacker.ssoUid, { autoLogin: false }).token;

    const { token } = await login('victim1', `uaa-token=${attackerToken}`, 'Admin12345');
    expect(token).not.toBe(attackerToken);
    const me = await gw('info (victim)', '/login/getUserInfo', {}, { Cookie: `uaa-token=${token}` });
    expect(me.body.data.username).toBe('victim1');
  });

  it('adopts no token offered by the browser: Authorization header, body field or query', async () => {
    const attacker = member('attacker2');
    const attackerToken = local.uaa.store.issueSession(attacker.ssoUid, { autoLogin: false }).token;
    const byHeader = await gw(
      'info (bearer header)',
      '/login/getUserInfo',
      {},
      { Authorization: `Bearer ${attackerToken}` },
    );
    expect(byHeader.status).toBe(401);
    // A body field the call does not take never reaches the UAA.
    const byBody = await gw('info (body token)', '/login/getUserInfo', { token: attackerToken });
    expect(byBody.status).toBe(400);
    const byQuery = await request(bff.url).get(`/bff/session?token=${attackerToken}`);
    expect(byQuery.body).toEqual({ authenticated: false });
    for (const r of [byHeader, byBody]) expect(issuedCookie(r.headers)).toBeUndefined();
  });

  it('ends the session on logout: the old token replayed is refused', async () => {
    const { cookie } = await login('admin', undefined, 'Admin12345');
    const out = await gw('logout', '/logout/all', {}, { Cookie: cookie });
    expect(out.headers['clear-site-data']).toBe('"cookies"');
    const replay = await gw('info (replayed)', '/login/getUserInfo', {}, { Cookie: cookie });
    expect(replay.status).toBe(401);
  });

  it('issues a cookie a __Host- prefix would accept in production (Secure, Path=/, no Domain)', async () => {
    const prod = await startBff({
      upstream: local.url,
      env: {
        APP_ENV: 'production',
        UAA_UPSTREAM: 'http://127.0.0.1:1',
        RATE_LIMITS_FILE: '',
        COOKIE_NAME: '__Host-uaa-token',
        ALIYUN_CAPTCHA_PREFIX: 'pfx',
        ALIYUN_CAPTCHA_SCENE_ID: 'scene',
      },
      upstreamTimeoutMs: 6000,
    });
    try {
      const key = await request(prod.url).post(`${GW}/cipher/getPubKey`).set('X-CSRF', '1').send({});
      const reply = await request(prod.url)
        .post(`${GW}/login/byAccount`)
        .set('X-CSRF', '1')
        .set({ captchaVerifyParam: LOCAL_CAPTCHA_PASS, sceneId: 'local', prefix: 'local' })
        .send({
          account: 'admin',
          password: encryptPassword(key.body.data.pubKey, 'Admin12345', 'login'),
          autoLogin: false,
        });
      const line = issuedCookie(reply.headers, '__Host-uaa-token');
      expect(line).toMatch(/; Path=\/(;|$)/);
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; HttpOnly/);
      expect(line).not.toMatch(/Domain=/i);
    } finally {
      await prod.close();
    }
  });
});

describe('token leakage over a whole journey', () => {
  it('shows each secret only where it must be, and never in the log', { timeout: 30_000 }, async () => {
    seen.length = 0;
    logLines.length = 0;
    const phone = '13912345678';
    const username = 'leakcheck';
    const smsReply = await gw('sms', '/register/getSmsCode', { phone });
    expect(smsReply.body.msgCode).toBe('10000');
    const smsCode = local.uaa.outbox.list().findLast((m) => m.to === phone)!.code!;
    const registerPassword = await encrypted('register');
    const reg = await gw('register', '/register/byPhone', {
      username,
      phone,
      code: smsCode,
      password: registerPassword,
    });
    expect(reg.body.msgCode, reg.body.msg).toBe('10000');

    const { token, cookie, encrypted: loginPassword, reply: loginReply } = await login(phone);
    const me = await gw('info', '/login/getUserInfo', {}, { Cookie: cookie });
    expect(me.body.data.username).toBe(username);
    const session = await request(bff.url).get('/bff/session').set('Cookie', cookie);
    seen.push({ what: 'session', status: session.status, headers: session.headers, text: session.text });
    const auth = await request(bff.url)
      .get('/authentication')
      .query({ clientId: 'uaa-media', redirect: 'http://localhost:3000/cb', state: 's' })
      .set('Cookie', cookie);
    seen.push({ what: 'authentication', status: auth.status, headers: auth.headers, text: auth.text });
    const oneTimeCode = new URL(auth.headers.location as string).searchParams.get('code')!;
    expect(oneTimeCode).toBeTruthy();
    expect(
      (await gw('key', '/open/credential/create', { description: 'k' }, { Cookie: cookie })).body.msgCode,
    ).toBe('10000');
    expect(
      (await gw('profile', '/personal/info/update', { nickname: 'Leaky' }, { Cookie: cookie })).body.msgCode,
    ).toBe('10000');
    expect((await gw('logout', '/logout/all', {}, { Cookie: cookie })).status).toBe(200);

    const secrets: Record<string, string> = {
      token,
      'plain password': PASSWORD,
      'encrypted register password': registerPassword,
      'encrypted login password': loginPassword,
      'SMS code': smsCode,
      'one-time code': oneTimeCode,
    };
    // Where a secret must appear: the login's Set-Cookie carries the token, the code redirect's Location the code.
    const allowed = (s: Seen, header: string, secret: string) =>
      (secret === token && s.what === 'login' && header === 'set-cookie') ||
      (secret === oneTimeCode && s.what === 'authentication' && header === 'location');
    const leaks: string[] = [];
    for (const s of seen) {
      for (const [name, secret] of Object.entries(secrets)) {
        if (s.text.includes(secret)) leaks.push(`${name} in the body of ${s.what}`);
        for (const [header, value] of Object.entries(s.headers)) {
          if (String(value).includes(secret) && !allowed(s, header, secret))
            leaks.push(`${name} in ${header} of ${s.what}`);
        }
      }
    }
    for (const line of logLines) {
      for (const [name, secret] of Object.entries(secrets))
        if (line.includes(secret)) leaks.push(`${name} in the log: ${line.slice(0, 200)}`);
    }
    expect(leaks).toEqual([]);
    // The journey was seen and logged (the search above had something to search).
    expect(seen.length).toBeGreaterThanOrEqual(11);
    expect(String(seen.find((x) => x.what === 'login')?.headers['set-cookie'])).toContain(token);
    expect(loginReply.text).toContain('10000');
    expect(logLines.some((l) => l.includes('login/byAccount'))).toBe(true);
    expect(logLines.some((l) => l.includes('/authentication'))).toBe(true);
    console.info(
      `token-leakage suite: ${seen.length} replies and ${logLines.length} log lines searched for ${Object.keys(secrets).length} secrets, 0 found`,
    );
  });
});
