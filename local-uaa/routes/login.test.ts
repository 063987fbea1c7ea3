import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import { DEMO_ADMIN } from '../seed';
import { createTestUaa } from '@tests/support/local-uaa';

const bob = { username: 'bob', email: 'bob@example.org', password: 'Passw0rd!' };
const DAY = 24 * 60 * 60 * 1000;

describe('login/byAccount', () => {
  it('logs the demo admin in with the legacy reply shape', async () => {
    const t = createTestUaa();
    const reply = await t.login(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const admin = t.store.findUserByUsername('admin');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      msgCode: '10000',
      msg: 'success',
      ssouid: admin?.ssoUid,
      phone: null,
      data: { token: expect.any(String), ssoCode: expect.any(String), data: { username: 'admin' } },
    });
    // 32 random bytes, base64url without padding.
    expect(reply.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts the username in any case, and the e-mail', async () => {
    const t = createTestUaa();
    await t.registerAndActivate(bob);
    expect((await t.login('BOB', bob.password)).body.msgCode).toBe('10000');
    expect((await t.login('Bob@Example.org', bob.password)).body.msgCode).toBe('10000');
  });

  it('accepts the phone number', async () => {
    const t = createTestUaa();
    const ssoUid = await t.registerAndActivate(bob);
    t.store.updateUser(ssoUid, { phone: '13800000000' });
    const reply = await t.login('13800000000', bob.password);
    expect(reply.body).toMatchObject({ msgCode: '10000', ssouid: ssoUid, phone: '13800000000' });
  });

  it('gives the same A0207 for a wrong password and an unknown account', async () => {
    const t = createTestUaa();
    const wrong = await t.login(DEMO_ADMIN.username, 'Wrong12345');
    const unknown = await t.login('nobody', DEMO_ADMIN.password);
    expect(wrong.body).toEqual({ msgCode: 'A0207', msg: '用户名或密码错误' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses an account not yet activated with A0201 and says why, after the password matched', async () => {
    const t = createTestUaa();
    await t.register(bob);
    const reply = await t.login(bob.username, bob.password).set('lang', 'en-US');
    expect(reply.body.msgCode).toBe('A0201');
    expect(reply.body.msg).toMatch(/not activated/);
    expect((await t.login(bob.username, 'Wrong12345')).body.msgCode).toBe('A0207');
  });

  it('refuses a disabled account with A0201', async () => {
    const t = createTestUaa();
    const ssoUid = await t.registerAndActivate(bob);
    t.store.updateUser(ssoUid, { status: 'DISABLED' });
    const reply = await t.login(bob.username, bob.password).set('lang', 'en-US');
    expect(reply.body.msgCode).toBe('A0201');
    expect(reply.body.msg).toMatch(/disabled/);
  });

  it.each([
    ['missing', null],
    ['wrong', 'robot'],
  ])('refuses a %s captcha with A0204', async (_name, captcha) => {
    const t = createTestUaa();
    const reply = await t.login(DEMO_ADMIN.username, DEMO_ADMIN.password, { captcha });
    expect(reply.body.msgCode).toBe('A0204');
  });

  it('reads the captcha header whatever the spelling of its name', async () => {
    const t = createTestUaa();
    const reply = await t.http
      .post(ENDPOINTS.loginByAccount.path)
      .set('CAPTCHAVERIFYPARAM', LOCAL_CAPTCHA_PASS)
      .send({ account: 'admin', password: t.encrypt(DEMO_ADMIN.password, 'login'), autoLogin: false });
    expect(reply.body.msgCode).toBe('10000');
  });

  it('refuses a stale or wrong-scene password envelope with A0216', async () => {
    const t = createTestUaa();
    const send = (password: string) =>
      t.http
        .post(ENDPOINTS.loginByAccount.path)
        .set('captchaVerifyParam', LOCAL_CAPTCHA_PASS)
        .send({ account: 'admin', password, autoLogin: false });
    const stale = t.encrypt(DEMO_ADMIN.password, 'login', t.now() - 6 * 60_000);
    expect((await send(stale)).body.msgCode).toBe('A0216');
    expect((await send(t.encrypt(DEMO_ADMIN.password, 'register'))).body.msgCode).toBe('A0216');
    expect((await send('plain-text')).body.msgCode).toBe('A0216');
  });

  it.each([
    ['autoLogin as a string', { account: 'admin', autoLogin: 'yes' }],
    ['a numeric account', { account: 12345, autoLogin: false }],
    ['an empty account', { account: '  ', autoLogin: false }],
    ['an account over 254 characters', { account: 'a'.repeat(255), autoLogin: false }],
  ])('refuses %s with A0100', async (_name, body) => {
    const t = createTestUaa();
    const reply = await t.http
      .post(ENDPOINTS.loginByAccount.path)
      .set('captchaVerifyParam', LOCAL_CAPTCHA_PASS)
      .send({ ...body, password: t.encrypt(DEMO_ADMIN.password, 'login') });
    expect(reply.body.msgCode).toBe('A0100');
  });
});

describe('sessions', () => {
  it('returns the user info behind a token', async () => {
    const t = createTestUaa();
    const ssoUid = await t.registerAndActivate(bob);
    const token = await t.token(bob.username, bob.password);
    const reply = await t.authed(ENDPOINTS.userInfo.path, token);
    expect(reply.body).toEqual({
      msgCode: '10000',
      msg: 'success',
      data: {
        ssoUid,
        username: 'bob',
        phone: null,
        email: bob.email,
        githubAccount: null,
        wechat: null,
        wechatName: null,
        nickname: 'bob',
      },
    });
  });

  it.each([
    ['no Authorization header', undefined],
    ['an unknown token', 'Bearer nope'],
    ['a token without the Bearer scheme', 'Basic abc'],
  ])('answers %s with 401 A0211', async (_name, authorization) => {
    const t = createTestUaa();
    const req = t.http.post(ENDPOINTS.userInfo.path).set('lang', 'en-US');
    if (authorization) req.set('Authorization', authorization);
    const reply = await req;
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ msgCode: 'A0211', msg: 'Token expired' });
  });

  it('keeps a session 1 day without auto-login', async () => {
    const t = createTestUaa();
    const token = await t.token(DEMO_ADMIN.username, DEMO_ADMIN.password, false);
    t.advance(DAY - 1);
    expect((await t.authed(ENDPOINTS.userInfo.path, token)).status).toBe(200);
    t.advance(1);
    expect((await t.authed(ENDPOINTS.userInfo.path, token)).status).toBe(401);
  });

  it('keeps a session 14 days with auto-login', async () => {
    const t = createTestUaa();
    const token = await t.token(DEMO_ADMIN.username, DEMO_ADMIN.password, true);
    t.advance(14 * DAY - 1);
    expect((await t.authed(ENDPOINTS.userInfo.path, token)).status).toBe(200);
    t.advance(1);
    const expired = await t.authed(ENDPOINTS.userInfo.path, token);
    expect(expired.status).toBe(401);
    expect(expired.body.msgCode).toBe('A0211');
  });

  it('ends the sessions of a user who is disabled', async () => {
    const t = createTestUaa();
    const ssoUid = await t.registerAndActivate(bob);
    const token = await t.token(bob.username, bob.password);
    t.store.updateUser(ssoUid, { status: 'DISABLED' });
    expect((await t.authed(ENDPOINTS.userInfo.path, token)).status).toBe(401);
  });

  it('logout/all revokes every token of the user and only theirs', async () => {
    const t = createTestUaa();
    await t.registerAndActivate(bob);
    const first = await t.token(DEMO_ADMIN.username, DEMO_ADMIN.password);
    const second = await t.token(DEMO_ADMIN.username, DEMO_ADMIN.password, true);
    const other = await t.token(bob.username, bob.password);

    const logout = await t.authed(ENDPOINTS.logoutAll.path, first);
    expect(logout.body).toEqual({ msgCode: '10000', msg: 'success' });

    for (const token of [first, second]) {
      const reply = await t.authed(ENDPOINTS.userInfo.path, token);
      expect(reply.status).toBe(401);
      expect(reply.body.msgCode).toBe('A0211');
    }
    expect((await t.authed(ENDPOINTS.userInfo.path, other)).status).toBe(200);
    expect((await t.authed(ENDPOINTS.logoutAll.path, first)).status).toBe(401);
  });
});

