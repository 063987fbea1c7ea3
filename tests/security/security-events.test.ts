/**
 * Security events (issue 26), one family at a time, through the real BFF on the real local UAA:
 * each flow finds exactly the events it should, with their fields, and the whole stream holds no
 * token, password, code, secret key, or phone or e-mail in clear.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import { encryptPassword } from '@shared/crypto';
import type { SecurityEvent } from '@bff/security-events/events';
import { startBff, writeRulesFile, type TestBff } from '@tests/support/bff-harness';
import { issuedCookie } from '@tests/support/http';
import { startLocalUaa, type TestLocalUaa } from '@tests/support/local-uaa';

const GW = '/gw/uaa-be/api/v1';
const ADMIN_PASSWORD = 'Admin12345';
const CAPTCHA = { captchaVerifyParam: LOCAL_CAPTCHA_PASS, sceneId: 'local', prefix: 'local' };

let local: TestLocalUaa;
let bff: TestBff;
/** Everything secret the flows handled: none may appear in any event. */
const secrets = new Set<string>();
let clientIp = 0;
let ip = '';

beforeAll(async () => {
  local = await startLocalUaa();
  // Roomy limits, one small rule to provoke a refusal.
  const rules = writeRulesFile([
    {
      name: 'code-per-target-minute',
      match: [`/gw/uaa-be/api/v1/login/getSmsCode`],
      key: 'identifier',
      limit: 1,
      windowS: 60,
      count: 'successes',
    },
  ]);
  bff = await startBff({ upstream: local.url, env: { RATE_LIMITS_FILE: rules }, upstreamTimeoutMs: 6000 });
});
afterAll(async () => {
  await bff.close();
  await local.close();
});
beforeEach(() => {
  clientIp += 1;
  ip = `198.18.0.${clientIp}`;
});

const gw = (path: string, body: object, headers: Record<string, string> = {}) =>
  request(bff.url)
    .post(`${GW}${path}`)
    .set('X-CSRF', '1')
    .set('X-Forwarded-For', ip)
    .set('User-Agent', 'events-test/1.0')
    .set(headers)
    .send(body);

/** The events a flow wrote: those written while `flow` ran. */
async function eventsOf(flow: () => Promise<unknown>): Promise<SecurityEvent[]> {
  const before = bff.securityLines.length;
  await flow();
  return bff.securityEvents().slice(before);
}

async function passwordLogin(account: string, password: string, headers: Record<string, string> = {}) {
  const key = await gw('/cipher/getPubKey', {});
  const encrypted = encryptPassword(key.body.data.pubKey as string, password, 'login');
  secrets.add(password).add(encrypted);
  const reply = await gw(
    '/login/byAccount',
    { account, password: encrypted, autoLogin: false },
    { ...CAPTCHA, ...headers },
  );
  const line = issuedCookie(reply.headers);
  const cookie = line?.split(';')[0];
  if (cookie) secrets.add(cookie.slice('uaa-token='.length));
  return { reply, cookie: cookie ?? '' };
}

