import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { createTestUaa, PUBLIC_URL } from '@tests/support/local-uaa';

const alice = { username: 'alice', email: 'alice@example.org', password: 'Passw0rd!' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('register/check', () => {
  const check = ENDPOINTS.registerCheck.path;

  it('tells whether an e-mail or phone is taken, pending registrations included', async () => {
    const t = createTestUaa();
    expect((await t.post(check, { item: alice.email, type: 'email' })).body).toEqual({
      msgCode: '10000',
      msg: 'success',
      data: { exist: false },
    });
    await t.register(alice);
    expect((await t.post(check, { item: 'ALICE@example.org', type: 'email' })).body.data).toEqual({
      exist: true,
    });
    expect((await t.post(check, { item: '13800000000', type: 'phone' })).body.data).toEqual({ exist: false });
  });

  it.each([
    [{ item: 'a@example.org', type: 'username' }, 'A0100'],
    [{ item: 'a@example.org' }, 'A0100'],
    [{ type: 'email' }, 'A0100'],
    [{ item: '', type: 'email' }, 'A0100'],
    [{ item: 'not-an-email', type: 'email' }, 'A0102'],
    [{ item: '2380000000', type: 'phone' }, 'A0103'],
  ])('refuses %j with %s', async (body, code) => {
    const t = createTestUaa();
    expect((await t.post(check, body)).body.msgCode).toBe(code);
  });
});

describe('register/byEmail and register/active', () => {
  it('creates an unactivated account and mails a 2-hour activation link', async () => {
    const t = createTestUaa();
    const reply = await t.register({ ...alice, source: 'media' });
    expect(reply.body).toMatchObject({ msgCode: '10000', msg: 'success' });
    const ssoUid = reply.body.data.ssoUid as string;
    expect(ssoUid).toMatch(/^[0-9a-f-]{36}$/);

    const user = t.store.users.get(ssoUid);
    expect(user).toMatchObject({
      username: 'alice',
      email: alice.email,
      activated: false,
      createBy: 'media',
    });
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    expect(user?.passwordHash).not.toContain(alice.password);

    const mail = t.outbox.list().at(-1);
    expect(mail).toMatchObject({ channel: 'email', to: alice.email });
    // In the registration's language, which the page honours (issue 29).
    expect(mail?.link).toMatch(new RegExp(`^${PUBLIC_URL}/active\\?sign=[\\w-]+&token=[\\w-]+&lang=zh-CN$`));
    expect(mail?.text).toContain(mail?.link);
  });

  it('activates once: the link works, a second click says the account is active already, for 30 days', async () => {
    const t = createTestUaa();
    const { body } = await t.register(alice);
    const { sign, token } = t.activationFor(alice.email);

    const first = await t.post(ENDPOINTS.registerActive.path, { sign, token });
    expect(first.body).toEqual({ msgCode: '10000', msg: 'success' });
    expect(t.store.users.get(body.data.ssoUid)?.activated).toBe(true);
    expect((await t.login(alice.username, alice.password)).body.msgCode).toBe('10000');

    const again = await t.post(ENDPOINTS.registerActive.path, { sign, token });
    expect(again.body).toEqual({ msgCode: '10000', msg: 'success', data: { alreadyActive: true } });
    // Past the link's 2 hours too (the sweep keeps a used link and its account).
    t.advance(3 * HOUR);
    t.store.pruneExpired();
    expect((await t.post(ENDPOINTS.registerActive.path, { sign, token })).body.data).toEqual({
      alreadyActive: true,
    });
    expect(t.store.users.get(body.data.ssoUid)?.activated).toBe(true);
    t.advance(30 * 24 * HOUR);
    t.store.pruneExpired();
    expect((await t.post(ENDPOINTS.registerActive.path, { sign, token })).body.msgCode).toBe('A0212');
    expect(t.store.users.get(body.data.ssoUid)?.activated).toBe(true);
  });

  it('refuses an unknown sign, a wrong token and an expired link with A0212', async () => {
    const t = createTestUaa();
    await t.register(alice);
    const { sign, token } = t.activationFor(alice.email);
    const active = ENDPOINTS.registerActive.path;

    expect((await t.post(active, { sign: 'nope', token })).body.msgCode).toBe('A0212');
    expect((await t.post(active, { sign, token: `${token}x` })).body.msgCode).toBe('A0212');
    t.advance(2 * HOUR + 1);
    expect((await t.post(active, { sign, token })).body.msgCode).toBe('A0212');
  });

  it('accepts a link until the last moment of its 2 hours', async () => {
    const t = createTestUaa();
    await t.register(alice);
    const { sign, token } = t.activationFor(alice.email);
    t.advance(2 * HOUR - 1);
    expect((await t.post(ENDPOINTS.registerActive.path, { sign, token })).body.msgCode).toBe('10000');
  });

  it('answers a missing or non-string sign with A0100', async () => {
    const t = createTestUaa();
    expect((await t.post(ENDPOINTS.registerActive.path, { token: 'x' })).body.msgCode).toBe('A0100');
    expect((await t.post(ENDPOINTS.registerActive.path, { sign: 1, token: 'x' })).body.msgCode).toBe('A0100');
  });

  it('frees the e-mail and username of a registration never activated in time', async () => {
    const t = createTestUaa();
    await t.register(alice);
    t.advance(2 * HOUR + 1);
    const check = await t.post(ENDPOINTS.registerCheck.path, { item: alice.email, type: 'email' });
    expect(check.body.data).toEqual({ exist: false });
    expect((await t.register(alice)).body.msgCode).toBe('10000');
  });

  it.each([
    ['a username not starting with a letter', { username: '1alice' }, 'A0100'],
    ['a username with underscores (e-mail tab rule)', { username: 'ali_ce' }, 'A0100'],
    ['a username of 2 characters', { username: 'al' }, 'A0100'],
    ['an empty e-mail', { email: '' }, 'A0100'],
    ['a malformed e-mail', { email: 'alice@' }, 'A0102'],
    ['a password of one kind', { password: 'abcdefghij' }, 'A0100'],
    ['a password of 7 characters', { password: 'abc1234' }, 'A0100'],
  ])('refuses %s', async (_name, change, code) => {
    const t = createTestUaa();
    expect((await t.register({ ...alice, ...change })).body.msgCode).toBe(code);
    expect(t.outbox.list()).toHaveLength(0);
  });

  it('refuses a sensitive username with C0902 before anything is sent', async () => {
    const t = createTestUaa();
    expect((await t.register({ ...alice, username: 'FuckU' })).body.msgCode).toBe('C0902');
    expect(t.outbox.list()).toHaveLength(0);
  });

  it('refuses a number where the username belongs with A0100', async () => {
    const t = createTestUaa();
    const reply = await t.post(ENDPOINTS.registerByEmail.path, {
      username: 42,
      email: alice.email,
      password: t.encrypt(alice.password, 'register'),
    });
    expect(reply.body.msgCode).toBe('A0100');
  });

  it('refuses an e-mail already registered or pending with A0203, whatever its case', async () => {
    const t = createTestUaa();
    await t.register(alice);
    t.advance(MINUTE); // past the per-target mail throttle
    const pending = await t.register({ ...alice, username: 'alice2', email: 'Alice@Example.org' });
    expect(pending.body.msgCode).toBe('A0203');

    const { sign, token } = t.activationFor(alice.email);
    await t.post(ENDPOINTS.registerActive.path, { sign, token });
    t.advance(3 * HOUR); // the account is active, so the e-mail stays taken
    expect((await t.register({ ...alice, username: 'alice3' })).body.msgCode).toBe('A0203');
  });

  it('refuses a username already taken, case-insensitively, with A0210', async () => {
    const t = createTestUaa();
    const reply = await t.register({ ...alice, username: 'ADMIN' });
    expect(reply.body).toEqual({ msgCode: 'A0210', msg: '用户名已存在' });
  });

  it('sends one mail per address per 60 s; a retry within it hears the address is registered', async () => {
    const t = createTestUaa();
    await t.register(alice);
    t.advance(MINUTE - 1);
    // A retry after a lost reply: "already registered" tells the user to use the mailed link.
    const soon = await t.register({ ...alice, username: 'alice2' });
    expect(soon.body.msgCode).toBe('A0203');
    expect(t.outbox.list()).toHaveLength(1);
  });

  it.each([
    ['older than 5 minutes', { atOffset: -5 * MINUTE - 1000, scene: 'register' }],
    ['more than 60 s in the future', { atOffset: 61_000, scene: 'register' }],
    ['made for another scene', { atOffset: 0, scene: 'login' }],
  ] as const)('refuses a password envelope %s with A0216', async (_name, { atOffset, scene }) => {
    const t = createTestUaa();
    const reply = await t.post(ENDPOINTS.registerByEmail.path, {
      username: alice.username,
      email: alice.email,
      password: t.encrypt(alice.password, scene, t.now() + atOffset),
    });
    expect(reply.body.msgCode).toBe('A0216');
  });

  it('refuses an undecryptable password with A0216', async () => {
    const t = createTestUaa();
    const reply = await t.post(ENDPOINTS.registerByEmail.path, {
      username: alice.username,
      email: alice.email,
      password: alice.password,
    });
    expect(reply.body.msgCode).toBe('A0216');
  });

  it('accepts an envelope 4 minutes old', async () => {
    const t = createTestUaa();
    const reply = await t.post(ENDPOINTS.registerByEmail.path, {
      username: alice.username,
      email: alice.email,
      password: t.encrypt(alice.password, 'register', t.now() - 4 * MINUTE),
    });
    expect(reply.body.msgCode).toBe('10000');
  });
});

describe('register/getSmsCode and register/byPhone', () => {
  const phone = '13900002222';
  const dave = { username: 'dave.p', phone, password: 'Passw0rd!' };

  function registerByPhone(t: ReturnType<typeof createTestUaa>, change: Record<string, unknown> = {}) {
    return t.post(ENDPOINTS.registerByPhone.path, {
      username: dave.username,
      phone,
      code: t.codeFor(phone),
      password: t.encrypt(dave.password, 'register'),
      source: 'cmg',
      ...change,
    });
  }

  it('sends an SMS without captcha and registers an active account with the phone-tab username rule', async () => {
    const t = createTestUaa();
    expect((await t.post(ENDPOINTS.registerSmsCode.path, { phone })).body).toEqual({
      msgCode: '10000',
      msg: 'success',
    });
    expect(t.outbox.list().at(-1)).toMatchObject({ channel: 'sms', to: phone });

    const reply = await registerByPhone(t);
    expect(reply.body).toEqual({ msgCode: '10000', msg: 'success', data: { ssouid: expect.any(String) } });
    expect(t.store.users.get(reply.body.data.ssouid)).toMatchObject({
      username: 'dave.p',
      phone,
      activated: true,
      createBy: 'cmg',
    });
    expect((await t.login(phone, dave.password)).body.msgCode).toBe('10000');
  });

  it('refuses a phone already registered: no SMS, and A0209 "phone already exists"', async () => {
    const t = createTestUaa();
    t.member({ phone });
    const reply = await t.post(ENDPOINTS.registerSmsCode.path, { phone }).set('lang', 'en-US');
    expect(reply.body).toEqual({ msgCode: 'A0209', msg: 'Phone already exists' });
    expect(t.outbox.list()).toHaveLength(0);
  });

  it('refuses a phone taken between the SMS and the registration with A0209', async () => {
    const t = createTestUaa();
    await t.post(ENDPOINTS.registerSmsCode.path, { phone });
    t.member({ phone });
    expect((await registerByPhone(t)).body.msgCode).toBe('A0209');
  });

  it('refuses a taken username with A0210 and a wrong code with A0204', async () => {
    const t = createTestUaa();
    await t.post(ENDPOINTS.registerSmsCode.path, { phone });
    expect((await registerByPhone(t, { username: 'Admin' })).body.msgCode).toBe('A0210');
    expect(
      (await registerByPhone(t, { code: '999999' === t.codeFor(phone) ? '999998' : '999999' })).body.msgCode,
    ).toBe('A0204');
    expect(t.store.findUserByPhone(phone)).toBeUndefined();
  });

  it('refuses a sensitive username with C0902', async () => {
    const t = createTestUaa();
    await t.post(ENDPOINTS.registerSmsCode.path, { phone });
    const reply = await registerByPhone(t, { username: 'shithead' }).set('lang', 'en-US');
    expect(reply.body).toEqual({ msgCode: 'C0902', msg: 'Sensitive information exists, please modify' });
  });

  it('refuses a code sent more than 5 minutes ago', async () => {
    const t = createTestUaa();
    await t.post(ENDPOINTS.registerSmsCode.path, { phone });
    const code = t.codeFor(phone);
    t.advance(5 * MINUTE);
    expect(
      (await registerByPhone(t, { code, password: t.encrypt(dave.password, 'register') })).body.msgCode,
    ).toBe('A0204');
  });

  it.each([
    ['a username ending with a symbol', { username: 'dave_' }, 'A0100'],
    ['two symbols in a row', { username: 'da__ve' }, 'A0100'],
    ['a bad phone', { phone: '123' }, 'A0103'],
    ['a missing code', { code: undefined }, 'A0100'],
    ['a weak password', { password: 'PLAIN' }, 'A0216'],
    ['an array username', { username: ['dave'] }, 'A0100'],
  ])('refuses %s with %s', async (_name, change, code) => {
    const t = createTestUaa();
    await t.post(ENDPOINTS.registerSmsCode.path, { phone });
    expect((await registerByPhone(t, change)).body.msgCode).toBe(code);
  });

  it('refuses a password of one kind with A0100 and its rule text', async () => {
    const t = createTestUaa();
    await t.post(ENDPOINTS.registerSmsCode.path, { phone });
    const reply = await registerByPhone(t, { password: t.encrypt('abcdefghij', 'register') }).set(
      'lang',
      'en-US',
    );
    expect(reply.body).toEqual({ msgCode: 'A0100', msg: expect.stringMatching(/two or more/) });
  });

  it('refuses a registration SMS more often than every 60 s (A0301)', async () => {
    const t = createTestUaa();
    await t.post(ENDPOINTS.registerSmsCode.path, { phone });
    expect((await t.post(ENDPOINTS.registerSmsCode.path, { phone })).body.msgCode).toBe('A0301');
  });
});

describe('register/deactivate', () => {
  it('removes the account, its sessions, keys and bindings; its phone and e-mail register again', async () => {
    const t = createTestUaa();
    const { user, token } = t.member({
      phone: '13700003333',
      email: 'gone@example.org',
      githubAccount: 'gone',
    });
    await t.authed(ENDPOINTS.credentialCreate.path, token, { description: 'k' });
    const other = t.sessionFor(user.ssoUid, true);

    const reply = await t.authedGet(ENDPOINTS.deactivate.path, token);
    expect(reply.body).toEqual({ msgCode: '10000', msg: 'success' });
    expect(t.store.users.get(user.ssoUid)).toBeUndefined();
    expect(t.store.keys.list(user.ssoUid)).toEqual([]);
    expect((await t.authed(ENDPOINTS.userInfo.path, other)).status).toBe(401);
    expect(t.store.users.findByIdentity('github', 'gone')).toBeUndefined();

    const phone = await t.post(ENDPOINTS.registerCheck.path, { item: '13700003333', type: 'phone' });
    const email = await t.post(ENDPOINTS.registerCheck.path, { item: 'gone@example.org', type: 'email' });
    expect([phone.body.data, email.body.data]).toEqual([{ exist: false }, { exist: false }]);
    expect((await t.post(ENDPOINTS.registerSmsCode.path, { phone: '13700003333' })).body.msgCode).toBe(
      '10000',
    );
  });

  it('needs a session (401 A0211)', async () => {
    const t = createTestUaa();
    const reply = await t.http.get(ENDPOINTS.deactivate.path);
    expect(reply.status).toBe(401);
    expect(reply.body.msgCode).toBe('A0211');
  });

  it('refuses to remove the last account that can manage users (A0201)', async () => {
    const t = createTestUaa();
    const reply = await t.authedGet(ENDPOINTS.deactivate.path, t.adminToken()).set('lang', 'en-US');
    expect(reply.body).toEqual({ msgCode: 'A0201', msg: expect.stringMatching(/last account/) });
    expect(t.store.findUserByUsername('admin')).toBeDefined();
  });
});
