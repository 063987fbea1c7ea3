/**
 * Nothing lost (issue 10): a registration, a key creation or a profile change whose reply is
 * lost — the connection drops before the UAA saw the call, or after it did its work — leaves
 * no half state. The browser gets the gateway's 502 envelope (the SPA shows its msg), and
 * the user's natural next step (retry, activate, log in, list, delete) gets them to a clean end.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import { encryptPassword } from '@shared/crypto';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { startLocalUaa, type TestLocalUaa } from '@tests/support/local-uaa';
import { startFaultUpstream, type FaultUpstream } from './fault-upstream';

const GW = '/gw/uaa-be/api/v1';
const PASSWORD = 'Lost12345x';
const DROPS = ['dropBefore', 'dropAfter'] as const;
type Drop = (typeof DROPS)[number];

let local: TestLocalUaa;
let faulty: FaultUpstream;
let bff: TestBff;
let seq = 0;

beforeAll(async () => {
  local = await startLocalUaa();
  // The real 6 s budget: these faults are dropped connections, so no call waits for it, and a
  // registration's password hashing on a loaded machine never turns into a 504.
  faulty = await startFaultUpstream(local.url, { budgetMs: 6000 });
  bff = await startBff({ upstream: faulty.url, upstreamTimeoutMs: 6000 });
});
afterAll(async () => {
  await bff.close();
  await faulty.close();
  await local.close();
});

/** A gateway call as the SPA makes it; `drop` makes the double lose this one reply. */
function gw(path: string, body: object, opts: { cookie?: string; drop?: Drop; captcha?: boolean } = {}) {
  const req = request(bff.url).post(`${GW}${path}`).set('X-CSRF', '1').set('lang', 'en-US');
  req.set('X-Request-Id', opts.drop ? `fault-${opts.drop}-${++seq}` : `ok-${++seq}`);
  if (opts.cookie) req.set('Cookie', opts.cookie);
  if (opts.captcha)
    req.set('captchaVerifyParam', LOCAL_CAPTCHA_PASS).set('sceneId', 'local').set('prefix', 'local');
  return req.send(body);
}

async function encrypted(scene: 'login' | 'register'): Promise<string> {
  const key = await gw('/cipher/getPubKey', {});
  return encryptPassword(key.body.data.pubKey as string, PASSWORD, scene);
}

function expectLost(reply: request.Response): void {
  expect(reply.status).toBe(502);
  expect(reply.body).toEqual({ msgCode: 'B0300', msg: 'Service temporarily unavailable' });
  expect(reply.headers['set-cookie']).toBeUndefined();
}

async function login(account: string): Promise<string> {
  const reply = await gw(
    '/login/byAccount',
    { account, password: await encrypted('login'), autoLogin: false },
    { captcha: true },
  );
  expect(reply.body.msgCode, reply.body.msg).toBe('10000');
  const line = (reply.headers['set-cookie'] as unknown as string[]).find((l) => l.startsWith('uaa-token='));
  return line!.split(';')[0]!;
}

function newPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

describe.each(DROPS)('a lost reply (%s)', (drop) => {
  it('to an e-mail registration: the retry says the address is registered, the mailed link activates, login works', async () => {
    const username = `lost-${drop}-${seq}`.replace(/[^a-z0-9-]/gi, '');
    const email = `${username}@example.com`;
    const register = async (d?: Drop) =>
      gw('/register/byEmail', { username, email, password: await encrypted('register') }, { drop: d });

    expectLost(await register(drop));
    const retry = await register();
    if (drop === 'dropBefore') {
      expect(retry.body.msgCode).toBe('10000');
    } else {
      // The first call did register: the retry says so, at once, rather than "too many requests".
      expect(retry.body).toEqual({ msgCode: 'A0203', msg: 'Mail address already registered' });
    }
    // Exactly one account and one activation mail, and the mail completes the registration.
    const mails = local.uaa.outbox.list().filter((m) => m.to === email && m.link);
    expect(mails).toHaveLength(1);
    const link = new URL(mails[0]!.link!);
    const active = await gw('/register/active', {
      sign: link.searchParams.get('sign'),
      token: link.searchParams.get('token'),
    });
    expect(active.body.msgCode).toBe('10000');
    await login(email);
  });

  it('to a phone registration: the retry says the phone exists, and the user can log in', async () => {
    const phone = newPhone();
    const username = `lostp${drop}${seq}`;
    expect((await gw('/register/getSmsCode', { phone })).body.msgCode).toBe('10000');
    const code = local.uaa.outbox.list().findLast((m) => m.to === phone)!.code!;
    const register = async (d?: Drop) =>
      gw('/register/byPhone', { username, phone, code, password: await encrypted('register') }, { drop: d });

    expectLost(await register(drop));
    const retry = await register();
    if (drop === 'dropBefore') expect(retry.body.msgCode).toBe('10000');
    else expect(retry.body.msgCode).toBe('A0209');
    await login(phone);
    expect(local.uaa.store.findUserByPhone(phone)?.username).toBe(username);
  });

  it('to a key creation: the key is listed with its secret, and the user can still create, close and delete', async () => {
    const phone = newPhone();
    const user = local.uaa.store.createUser({ phone, username: `keys${drop}${seq}` });
    const cookie = `uaa-token=${local.uaa.store.issueSession(user.ssoUid, { autoLogin: false }).token}`;

    expectLost(await gw('/open/credential/create', { description: 'ci' }, { cookie, drop }));
    const listed = async () =>
      (await gw('/open/credential/list', {}, { cookie })).body.data as { ak: string }[];
    const afterLoss = await listed();
    expect(afterLoss).toHaveLength(drop === 'dropAfter' ? 1 : 0);
    // A key made by the lost call is whole: its secret can be read.
    for (const key of afterLoss) {
      const secret = await gw('/open/credential/secret', { ak: key.ak }, { cookie });
      expect(secret.body.data.sk).toMatch(/\S{16,}/);
    }
    const retry = await gw('/open/credential/create', { description: 'ci' }, { cookie });
    expect(retry.body.msgCode).toBe('10000');
    expect(retry.body.data.ak).toBeTruthy();
    // Every key can be closed and deleted: nothing orphaned.
    for (const key of await listed()) {
      expect((await gw('/open/credential/revoke', { ak: key.ak, type: 1 }, { cookie })).body.msgCode).toBe(
        '10000',
      );
      expect((await gw('/open/credential/revoke', { ak: key.ak, type: 2 }, { cookie })).body.msgCode).toBe(
        '10000',
      );
    }
    expect(await listed()).toEqual([]);
  });

  it('to a profile change: retrying the same username and nickname succeeds, and the info shows them', async () => {
    const user = local.uaa.store.createUser({ phone: newPhone() });
    const cookie = `uaa-token=${local.uaa.store.issueSession(user.ssoUid, { autoLogin: false }).token}`;
    const change = { username: `prof${drop}${seq}`, nickname: 'Lost and found' };

    expectLost(await gw('/personal/info/update', change, { cookie, drop }));
    const retry = await gw('/personal/info/update', change, { cookie });
    expect(retry.body.msgCode, retry.body.msg).toBe('10000');
    const info = await gw('/login/getUserInfo', {}, { cookie });
    expect(info.body.data).toMatchObject(change);
    // A different name is still refused once one is set.
    const other = await gw('/personal/info/update', { username: `x${change.username}` }, { cookie });
    expect(other.body.msgCode).toBe('A0217');
  });
});