describe('login/getSmsCode and login/byPhone', () => {
  const phone = '13800001111';
  const smsCode = ENDPOINTS.loginSmsCode.path;
  const byPhone = ENDPOINTS.loginByPhone.path;

  it('sends a 6-digit SMS code valid 5 minutes', async () => {
    const t = createTestUaa();
    const reply = await t.withCaptcha(smsCode, { phone });
    expect(reply.body).toEqual({ msgCode: '10000', msg: 'success' });
    const sms = t.outbox.list().at(-1);
    expect(sms).toMatchObject({ channel: 'sms', to: phone, code: expect.stringMatching(/^\d{6}$/) });
    expect(sms?.text).toContain(sms?.code);
  });

  it('refuses the SMS without the captcha (A0204), a bad phone (A0103) or a missing one (A0100)', async () => {
    const t = createTestUaa();
    expect((await t.post(smsCode, { phone })).body.msgCode).toBe('A0204');
    expect((await t.withCaptcha(smsCode, { phone: '2380000000' })).body.msgCode).toBe('A0103');
    expect((await t.withCaptcha(smsCode, {})).body.msgCode).toBe('A0100');
    expect((await t.withCaptcha(smsCode, { phone: [phone] })).body.msgCode).toBe('A0100');
    expect(t.outbox.list()).toHaveLength(0);
  });

  it('sends one SMS per phone per 60 s (A0301)', async () => {
    const t = createTestUaa();
    await t.withCaptcha(smsCode, { phone });
    t.advance(59_999);
    expect((await t.withCaptcha(smsCode, { phone })).body.msgCode).toBe('A0301');
    t.advance(1);
    expect((await t.withCaptcha(smsCode, { phone })).body.msgCode).toBe('10000');
  });

  it('creates an account for an unknown phone and logs it in with the legacy reply', async () => {
    const t = createTestUaa();
    await t.withCaptcha(smsCode, { phone });
    const reply = await t.post(byPhone, { phone, code: t.codeFor(phone), autoLogin: true, source: 'media' });
    const user = t.store.findUserByPhone(phone);
    expect(reply.body).toEqual({
      msgCode: '10000',
      msg: 'success',
      ssouid: user?.ssoUid,
      phone,
      data: { token: expect.any(String), ssoCode: expect.any(String), data: { username: null } },
    });
    expect(user).toMatchObject({ username: null, createBy: 'media', passwordHash: null });
    expect(user?.nickname).toMatch(/^user_/);
    const info = await t.authed(ENDPOINTS.userInfo.path, reply.body.data.token);
    expect(info.body.data.phone).toBe(phone);
  });

  it('logs an existing phone account in without creating another', async () => {
    const t = createTestUaa();
    const { user } = t.member({ phone, username: 'phoney' });
    await t.withCaptcha(smsCode, { phone });
    const reply = await t.post(byPhone, { phone, code: t.codeFor(phone), autoLogin: false });
    expect(reply.body).toMatchObject({
      msgCode: '10000',
      ssouid: user.ssoUid,
      data: { data: { username: 'phoney' } },
    });
    expect(t.store.users.list().filter((u) => u.phone === phone)).toHaveLength(1);
  });

  it('uses a code once', async () => {
    const t = createTestUaa();
    await t.withCaptcha(smsCode, { phone });
    const code = t.codeFor(phone);
    expect((await t.post(byPhone, { phone, code })).body.msgCode).toBe('10000');
    const again = await t.post(byPhone, { phone, code }).set('lang', 'en-US');
    expect(again.body).toEqual({
      msgCode: 'A0204',
      msg: expect.stringMatching(/expired or was already used/),
    });
  });

  it('refuses a wrong code with A0204 and burns the code after 5 wrong tries', async () => {
    const t = createTestUaa();
    await t.withCaptcha(smsCode, { phone });
    const code = t.codeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const reply = await t.post(byPhone, { phone, code: wrong }).set('lang', 'en-US');
      expect(reply.body).toEqual({ msgCode: 'A0204', msg: 'The verification code is wrong.' });
    }
    expect((await t.post(byPhone, { phone, code })).body.msgCode).toBe('A0204');
    expect(t.store.findUserByPhone(phone)).toBeUndefined();
  });

  it('refuses a code older than 5 minutes with A0204', async () => {
    const t = createTestUaa();
    await t.withCaptcha(smsCode, { phone });
    t.advance(5 * 60_000);
    expect((await t.post(byPhone, { phone, code: t.codeFor(phone) })).body.msgCode).toBe('A0204');
  });

  it('does not accept a registration code for a login', async () => {
    const t = createTestUaa();
    await t.post(ENDPOINTS.registerSmsCode.path, { phone });
    expect((await t.post(byPhone, { phone, code: t.codeFor(phone) })).body.msgCode).toBe('A0204');
  });

  it('refuses a disabled account with A0201 even with the right code', async () => {
    const t = createTestUaa();
    t.member({ phone, status: 'DISABLED' });
    await t.withCaptcha(smsCode, { phone });
    const reply = await t.post(byPhone, { phone, code: t.codeFor(phone) }).set('lang', 'en-US');
    expect(reply.body.msgCode).toBe('A0201');
    expect(reply.body.msg).toMatch(/disabled/);
  });

  it.each([
    ['a missing code', { phone }, 'A0100'],
    ['a code of 7 digits', { phone, code: '1234567' }, 'A0100'],
    ['a numeric code', { phone, code: 123456 }, 'A0100'],
    ['a bad phone', { phone: '1380000', code: '123456' }, 'A0103'],
    ['autoLogin as a string', { phone, code: '123456', autoLogin: 'true' }, 'A0100'],
    ['a huge source', { phone, code: '123456', source: 'x'.repeat(20_000) }, 'A0100'],
  ])('refuses %s with %s', async (_name, body, code) => {
    const t = createTestUaa();
    expect((await t.post(byPhone, body)).body.msgCode).toBe(code);
  });
});
