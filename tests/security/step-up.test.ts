/**
 * A step-up passed in one session serves no other (issue 41): session A proves the account's
 * current phone with a code; session B of the same account, which never saw a code, cannot then
 * change the password, send the new phone's code or bind it, whatever the UAA remembers of A's
 * pass (the local UAA keeps it per account, as the real one may). Through the real BFF on the
 * real local UAA.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '@shared/crypto';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { startLocalUaa, type TestLocalUaa } from '@tests/support/local-uaa';

const GW = '/gw/uaa-be';

let local: TestLocalUaa;
let bff: TestBff;

beforeAll(async () => {
  local = await startLocalUaa();
  bff = await startBff({ upstream: local.url, upstreamTimeoutMs: 6000 });
});
afterAll(async () => {
  await bff.close();
  await local.close();
});

/** A member with a phone and a password, and two sessions of theirs (two browsers). */
function member(phone: string) {
  const { store } = local.uaa;
  const user = store.createUser({ phone, username: `u${phone}` });
  const session = () => `uaa-token=${store.issueSession(user.ssoUid, { autoLogin: false }).token}`;
  return { user, a: session(), b: session() };
}

/** A browser: its session cookie and the cookies the BFF gave it since. */
function browser(sessionCookie: string) {
  const jar = new Map<string, string>([[sessionCookie.split('=')[0]!, sessionCookie]]);
  const call = async (endpoint: { path: string }, body: object) => {
    const reply = await request(bff.url)
      .post(`${GW}${endpoint.path}`)
      .set('X-CSRF', '1')
      .set('lang', 'en-US')
      .set('Cookie', [...jar.values()].join('; '))
      .send(body);
    for (const line of [reply.headers['set-cookie'] ?? []].flat() as string[]) {
      const pair = line.split(';')[0]!;
      const name = pair.split('=')[0]!;
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, pair);
    }
    return reply;
  };
  return { jar, call };
}

const codeTo = (to: string) => local.uaa.outbox.list().findLast((m) => m.to === to && m.code)?.code ?? '';

async function passFirstStep(tab: ReturnType<typeof browser>, code: '5.2.1' | '2.1.1', phone: string) {
  const sent = await tab.call(ENDPOINTS.messageCode, { function: code, message: 'phone', item: phone });
  expect(sent.body.msgCode, sent.body.msg).toBe('10000');
  const checked = await tab.call(ENDPOINTS.messageCodeCheck, {
    function: code,
    message: 'phone',
    item: phone,
    code: codeTo(phone),
  });
  expect(checked.body.msgCode, checked.body.msg).toBe('10000');
}

async function newPassword(password: string): Promise<string> {
  const key = await request(bff.url).post(`${GW}${ENDPOINTS.pubKey.path}`).set('X-CSRF', '1').send({});
  return encryptPassword(key.body.data.pubKey as string, password, 'resetPassword');
}

describe('a step-up', () => {
  it('passed in one session does not let another change the password', async () => {
    const phone = '13900001111';
    const { user, a, b } = member(phone);
    const tabA = browser(a);
    const tabB = browser(b);
    await passFirstStep(tabA, '5.2.1', phone);
    const hashBefore = local.uaa.store.users.get(user.ssoUid)?.passwordHash;

    const update = {
      function: '5.2.2',
      message: 'phone',
      item: phone,
      password: await newPassword('Stolen12345'),
    };
    const refused = await tabB.call(ENDPOINTS.passwordUpdate, update);
    expect(refused.body).toEqual({
      msgCode: 'A0202',
      msg: expect.stringMatching(/^Please verify your current phone or e-mail first, in this browser/),
    });
    expect(local.uaa.store.users.get(user.ssoUid)?.passwordHash).toBe(hashBefore);
    expect(bff.securityEvents().at(-1)).toMatchObject({
      outcome: 'failure',
      code: 'A0202',
      reason: 'step-up',
    });

    // A's pass, copied into B's browser, is bound to A's session: still refused.
    const copied = browser(b);
    for (const [name, pair] of tabA.jar) if (name.includes('-step-')) copied.jar.set(name, pair);
    expect(copied.jar.size).toBe(2);
    expect((await copied.call(ENDPOINTS.passwordUpdate, update)).body.msgCode).toBe('A0202');
    // So is a pass made up with B's own token and no key.
    const forged = browser(b);
    forged.jar.set('x', `uaa-token-step-5_2_1=${Date.now() + 60_000}.${'A'.repeat(43)}`);
    expect((await forged.call(ENDPOINTS.passwordUpdate, update)).body.msgCode).toBe('A0202');

    // The session that passed the step changes the password, and its pass is spent.
    const done = await tabA.call(ENDPOINTS.passwordUpdate, {
      ...update,
      password: await newPassword('Owner123456'),
    });
    expect(done.body.msgCode, done.body.msg).toBe('10000');
    expect([...tabA.jar.keys()].some((name) => name.includes('-step-'))).toBe(false);
  });

  it('passed in one session does not let another send the new phone a code or bind it', async () => {
    const phone = '13900002222';
    const { user, a, b } = member(phone);
    const tabA = browser(a);
    const tabB = browser(b);
    await passFirstStep(tabA, '2.1.1', phone);

    const sendNew = { function: '2.1.2', message: 'phone', item: '13900002299' };
    expect((await tabB.call(ENDPOINTS.messageCode, sendNew)).body.msgCode).toBe('A0202');
    expect(codeTo('13900002299')).toBe('');
    // A sends it; B, given that code by whoever holds the new phone, still cannot bind it.
    expect((await tabA.call(ENDPOINTS.messageCode, sendNew)).body.msgCode).toBe('10000');
    const bind = { function: '2.1.2', phone: '13900002299', code: codeTo('13900002299') };
    expect((await tabB.call(ENDPOINTS.mobileBind, bind)).body.msgCode).toBe('A0202');
    expect(local.uaa.store.users.get(user.ssoUid)?.phone).toBe(phone);
    expect((await tabA.call(ENDPOINTS.mobileBind, bind)).body.msgCode).toBe('10000');
    expect(local.uaa.store.users.get(user.ssoUid)?.phone).toBe('13900002299');
  });
});
