import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { verifyPassword } from '../passwords';
import { createTestUaa, type TestUaa } from '@tests/support/local-uaa';

const MINUTE = 60_000;
const OLD_PHONE = '13100000001';
const NEW_PHONE = '13100000002';
const OLD_MAIL = 'old@example.org';
const NEW_MAIL = 'new@example.org';

const send = (t: TestUaa, token: string, body: object) => t.authed(ENDPOINTS.messageCode.path, token, body);
const check = (t: TestUaa, token: string, body: object) =>
  t.authed(ENDPOINTS.messageCodeCheck.path, token, body);

/** Step 0 through message/code and message/code/check. */
async function passFirstStep(
  t: TestUaa,
  token: string,
  fn: string,
  message: 'phone' | 'email',
  item: string,
) {
  expect((await send(t, token, { function: fn, message, item })).body.msgCode).toBe('10000');
  const reply = await check(t, token, { function: fn, message, item, code: t.codeFor(item) });
  expect(reply.body).toEqual({ msgCode: '10000', msg: 'success' });
}

const other = (code: string) => (code === '000000' ? '111111' : '000000');

describe('changing the phone of a phone account (2.1.1 → 2.1.2)', () => {
  it('verifies the current phone, then binds the new one with its code', async () => {
    const t = createTestUaa();
    const { user, token } = t.member({ phone: OLD_PHONE });
    await passFirstStep(t, token, '2.1.1', 'phone', OLD_PHONE);
    expect(
      (await send(t, token, { function: '2.1.2', message: 'phone', item: NEW_PHONE })).body.msgCode,
    ).toBe('10000');

    const bind = await t.authed(ENDPOINTS.mobileBind.path, token, {
      function: '2.1.2',
      phone: NEW_PHONE,
      code: t.codeFor(NEW_PHONE),
    });
    expect(bind.body).toMatchObject({ msgCode: '10000', data: { phone: NEW_PHONE } });
    expect(t.store.users.get(user.ssoUid)?.phone).toBe(NEW_PHONE);
    expect(t.store.findUserByPhone(OLD_PHONE)).toBeUndefined();
  });

  it('refuses the second step without a passed first step (A0202), on send and on bind', async () => {
    const t = createTestUaa();
    const { token } = t.member({ phone: OLD_PHONE });
    const sent = await send(t, token, { function: '2.1.2', message: 'phone', item: NEW_PHONE }).set(
      'lang',
      'en-US',
    );
    expect(sent.body).toEqual({ msgCode: 'A0202', msg: expect.stringMatching(/first/) });
    const bind = await t.authed(ENDPOINTS.mobileBind.path, token, {
      function: '2.1.2',
      phone: NEW_PHONE,
      code: '123456',
    });
    expect(bind.body.msgCode).toBe('A0202');
  });

  it('forgets a passed first step after 10 minutes, and after it was used', async () => {
    const t = createTestUaa();
    const { token } = t.member({ phone: OLD_PHONE });
    await passFirstStep(t, token, '2.1.1', 'phone', OLD_PHONE);
    t.advance(10 * MINUTE);
    expect(
      (await send(t, token, { function: '2.1.2', message: 'phone', item: NEW_PHONE })).body.msgCode,
    ).toBe('A0202');

    await passFirstStep(t, token, '2.1.1', 'phone', OLD_PHONE);
    await send(t, token, { function: '2.1.2', message: 'phone', item: NEW_PHONE });
    const bind = { function: '2.1.2', phone: NEW_PHONE, code: t.codeFor(NEW_PHONE) };
    expect((await t.authed(ENDPOINTS.mobileBind.path, token, bind)).body.msgCode).toBe('10000');
    const again = { function: '2.1.2', phone: '13100000003', code: '123456' };
    expect((await t.authed(ENDPOINTS.mobileBind.path, token, again)).body.msgCode).toBe('A0202');
  });

  it('does not let another user pass my first step', async () => {
    const t = createTestUaa();
    const me = t.member({ phone: OLD_PHONE });
    const them = t.member({ phone: '13100000009' });
    await passFirstStep(t, me.token, '2.1.1', 'phone', OLD_PHONE);
    const sent = await send(t, them.token, { function: '2.1.2', message: 'phone', item: NEW_PHONE });
    expect(sent.body.msgCode).toBe('A0202');
  });

  it('sends the first-step code only to the current phone', async () => {
    const t = createTestUaa();
    const { token } = t.member({ phone: OLD_PHONE });
    const reply = await send(t, token, { function: '2.1.1', message: 'phone', item: NEW_PHONE }).set(
      'lang',
      'en-US',
    );
    expect(reply.body).toEqual({
      msgCode: 'A0100',
      msg: 'This is not the phone number or e-mail of this account.',
    });
    expect(t.outbox.list()).toHaveLength(0);
  });

  it('refuses a wrong first-step code with A0204, and a code sent for another step', async () => {
    const t = createTestUaa();
    const { token } = t.member({ phone: OLD_PHONE });
    await send(t, token, { function: '2.1.1', message: 'phone', item: OLD_PHONE });
    const code = t.codeFor(OLD_PHONE);
    const wrong = await check(t, token, {
      function: '2.1.1',
      message: 'phone',
      item: OLD_PHONE,
      code: other(code),
    });
    expect(wrong.body.msgCode).toBe('A0204');
    const elsewhere = await check(t, token, { function: '5.2.1', message: 'phone', item: OLD_PHONE, code });
    expect(elsewhere.body.msgCode).toBe('A0208');
  });

  it('refuses a new phone equal to the current one (A0100) or taken by another account (A0214)', async () => {
    const t = createTestUaa();
    t.member({ phone: NEW_PHONE });
    const { token } = t.member({ phone: OLD_PHONE });
    await passFirstStep(t, token, '2.1.1', 'phone', OLD_PHONE);
    const same = await send(t, token, { function: '2.1.2', message: 'phone', item: OLD_PHONE }).set(
      'lang',
      'en-US',
    );
    expect(same.body).toEqual({ msgCode: 'A0100', msg: 'Please enter a new phone number or e-mail' });
    const taken = await send(t, token, { function: '2.1.2', message: 'phone', item: NEW_PHONE }).set(
      'lang',
      'en-US',
    );
    expect(taken.body).toEqual({ msgCode: 'A0214', msg: 'Phone already exists' });
  });

  it('refuses a phone taken between the code and the bind with A0214', async () => {
    const t = createTestUaa();
    const { token } = t.member({ phone: OLD_PHONE });
    await passFirstStep(t, token, '2.1.1', 'phone', OLD_PHONE);
    await send(t, token, { function: '2.1.2', message: 'phone', item: NEW_PHONE });
    t.member({ phone: NEW_PHONE });
    const bind = { function: '2.1.2', phone: NEW_PHONE, code: t.codeFor(NEW_PHONE) };
    expect((await t.authed(ENDPOINTS.mobileBind.path, token, bind)).body.msgCode).toBe('A0214');
  });

  it('refuses a wrong bind code with A0204', async () => {
    const t = createTestUaa();
    const { token } = t.member({ phone: OLD_PHONE });
    await passFirstStep(t, token, '2.1.1', 'phone', OLD_PHONE);
    await send(t, token, { function: '2.1.2', message: 'phone', item: NEW_PHONE });
    const bind = { function: '2.1.2', phone: NEW_PHONE, code: other(t.codeFor(NEW_PHONE)) };
    expect((await t.authed(ENDPOINTS.mobileBind.path, token, bind)).body.msgCode).toBe('A0204');
  });

  it('sends one code per phone per 60 s (A0301)', async () => {
    const t = createTestUaa();
    const { token } = t.member({ phone: OLD_PHONE });
    await send(t, token, { function: '2.1.1', message: 'phone', item: OLD_PHONE });
    expect(
      (await send(t, token, { function: '2.1.1', message: 'phone', item: OLD_PHONE })).body.msgCode,
    ).toBe('A0301');
  });
});