function member(username: string) {
  const phone = `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const user = local.uaa.store.createUser({ username, phone });
  local.uaa.store.updateUser(user.ssoUid, {
    passwordHash: local.uaa.store.findUserByUsername('admin')!.passwordHash,
  });
  return { ...user, phone };
}

/** Every event carries when, the request, where from and the schema's version. */
function expectEnvelope(event: SecurityEvent) {
  expect(event).toMatchObject({ v: 3, log: 'security', ip, userAgent: 'events-test/1.0' });
  expect(typeof event.time).toBe('string');
  expect(Number.isNaN(Date.parse(event.time as string))).toBe(false);
  expect(typeof event.requestId).toBe('string');
}

describe('logins', () => {
  it('a password login: success with the actor and a session, a failure with the UAA code', async () => {
    const user = member(`evlogin${clientIp}`);
    const [ok] = await eventsOf(() => passwordLogin(user.username!, ADMIN_PASSWORD));
    expectEnvelope(ok!);
    expect(ok).toMatchObject({ type: 'login', action: 'password', outcome: 'success', actor: user.ssoUid });
    expect(ok!.session).toMatch(/^[\w-]{32}$/);
    expect(ok!.target).toEqual({ masked: 'e***', hash: expect.stringMatching(/^[\w-]{32}$/) });

    const [failed] = await eventsOf(() => passwordLogin(user.username!, 'Wrong12345'));
    expect(failed).toMatchObject({ type: 'login', action: 'password', outcome: 'failure', code: 'A0207' });
    expect(failed!.actor).toBeUndefined();
    // One target, one hash: the two events join.
    expect(failed!.target).toEqual(ok!.target);
  });

  it('an SMS login and its code send: the phone masked, the widget marked', async () => {
    const user = member(`evsms${clientIp}`);
    const sent = await eventsOf(() => gw('/login/getSmsCode', { phone: user.phone }, CAPTCHA));
    expect(sent).toEqual([
      expect.objectContaining({
        type: 'code_send',
        action: 'sms',
        outcome: 'success',
        flow: 'login',
        target: { masked: `${user.phone.slice(0, 3)}****${user.phone.slice(-4)}`, hash: expect.any(String) },
      }),
    ]);
    const code = local.uaa.outbox.list().findLast((m) => m.to === user.phone)!.code!;
    secrets.add(code);
    const [login] = await eventsOf(() =>
      gw(
        '/login/byPhone',
        { phone: user.phone, code, clientId: 'uaa-media' },
        { 'x-request-source': 'iframe' },
      ),
    );
    expect(login).toMatchObject({
      type: 'login',
      action: 'sms',
      outcome: 'success',
      actor: user.ssoUid,
      clientId: 'uaa-media',
      embedded: true,
    });
    expect(login!.target).toEqual(sent[0]!.target);
  });

  it('a code send refused by a rule: the rule, and a rate-limit event', async () => {
    const user = member(`evrule${clientIp}`);
    await gw('/login/getSmsCode', { phone: user.phone }, CAPTCHA);
    const refused = await eventsOf(() => gw('/login/getSmsCode', { phone: user.phone }, CAPTCHA));
    expect(refused).toEqual([
      expect.objectContaining({
        type: 'rate_limited',
        action: 'limit',
        outcome: 'failure',
        code: 'A0301',
        rule: 'code-per-target-minute',
      }),
      expect.objectContaining({
        type: 'code_send',
        outcome: 'failure',
        code: 'A0301',
        refusedBy: 'code-per-target-minute',
      }),
    ]);
  });
});

describe('one-time codes, redirects and sessions', () => {
  it('a code issued, a code refused, a redirect refused; a logout and a refused cookie end sessions', async () => {
    const user = member(`evcode${clientIp}`);
    const { cookie } = await passwordLogin(user.username!, ADMIN_PASSWORD);
    const session = bff.securityEvents().at(-1)!.session;
    const go = (query: Record<string, string>) =>
      request(bff.url)
        .get('/authentication')
        .query(query)
        .set('Cookie', cookie)
        .set('X-Forwarded-For', ip)
        .set('User-Agent', 'events-test/1.0');

    const [issued] = await eventsOf(async () => {
      const reply = await go({ clientId: 'uaa-media', redirect: 'http://localhost:3000/cb', state: 's' });
      secrets.add(new URL(reply.headers.location as string).searchParams.get('code') ?? '');
    });
    expectEnvelope(issued!);
    expect(issued).toMatchObject({
      type: 'one_time_code',
      outcome: 'success',
      actor: user.ssoUid,
      session,
      clientId: 'uaa-media',
      redirectHost: 'localhost',
    });

    const [unknown] = await eventsOf(() =>
      go({ clientId: 'no-such-client', redirect: 'http://localhost:3000/cb' }),
    );
    expect(unknown).toMatchObject({ type: 'one_time_code', outcome: 'failure', clientId: 'no-such-client' });
    expect(unknown!.code).toEqual(expect.any(String));

    const [refused] = await eventsOf(() =>
      go({ clientId: 'uaa-media', redirect: 'https://evil.example/steal?x=1' }),
    );
    expect(refused).toMatchObject({
      type: 'redirect_refused',
      redirectHost: 'evil.example',
      clientId: 'uaa-media',
      reason: 'not-allowed',
      via: 'authentication',
    });
    expect(JSON.stringify(refused)).not.toContain('steal');

    const [logout] = await eventsOf(() => gw('/logout/all', {}, { Cookie: cookie }));
    expect(logout).toMatchObject({
      type: 'session_end',
      action: 'logout',
      outcome: 'success',
      session,
      actor: user.ssoUid,
    });

    const [expired, ...rest] = await eventsOf(() => gw('/login/getUserInfo', {}, { Cookie: cookie }));
    expect(rest).toEqual([]);
    expect(expired).toMatchObject({ type: 'session_end', action: 'expired', session });

    const [planted] = await eventsOf(() =>
      request(bff.url)
        .get('/usercenter')
        .set('Cookie', 'uaa-token=a; uaa-token=b')
        .set('X-Forwarded-For', ip),
    );
    expect(planted).toMatchObject({ type: 'session_end', action: 'refused-cookie', reason: 'duplicate' });
  });
});

describe('back-office writes', () => {
  it('platforms and internal users: who did what to which ids, never a secret or a password', async () => {
    const { cookie } = await passwordLogin('admin', ADMIN_PASSWORD);
    const admin = local.uaa.store.findUserByUsername('admin')!.ssoUid;
    const as = { Cookie: cookie };
    // The SPA reads the user on every page: the BFF learns whose session it is.
    await gw('/login/getUserInfo', {}, as);

    let platformId = '';
    const [added] = await eventsOf(async () => {
      const reply = await gw(
        '/mgmt/platforms/add',
        { displayName: 'Events', logoutUrl: 'https://events.example.com/out' },
        as,
      );
      const data = reply.body.data as { id: string; clientSecret?: string };
      platformId = data.id;
      if (data.clientSecret) secrets.add(data.clientSecret);
    });
    expect(added).toMatchObject({
      type: 'admin_write',
      action: 'platform.add',
      outcome: 'success',
      actor: admin,
      ids: [platformId],
      fields: ['displayName', 'logoutUrl'],
    });
    const writes = await eventsOf(async () => {
      const detail = await gw('/mgmt/platforms/detail', { id: platformId }, as);
      secrets.add(detail.body.data.clientSecret as string);
      await gw('/mgmt/platforms/update', { id: platformId, description: 'x' }, as);
      const reset = await gw('/mgmt/platforms/reset', { ids: [platformId] }, as);
      const secret = JSON.stringify(reset.body.data).match(/"clientSecret":"([^"]+)"/)?.[1];
      if (secret) secrets.add(secret);
      await gw('/mgmt/platforms/delete', { ids: [platformId] }, as);
    });
    expect(writes.map((e) => [e.action, e.outcome, e.ids, e.actor])).toEqual([
      ['platform.secret-shown', 'success', [platformId], admin],
      ['platform.update', 'success', [platformId], admin],
      ['platform.secret-reset', 'success', [platformId], admin],
      ['platform.delete', 'success', [platformId], admin],
    ]);

    const email = `evuser${clientIp}@example.com`;
    const key = await gw('/cipher/getPubKey', {});
    const password = encryptPassword(key.body.data.pubKey as string, 'Userpass123', 'register');
    secrets.add(password).add('Userpass123');
    let created = '';
    const [create] = await eventsOf(async () => {
      const reply = await gw(
        '/user/admin/internal/create',
        { email, password, source: 'default', status: 'ACTIVE', roleIds: [] },
        as,
      );
      created = JSON.stringify(reply.body.data).match(/"ssoUid":"([^"]+)"/)?.[1] ?? '';
    });
    expect(create).toMatchObject({
      type: 'admin_write',
      action: 'user.create',
      outcome: 'success',
      actor: admin,
      target: { masked: `e***@example.com` },
      status: 'ACTIVE',
    });
    expect(create!.fields).not.toContain('password');
    const more = await eventsOf(async () => {
      await gw('/user/admin/internal/update', { ssoUid: created, status: 'DISABLED', roleIds: [1] }, as);
      await gw('/user/admin/internal/delete', { ssoUids: [created] }, as);
    });
    expect(more).toEqual([
      expect.objectContaining({
        action: 'user.update',
        ids: [created],
        status: 'DISABLED',
        roleIds: [1],
        fields: ['roleIds', 'status'],
      }),
      expect.objectContaining({ action: 'user.delete', ids: [created] }),
    ]);
  });
});

describe('account changes', () => {
  it('access keys and the nickname: each change, with its key id, never the secret key', async () => {
    const user = member(`evkeys${clientIp}`);
    const { cookie } = await passwordLogin(user.username!, ADMIN_PASSWORD);
    const as = { Cookie: cookie };
    let ak = '';
    const events = await eventsOf(async () => {
      const created = await gw('/open/credential/create', { description: 'k' }, as);
      ak = created.body.data.ak as string;
      secrets.add(created.body.data.sk as string);
      const shown = await gw('/open/credential/secret', { ak }, as);
      secrets.add(shown.body.data.sk as string);
      await gw('/open/credential/disable', { ak }, as);
      await gw('/open/credential/enable', { ak }, as);
      // Spec §7: type 1 (or 0) disables a key, type 2 deletes a disabled one.
      await gw('/open/credential/revoke', { ak, type: 1 }, as);
      await gw('/open/credential/revoke', { ak, type: 2 }, as);
      await gw('/personal/info/update', { nickname: 'Eve' }, as);
    });
    expect(events.map((e) => [e.type, e.action, e.outcome, e.accessKeyId, e.actor])).toEqual([
      ['account_change', 'key.create', 'success', ak, user.ssoUid],
      ['account_change', 'key.secret-shown', 'success', ak, user.ssoUid],
      ['account_change', 'key.disable', 'success', ak, user.ssoUid],
      ['account_change', 'key.enable', 'success', ak, user.ssoUid],
      ['account_change', 'key.disable', 'success', ak, user.ssoUid],
      ['account_change', 'key.delete', 'success', ak, user.ssoUid],
      ['account_change', 'nickname.set', 'success', undefined, user.ssoUid],
    ]);
  });

  it('a password reset by e-mail: the code send and the reset, the address masked', async () => {
    const email = `evreset${clientIp}@example.com`;
    const user = local.uaa.store.createUser({ username: `evreset${clientIp}`, email });
    const events = await eventsOf(async () => {
      await gw('/user/management/password/forget', { type: 'email', item: email });
      const code = local.uaa.outbox.list().findLast((m) => m.to === email)!.code!;
      secrets.add(code);
      const key = await gw('/cipher/getPubKey', {});
      const password = encryptPassword(key.body.data.pubKey as string, 'Newpass123', 'resetPassword');
      secrets.add(password).add('Newpass123');
      await gw('/user/management/password/reset', { type: 'email', item: email, code, password });
    });
    expect(events).toEqual([
      expect.objectContaining({
        type: 'code_send',
        action: 'email',
        flow: 'reset-password',
        outcome: 'success',
      }),
      expect.objectContaining({ type: 'account_change', action: 'password.reset', outcome: 'success' }),
    ]);
    expect(events[0]!.target).toEqual({ masked: 'e***@example.com', hash: expect.any(String) });
    expect(events[1]!.target).toEqual(events[0]!.target);
    expect(user.ssoUid).toBeTruthy();
  });
});

describe('refused bodies', () => {
  it('a body the contract refuses: the refusal, nothing of what the body held', async () => {
    const { cookie } = await passwordLogin('admin', ADMIN_PASSWORD);
    const as = { Cookie: cookie };
    const held = ['654321', '110101199003077777', '13912345678', 'AdminPw!1', 'Leak1'];
    for (const value of held) secrets.add(value);
    const events = await eventsOf(async () => {
      await gw('/login/bind', { oauthFrom: { smsCode: '654321', phone: '13912345678' } }, as);
      await gw('/login/oauth', { oauthFrom: 'password', code: '654321' }, as);
      await gw('/personal/mobile/bind', { function: { code: '654321', idCard: held[1] } }, as);
      await gw('/user/admin/internal/update', { ssoUid: 'u', status: { password: 'AdminPw!1' } }, as);
      await gw('/user/admin/internal/update', { ssoUid: 'u', 'password=Leak1': 1 }, as);
    });
    expect(events.map((e) => [e.type, e.action, e.outcome, e.code])).toEqual([
      ['account_change', 'third-party.bind', 'failure', 'A0100'],
      ['login', 'oauth', 'failure', 'A0100'],
      ['account_change', 'phone.bind', 'failure', 'A0100'],
      ['admin_write', 'user.update', 'failure', 'A0100'],
      ['admin_write', 'user.update', 'failure', 'A0100'],
    ]);
    const text = JSON.stringify(events);
    expect(held.filter((value) => text.includes(value))).toEqual([]);
  });
});

describe('the whole stream', () => {
  it('holds no token, password, code or secret key, and no phone or e-mail in clear', () => {
    const stream = bff.securityLines.join('\n');
    expect(bff.securityLines.length).toBeGreaterThan(20);
    expect(secrets.size).toBeGreaterThan(10);
    const leaks = [...secrets].filter((secret) => secret.length >= 4 && stream.includes(secret));
    expect(leaks).toEqual([]);
    expect(stream.match(/(?<!\w)1[3-9]\d{9}(?!\w)/g) ?? []).toEqual([]);
    expect(stream.match(/[\w.+-]+@[\w-]+\.[\w.]+/g)?.filter((m) => !/^\w\*\*\*@/.test(m)) ?? []).toEqual([]);
    for (const line of bff.securityLines) {
      const event = JSON.parse(line) as Record<string, unknown>;
      for (const field of ['password', 'token', 'sk', 'clientSecret', 'code', 'phone', 'email'])
        if (field !== 'code') expect(event[field], `${field} in ${line}`).toBeUndefined();
    }
  });
});
