import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { verifyPassword } from '../passwords';
import { createTestUaa, type TestUaa } from '@tests/support/local-uaa';

const forget = ENDPOINTS.passwordForget.path;
const reset = ENDPOINTS.passwordReset.path;
const phone = '13200000001';
const email = 'forgetful@example.org';

function resetWith(t: TestUaa, body: Record<string, unknown>) {
  return t.post(reset, { password: t.encrypt('Brand-new1', 'resetPassword'), ...body });
}

describe('user/management/password/forget and reset', () => {
  it.each([
    ['phone', phone, 'sms'],
    ['email', email, 'email'],
  ] as const)('resets the password through the %s, ending every session', async (type, item, channel) => {
    const t = createTestUaa();
    const { user, token } = t.member({ phone, email });
    expect((await t.post(forget, { type, item })).body).toEqual({ msgCode: '10000', msg: 'success' });
    expect(t.outbox.list().at(-1)).toMatchObject({ channel, to: item });

    const reply = await resetWith(t, { type, item, code: t.codeFor(item) });
    expect(reply.body).toEqual({ msgCode: '10000', msg: 'success' });
    expect(await verifyPassword('Brand-new1', t.store.users.get(user.ssoUid)?.passwordHash ?? null)).toBe(
      true,
    );
    expect((await t.authed(ENDPOINTS.userInfo.path, token)).status).toBe(401);
  });

  it('refuses an unregistered contact with A0206 and the spec text', async () => {
    const t = createTestUaa();
    const reply = await t.post(forget, { type: 'email', item: 'nobody@example.org' }).set('lang', 'en-US');
    expect(reply.body).toEqual({ msgCode: 'A0206', msg: 'Not a registered email, please re-enter' });
    expect((await t.post(forget, { type: 'phone', item: '13299999999' })).body.msgCode).toBe('A0206');
    expect((await resetWith(t, { type: 'phone', item: '13299999999', code: '123456' })).body.msgCode).toBe(
      'A0206',
    );
    expect(t.outbox.list()).toHaveLength(0);
  });

  it('refuses a wrong, reused or expired code with A0208', async () => {
    const t = createTestUaa();
    t.member({ phone });
    await t.post(forget, { type: 'phone', item: phone });
    const code = t.codeFor(phone);
    expect(
      (await resetWith(t, { type: 'phone', item: phone, code: code === '000000' ? '111111' : '000000' })).body
        .msgCode,
    ).toBe('A0208');
    expect((await resetWith(t, { type: 'phone', item: phone, code })).body.msgCode).toBe('10000');
    expect((await resetWith(t, { type: 'phone', item: phone, code })).body.msgCode).toBe('A0208');

    t.advance(60_000);
    await t.post(forget, { type: 'phone', item: phone });
    t.advance(5 * 60_000);
    expect((await resetWith(t, { type: 'phone', item: phone, code: t.codeFor(phone) })).body.msgCode).toBe(
      'A0208',
    );
  });

  it('refuses an account awaiting activation or disabled with A0201', async () => {
    const t = createTestUaa();
    t.member({ email, activated: false });
    t.member({ phone, status: 'DISABLED' });
    expect((await t.post(forget, { type: 'email', item: email })).body.msgCode).toBe('A0201');
    expect((await t.post(forget, { type: 'phone', item: phone })).body.msgCode).toBe('A0201');
  });

  it('sends one code per target per 60 s (A0301)', async () => {
    const t = createTestUaa();
    t.member({ phone });
    await t.post(forget, { type: 'phone', item: phone });
    expect((await t.post(forget, { type: 'phone', item: phone })).body.msgCode).toBe('A0301');
  });

  it('refuses a stale envelope (A0216) and a weak password (A0100) without using the code', async () => {
    const t = createTestUaa();
    t.member({ email });
    await t.post(forget, { type: 'email', item: email });
    const code = t.codeFor(email);
    const stale = t.encrypt('Brand-new1', 'resetPassword', t.now() - 6 * 60_000);
    expect((await t.post(reset, { type: 'email', item: email, code, password: stale })).body.msgCode).toBe(
      'A0216',
    );
    const weak = t.encrypt('12345678', 'resetPassword');
    expect((await t.post(reset, { type: 'email', item: email, code, password: weak })).body.msgCode).toBe(
      'A0100',
    );
    expect((await resetWith(t, { type: 'email', item: email, code })).body.msgCode).toBe('10000');
  });

  it.each([
    [forget, { type: 'username', item: 'admin' }, 'A0100'],
    [forget, { type: 'phone' }, 'A0100'],
    [forget, { type: 'phone', item: '123' }, 'A0103'],
    [forget, { type: 'email', item: 'no-at' }, 'A0102'],
    [reset, { type: 'phone', item: phone, code: '123456' }, 'A0100'],
    [reset, { type: 'phone', item: phone, code: ['123456'], password: 'x' }, 'A0100'],
  ])('%s refuses %j with %s', async (path, body, code) => {
    const t = createTestUaa();
    t.member({ phone });
    expect((await t.post(path, body)).body.msgCode).toBe(code);
  });
});