describe('the other contact flows', () => {
  it('binds a phone to an e-mail account through the e-mail (1.1.1 → 1.1.2)', async () => {
    const t = createTestUaa();
    const { user, token } = t.member({ email: OLD_MAIL });
    await passFirstStep(t, token, '1.1.1', 'email', OLD_MAIL);
    await send(t, token, { function: '1.1.2', message: 'phone', item: NEW_PHONE });
    const bind = { function: '1.1.2', phone: NEW_PHONE, code: t.codeFor(NEW_PHONE) };
    expect((await t.authed(ENDPOINTS.mobileBind.path, token, bind)).body.msgCode).toBe('10000');
    expect(t.store.users.get(user.ssoUid)).toMatchObject({ phone: NEW_PHONE, email: OLD_MAIL });
  });

  it('refuses a wrong e-mail code with A0205', async () => {
    const t = createTestUaa();
    const { token } = t.member({ email: OLD_MAIL });
    await send(t, token, { function: '1.1.1', message: 'email', item: OLD_MAIL });
    const reply = await check(t, token, {
      function: '1.1.1',
      message: 'email',
      item: OLD_MAIL,
      code: other(t.codeFor(OLD_MAIL)),
    });
    expect(reply.body.msgCode).toBe('A0205');
  });

  it('changes the e-mail of an e-mail account (3.1.1 → 3.1.2)', async () => {
    const t = createTestUaa();
    const { user, token } = t.member({ email: OLD_MAIL });
    await passFirstStep(t, token, '3.1.1', 'email', 'OLD@example.org');
    await send(t, token, { function: '3.1.2', message: 'email', item: NEW_MAIL });
    const bind = { function: '3.1.2', email: NEW_MAIL, code: t.codeFor(NEW_MAIL) };
    expect((await t.authed(ENDPOINTS.emailBind.path, token, bind)).body).toMatchObject({
      msgCode: '10000',
      data: { email: NEW_MAIL },
    });
    expect(t.store.users.get(user.ssoUid)?.email).toBe(NEW_MAIL);
  });

  it('binds an e-mail to a phone account through the phone (4.1.1 → 4.1.2); a taken e-mail is A0214', async () => {
    const t = createTestUaa();
    t.member({ email: 'taken@example.org' });
    const { user, token } = t.member({ phone: OLD_PHONE });
    await passFirstStep(t, token, '4.1.1', 'phone', OLD_PHONE);
    const taken = await send(t, token, { function: '4.1.2', message: 'email', item: 'Taken@example.org' });
    expect(taken.body.msgCode).toBe('A0214');
    await send(t, token, { function: '4.1.2', message: 'email', item: NEW_MAIL });
    const wrong = { function: '4.1.2', email: NEW_MAIL, code: other(t.codeFor(NEW_MAIL)) };
    expect((await t.authed(ENDPOINTS.emailBind.path, token, wrong)).body.msgCode).toBe('A0205');
    const bind = { function: '4.1.2', email: NEW_MAIL, code: t.codeFor(NEW_MAIL) };
    expect((await t.authed(ENDPOINTS.emailBind.path, token, bind)).body.msgCode).toBe('10000');
    expect(t.store.users.get(user.ssoUid)).toMatchObject({ phone: OLD_PHONE, email: NEW_MAIL });
  });

  it('binds a phone and a password to an account with no contact (1.2.1 → 1.2.2)', async () => {
    const t = createTestUaa();
    const { user, token } = t.member({ githubAccount: 'octo' });
    await send(t, token, { function: '1.2.1', message: 'phone', item: NEW_PHONE });
    const code = t.codeFor(NEW_PHONE);

    const noPassword = await t.authed(ENDPOINTS.mobileBind.path, token, {
      function: '1.2.2',
      phone: NEW_PHONE,
      code,
    });
    expect(noPassword.body.msgCode).toBe('A0100');

    const bind = await t.authed(ENDPOINTS.mobileBind.path, token, {
      function: '1.2.2',
      phone: NEW_PHONE,
      code,
      password: t.encrypt('Passw0rd!', 'resetPassword'),
    });
    expect(bind.body.msgCode).toBe('10000');
    const saved = t.store.users.get(user.ssoUid);
    expect(saved?.phone).toBe(NEW_PHONE);
    expect(await verifyPassword('Passw0rd!', saved?.passwordHash ?? null)).toBe(true);
  });

  it('binds an e-mail to an account with no contact that already has a password, without a new one (3.2.1 → 3.2.2)', async () => {
    const t = createTestUaa();
    const admin = t.store.findUserByUsername('admin');
    const token = t.adminToken();
    await send(t, token, { function: '3.2.1', message: 'email', item: NEW_MAIL });
    const bind = { function: '3.2.2', email: NEW_MAIL, code: t.codeFor(NEW_MAIL) };
    expect((await t.authed(ENDPOINTS.emailBind.path, token, bind)).body.msgCode).toBe('10000');
    expect(t.store.users.get(admin!.ssoUid)?.email).toBe(NEW_MAIL);
    expect(t.store.users.get(admin!.ssoUid)?.passwordHash).toBe(admin!.passwordHash);
  });

  it('refuses a bind password that does not decrypt (A0216) or breaks the rule (A0100)', async () => {
    const t = createTestUaa();
    const { token } = t.member();
    await send(t, token, { function: '1.2.1', message: 'phone', item: NEW_PHONE });
    const base = { function: '1.2.2', phone: NEW_PHONE, code: t.codeFor(NEW_PHONE) };
    const plain = await t.authed(ENDPOINTS.mobileBind.path, token, { ...base, password: 'Passw0rd!' });
    expect(plain.body.msgCode).toBe('A0216');
    const weak = await t.authed(ENDPOINTS.mobileBind.path, token, {
      ...base,
      password: t.encrypt('short', 'resetPassword'),
    });
    expect(weak.body.msgCode).toBe('A0100');
  });

  it.each([
    [
      'a flow that does not fit the account',
      { email: OLD_MAIL },
      '2.1.1',
      { message: 'phone', item: OLD_PHONE },
    ],
    [
      'a no-contact flow on an account with a contact',
      { phone: OLD_PHONE },
      '1.2.1',
      { message: 'phone', item: NEW_PHONE },
    ],
    ['a step that sends no code', {}, '1.2.2', { message: 'phone', item: NEW_PHONE }],
    ['the wrong channel for the step', { phone: OLD_PHONE }, '2.1.1', { message: 'email', item: OLD_MAIL }],
    ['an unknown function code', { phone: OLD_PHONE }, '9.9.9', { message: 'phone', item: OLD_PHONE }],
  ])('refuses to send for %s (A0100)', async (_name, contacts, fn, body) => {
    const t = createTestUaa();
    const { token } = t.member(contacts);
    expect((await send(t, token, { function: fn, ...body })).body.msgCode).toBe('A0100');
    expect(t.outbox.list()).toHaveLength(0);
  });

  it('completes each step only with its own call (A0100)', async () => {
    const t = createTestUaa();
    const { token } = t.member({ phone: OLD_PHONE });
    const viaCheck = await check(t, token, {
      function: '2.1.2',
      message: 'phone',
      item: NEW_PHONE,
      code: '123456',
    });
    expect(viaCheck.body.msgCode).toBe('A0100');
    const viaBind = await t.authed(ENDPOINTS.mobileBind.path, token, {
      function: '2.1.1',
      phone: NEW_PHONE,
      code: '1',
    });
    expect(viaBind.body.msgCode).toBe('A0100');
    const viaEmail = await t.authed(ENDPOINTS.emailBind.path, token, {
      function: '2.1.2',
      email: NEW_MAIL,
      code: '1',
    });
    expect(viaEmail.body.msgCode).toBe('A0100');
  });
});

