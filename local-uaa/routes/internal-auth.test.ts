import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { seedClientId } from '../seed';
import { createTestUaa } from '@tests/support/local-uaa';

const path = ENDPOINTS.internalAuth.path;
const media = seedClientId('media');

async function codeFor(t: ReturnType<typeof createTestUaa>, clientId = media): Promise<string> {
  const token = t.adminToken();
  const reply = await t.authed(path, token, { clientId });
  expect(reply.body).toEqual({ msgCode: '10000', msg: 'success', data: { code: expect.any(String) } });
  return reply.body.data.code as string;
}

describe('internal/auth', () => {
  it('issues a one-time code that redeems once, for its client, to its user', async () => {
    const t = createTestUaa();
    const code = await codeFor(t);
    expect(t.store.redeemAuthCode(code, media)?.username).toBe('admin');
    expect(t.store.redeemAuthCode(code, media)).toBeNull();
  });

  it('issues a fresh code each time', async () => {
    const t = createTestUaa();
    expect(await codeFor(t)).not.toBe(await codeFor(t));
  });

  it('burns a code presented by another client', async () => {
    const t = createTestUaa();
    const code = await codeFor(t);
    expect(t.store.redeemAuthCode(code, seedClientId('cmg'))).toBeNull();
    expect(t.store.redeemAuthCode(code, media)).toBeNull();
  });

  it('lets a code live 60 s', async () => {
    const t = createTestUaa();
    const late = await codeFor(t);
    const onTime = await codeFor(t);
    t.advance(59_999);
    expect(t.store.redeemAuthCode(onTime, media)).not.toBeNull();
    t.advance(1);
    expect(t.store.redeemAuthCode(late, media)).toBeNull();
  });

  it('refuses an unknown or missing clientId with A0100', async () => {
    const t = createTestUaa();
    const token = t.adminToken();
    expect((await t.authed(path, token, { clientId: 'uaa-nope' })).body.msgCode).toBe('A0100');
    expect((await t.authed(path, token, {})).body.msgCode).toBe('A0100');
    expect((await t.authed(path, token, { clientId: ['uaa-media'] })).body.msgCode).toBe('A0100');
  });

  it('refuses a caller without a valid token with 401 A0211', async () => {
    const t = createTestUaa();
    const none = await t.post(path, { clientId: media });
    expect(none.status).toBe(401);
    expect(none.body.msgCode).toBe('A0211');
    expect((await t.authed(path, 'forged', { clientId: media })).status).toBe(401);
  });
});
