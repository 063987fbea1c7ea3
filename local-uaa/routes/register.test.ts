import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/api/endpoints';
import { createTestUaa, PUBLIC_URL } from '../testing';

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

    const user = t.store.getUser(ssoUid);
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
    expect(mail?.link).toMatch(new RegExp(`^${PUBLIC_URL}/active\\?sign=[\\w-]+&token=[\\w-]+$`));
    expect(mail?.text).toContain(mail?.link);
  });

  it('activates once: the link works, then is refused', async () => {
    const t = createTestUaa();
    const { body } = await t.register(alice);
    const { sign, token } = t.activationFor(alice.email);

    const first = await t.post(ENDPOINTS.registerActive.path, { sign, token });
    expect(first.body).toEqual({ msgCode: '10000', msg: 'success' });
    expect(t.store.getUser(body.data.ssoUid)?.activated).toBe(true);
    expect((await t.login(alice.username, alice.password)).body.msgCode).toBe('10000');

    const again = await t.post(ENDPOINTS.registerActive.path, { sign, token });
    expect(again.body.msgCode).toBe('A0212');
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

  it('sends one mail per address per 60 s, otherwise A0301', async () => {
    const t = createTestUaa();
    await t.register(alice);
    t.advance(MINUTE - 1);
    const soon = await t.register({ ...alice, username: 'alice2' });
    expect(soon.body.msgCode).toBe('A0301');
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