describe('changing the password (5.x)', () => {
  it('updates the password after the phone step, keeping this session and ending the others', async () => {
    const t = createTestUaa();
    const { user, token } = t.member({ phone: OLD_PHONE });
    const elsewhere = t.sessionFor(user.ssoUid);
    await passFirstStep(t, token, '5.2.1', 'phone', OLD_PHONE);
    const reply = await t.authed(ENDPOINTS.passwordUpdate.path, token, {
      function: '5.2.2',
      message: 'phone',
      item: OLD_PHONE,
      password: t.encrypt('NewPassw0rd', 'resetPassword'),
    });
    expect(reply.body).toEqual({ msgCode: '10000', msg: 'success' });
    expect(await verifyPassword('NewPassw0rd', t.store.users.get(user.ssoUid)?.passwordHash ?? null)).toBe(
      true,
    );
    expect((await t.authed(ENDPOINTS.userInfo.path, token)).status).toBe(200);
    expect((await t.authed(ENDPOINTS.userInfo.path, elsewhere)).status).toBe(401);
  });

  it('refuses the update without the first step (A0202) or after the pass was used', async () => {
    const t = createTestUaa();
    const { token } = t.member({ email: OLD_MAIL });
    const body = {
      function: '5.1.2',
      message: 'email',
      item: OLD_MAIL,
      password: t.encrypt('NewPassw0rd', 'resetPassword'),
    };
    expect((await t.authed(ENDPOINTS.passwordUpdate.path, token, body)).body.msgCode).toBe('A0202');
    await passFirstStep(t, token, '5.1.1', 'email', OLD_MAIL);
    expect((await t.authed(ENDPOINTS.passwordUpdate.path, token, body)).body.msgCode).toBe('10000');
    expect((await t.authed(ENDPOINTS.passwordUpdate.path, token, body)).body.msgCode).toBe('A0202');
  });

  it('refuses a wrong first-step code with A0208', async () => {
    const t = createTestUaa();
    const { token } = t.member({ email: OLD_MAIL });
    await send(t, token, { function: '5.1.1', message: 'email', item: OLD_MAIL });
    const code = other(t.codeFor(OLD_MAIL));
    expect(
      (await check(t, token, { function: '5.1.1', message: 'email', item: OLD_MAIL, code })).body.msgCode,
    ).toBe('A0208');
  });

  it.each([
    ['an envelope of another scene', (t: TestUaa) => t.encrypt('NewPassw0rd', 'login'), 'A0216'],
    ['a plain password', () => 'NewPassw0rd', 'A0216'],
    ['a weak password', (t: TestUaa) => t.encrypt('abcdefgh', 'resetPassword'), 'A0100'],
  ])('refuses %s (%s)', async (_name, password, code) => {
    const t = createTestUaa();
    const { token } = t.member({ phone: OLD_PHONE });
    await passFirstStep(t, token, '5.2.1', 'phone', OLD_PHONE);
    const reply = await t.authed(ENDPOINTS.passwordUpdate.path, token, {
      function: '5.2.2',
      message: 'phone',
      item: OLD_PHONE,
      password: password(t),
    });
    expect(reply.body.msgCode).toBe(code);
  });

  it('refuses another contact than the one verified, and a mismatched channel (A0100)', async () => {
    const t = createTestUaa();
    const { token } = t.member({ phone: OLD_PHONE, email: OLD_MAIL });
    await passFirstStep(t, token, '5.2.1', 'phone', OLD_PHONE);
    const password = t.encrypt('NewPassw0rd', 'resetPassword');
    const wrongItem = { function: '5.2.2', message: 'phone', item: NEW_PHONE, password };
    expect((await t.authed(ENDPOINTS.passwordUpdate.path, token, wrongItem)).body.msgCode).toBe('A0100');
    const wrongChannel = { function: '5.2.2', message: 'email', item: OLD_MAIL, password };
    expect((await t.authed(ENDPOINTS.passwordUpdate.path, token, wrongChannel)).body.msgCode).toBe('A0100');
  });
});

