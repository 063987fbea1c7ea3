import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { createTestUaa } from '@tests/support/local-uaa';

describe('personal/username/check', () => {
  const check = ENDPOINTS.usernameCheck.path;

  it('tells whether a username is taken, in any case, with or without a session', async () => {
    const t = createTestUaa();
    expect((await t.post(check, { username: 'Admin' })).body).toEqual({
      msgCode: '10000',
      msg: 'success',
      data: { exist: true },
    });
    const { token } = t.member();
    expect((await t.authed(check, token, { username: 'newbie' })).body.data).toEqual({ exist: false });
  });

  it('answers a rule failure with A0100 and the rule text', async () => {
    const t = createTestUaa();
    const reply = await t.post(check, { username: '9lives' }).set('lang', 'en-US');
    expect(reply.body).toEqual({ msgCode: 'A0100', msg: 'The username must start with a letter' });
    expect((await t.post(check, { username: 'ab' })).body.msgCode).toBe('A0100');
    expect((await t.post(check, { username: 'a..b' })).body.msgCode).toBe('A0100');
    expect((await t.post(check, { username: 'abc-' })).body.msgCode).toBe('A0100');
  });

  it('answers a sensitive word with C0902, whatever the case', async () => {
    const t = createTestUaa();
    const reply = await t.post(check, { username: 'bigFuck' });
    expect(reply.body).toEqual({ msgCode: 'C0902', msg: '存在敏感信息，请修改' });
  });

  it.each([[{}], [{ username: 42 }], [{ username: ['abc'] }], [{ username: 'a'.repeat(10_241) }]])(
    'refuses %j with A0100',
    async (body) => {
      const t = createTestUaa();
      expect((await t.post(check, body)).body.msgCode).toBe('A0100');
    },
  );
});

describe('personal/info/update and username/set', () => {
  it('sets the username once, replacing the generated nickname', async () => {
    const t = createTestUaa();
    const { user, token } = t.member({ phone: '13600000001' });
    expect(user.nickname).toMatch(/^user_/);
    const reply = await t.authed(ENDPOINTS.infoUpdate.path, token, { username: 'Settled' });
    expect(reply.body).toMatchObject({
      msgCode: '10000',
      data: { username: 'Settled', nickname: 'Settled' },
    });

    const again = await t
      .authed(ENDPOINTS.infoUpdate.path, token, { username: 'Other' })
      .set('lang', 'en-US');
    expect(again.body).toEqual({ msgCode: 'A0217', msg: expect.stringMatching(/cannot be changed/) });
    expect((await t.authed(ENDPOINTS.usernameSet.path, token, { username: 'Other' })).body.msgCode).toBe(
      'A0217',
    );
    expect(t.store.users.get(user.ssoUid)?.username).toBe('Settled');
  });

  it('sets the username through the inferred username/set call too', async () => {
    const t = createTestUaa();
    const { token } = t.member();
    const reply = await t.authed(ENDPOINTS.usernameSet.path, token, { username: 'viaSet' });
    expect(reply.body.data.username).toBe('viaSet');
  });

  it('changes the nickname at any time, keeping the username', async () => {
    const t = createTestUaa();
    const { token } = t.member({ username: 'fixed' });
    const reply = await t.authed(ENDPOINTS.infoUpdate.path, token, { nickname: '小明' });
    expect(reply.body.data).toMatchObject({ username: 'fixed', nickname: '小明' });
  });

  it('refuses a taken username with A0210, a sensitive one with C0902 and a bad one with A0100', async () => {
    const t = createTestUaa();
    const { token } = t.member();
    expect((await t.authed(ENDPOINTS.infoUpdate.path, token, { username: 'ADMIN' })).body.msgCode).toBe(
      'A0210',
    );
    expect((await t.authed(ENDPOINTS.infoUpdate.path, token, { username: 'shitty' })).body.msgCode).toBe(
      'C0902',
    );
    expect((await t.authed(ENDPOINTS.infoUpdate.path, token, { username: '_x' })).body.msgCode).toBe('A0100');
    expect((await t.authed(ENDPOINTS.infoUpdate.path, token, { nickname: '傻逼' })).body.msgCode).toBe(
      'C0902',
    );
  });

  it.each([
    ['nothing to change', {}],
    ['an empty nickname', { nickname: '   ' }],
    ['a nickname over 30 characters', { nickname: 'n'.repeat(31) }],
    ['a nickname with a control character', { nickname: 'a\u0007b' }],
    ['an object username', { username: { a: 1 } }],
  ])('refuses %s with A0100', async (_name, body) => {
    const t = createTestUaa();
    const { token } = t.member();
    expect((await t.authed(ENDPOINTS.infoUpdate.path, token, body)).body.msgCode).toBe('A0100');
  });

  it('needs a session', async () => {
    const t = createTestUaa();
    expect((await t.post(ENDPOINTS.infoUpdate.path, { username: 'abc' })).status).toBe(401);
  });
});

describe('personal/item/check', () => {
  it('answers true for a phone or e-mail of some account, else false', async () => {
    const t = createTestUaa();
    t.member({ phone: '13600000002', email: 'who@example.org' });
    const { token } = t.member();
    const check = (body: object) => t.authed(ENDPOINTS.itemCheck.path, token, body);
    expect((await check({ message: 'phone', item: '13600000002' })).body).toEqual({
      msgCode: '10000',
      msg: 'success',
      data: true,
    });
    expect((await check({ message: 'email', item: 'WHO@example.org' })).body.data).toBe(true);
    expect((await check({ message: 'email', item: 'nobody@example.org' })).body.data).toBe(false);
  });

  it('refuses bad input: A0103, A0102, A0100; and no session: 401', async () => {
    const t = createTestUaa();
    const { token } = t.member();
    const check = (body: object) => t.authed(ENDPOINTS.itemCheck.path, token, body);
    expect((await check({ message: 'phone', item: '123' })).body.msgCode).toBe('A0103');
    expect((await check({ message: 'email', item: 'x@' })).body.msgCode).toBe('A0102');
    expect((await check({ message: 'fax', item: '123' })).body.msgCode).toBe('A0100');
    expect((await t.post(ENDPOINTS.itemCheck.path, { message: 'phone', item: '13600000002' })).status).toBe(
      401,
    );
  });
});