describe('verification calls: sessions and malformed input', () => {
  it.each([
    ENDPOINTS.messageCode.path,
    ENDPOINTS.messageCodeCheck.path,
    ENDPOINTS.mobileBind.path,
    ENDPOINTS.emailBind.path,
    ENDPOINTS.passwordUpdate.path,
  ])('%s needs a session (401 A0211)', async (path) => {
    const t = createTestUaa();
    const reply = await t.post(path, { function: '2.1.1', message: 'phone', item: OLD_PHONE });
    expect(reply.status).toBe(401);
    expect(reply.body.msgCode).toBe('A0211');
  });

  it.each([
    [ENDPOINTS.messageCode.path, { function: 211, message: 'phone', item: OLD_PHONE }],
    [ENDPOINTS.messageCode.path, { function: '2.1.1', message: 'phone' }],
    [ENDPOINTS.messageCodeCheck.path, { function: '2.1.1', message: 'phone', item: OLD_PHONE }],
    [
      ENDPOINTS.messageCodeCheck.path,
      { function: '2.1.1', message: 'phone', item: OLD_PHONE, code: '1234567' },
    ],
    [ENDPOINTS.mobileBind.path, { function: '2.1.2', phone: [NEW_PHONE], code: '123456' }],
    [ENDPOINTS.emailBind.path, { function: '3.1.2', email: 'x'.repeat(10_241), code: '123456' }],
    [ENDPOINTS.passwordUpdate.path, { function: '5.2.2', message: 'phone', item: OLD_PHONE }],
  ])('%s refuses %j with A0100', async (path, body) => {
    const t = createTestUaa();
    const { token } = t.member({ phone: OLD_PHONE, email: OLD_MAIL });
    expect((await t.authed(path, token, body)).body.msgCode).toBe('A0100');
  });
});
