import { describe, expect, it } from 'vitest';
import { CLI_KEY_DESCRIPTION } from '@shared/contract/credential';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { createTestUaa, type TestUaa } from '@tests/support/local-uaa';

const {
  credentialList,
  credentialCreate,
  credentialRevoke,
  credentialEnable,
  credentialDisable,
  credentialSecret,
} = ENDPOINTS;

async function createKey(t: TestUaa, token: string, description = 'my key') {
  const reply = await t.authed(credentialCreate.path, token, { description });
  expect(reply.body.msgCode).toBe('10000');
  return reply.body.data as { ak: string; sk: string };
}

describe('open/credential', () => {
  it('creates a key pair, shown in full once and masked in the list', async () => {
    const t = createTestUaa();
    const { user, token } = t.member();
    const created = await createKey(t, token, 'for scripts');
    expect(created).toEqual({
      ak: expect.stringMatching(/^AK[0-9A-F]{18}$/),
      sk: expect.stringMatching(/^[\w-]{40}$/),
    });

    const list = await t.authed(credentialList.path, token, { sso_uid: user.ssoUid });
    expect(list.body).toEqual({
      msgCode: '10000',
      msg: 'success',
      data: [
        {
          ak: created.ak,
          sk: `${created.sk.slice(0, 4)}${'*'.repeat(16)}${created.sk.slice(-2)}`,
          type: 'USER',
          status: 'ENABLED',
          description: 'for scripts',
          createDate: new Date(t.now()).toISOString(),
          sso_uid: user.ssoUid,
        },
      ],
    });
    const secret = await t.authed(credentialSecret.path, token, { ak: created.ak });
    expect(secret.body.data).toEqual({ sk: created.sk });
  });

  it("types the command-line tool's key by its known description", async () => {
    const t = createTestUaa();
    const { token } = t.member();
    await createKey(t, token, CLI_KEY_DESCRIPTION);
    expect((await t.authed(credentialList.path, token)).body.data[0].type).toBe('CLI');
  });

  it('allows two keys per account; the third is A0302 with a clear message', async () => {
    const t = createTestUaa();
    const { token } = t.member();
    await createKey(t, token);
    await createKey(t, token);
    const third = await t.authed(credentialCreate.path, token, { description: 'third' }).set('lang', 'en-US');
    expect(third.body).toEqual({ msgCode: 'A0302', msg: expect.stringMatching(/at most 2 access keys/) });
    const zh = await t.authed(credentialCreate.path, token, {});
    expect(zh.body.msg).toMatch(/最多只能创建 2 个密钥/);
  });

  it('lists only my keys, and refuses to list someone else (403 A0201)', async () => {
    const t = createTestUaa();
    const me = t.member();
    const them = t.member();
    await createKey(t, them.token);
    expect((await t.authed(credentialList.path, me.token, {})).body.data).toEqual([]);
    expect((await t.authed(credentialList.path, me.token, { sso_uid: '' })).body.data).toEqual([]);
    const theirs = await t.authed(credentialList.path, me.token, { sso_uid: them.user.ssoUid });
    expect(theirs.status).toBe(403);
    expect(theirs.body.msgCode).toBe('A0201');
  });

  it('switches a key off and on (enable, disable, revoke type 0 or 1)', async () => {
    const t = createTestUaa();
    const { token } = t.member();
    const { ak } = await createKey(t, token);
    expect((await t.authed(credentialDisable.path, token, { ak })).body.data.status).toBe('DISABLED');
    expect((await t.authed(credentialEnable.path, token, { ak })).body.data.status).toBe('ENABLED');
    expect((await t.authed(credentialRevoke.path, token, { ak, type: 1 })).body.data.status).toBe('DISABLED');
    await t.authed(credentialEnable.path, token, { ak });
    expect((await t.authed(credentialRevoke.path, token, { ak, type: '0' })).body.data.status).toBe(
      'DISABLED',
    );
  });

  it('deletes a disabled key (revoke type 2) and refuses an enabled one', async () => {
    const t = createTestUaa();
    const { token } = t.member();
    const { ak } = await createKey(t, token);
    const refused = await t.authed(credentialRevoke.path, token, { ak, type: 2 }).set('lang', 'en-US');
    expect(refused.body).toEqual({ msgCode: 'A0201', msg: 'Close the key before deleting it.' });
    await t.authed(credentialDisable.path, token, { ak });
    expect((await t.authed(credentialRevoke.path, token, { ak, type: 2 })).body).toEqual({
      msgCode: '10000',
      msg: 'success',
    });
    expect((await t.authed(credentialList.path, token)).body.data).toEqual([]);
    await createKey(t, token);
    await createKey(t, token); // deleting freed a place
  });

  it("treats another account's key as unknown (A0101) everywhere", async () => {
    const t = createTestUaa();
    const owner = t.member();
    const { ak } = await createKey(t, owner.token);
    const { token } = t.member();
    for (const [path, body] of [
      [credentialSecret.path, { ak }],
      [credentialEnable.path, { ak }],
      [credentialDisable.path, { ak }],
      [credentialRevoke.path, { ak, type: 1 }],
      [credentialRevoke.path, { ak, type: 2 }],
    ] as const) {
      expect((await t.authed(path, token, body)).body.msgCode).toBe('A0101');
    }
    expect(t.store.keys.list(owner.user.ssoUid)[0]?.status).toBe('ENABLED');
  });

  it.each([
    [credentialCreate.path, { description: 'bad <script>' }],
    [credentialCreate.path, { description: 'x'.repeat(101) }],
    [credentialCreate.path, { description: 7 }],
    [credentialRevoke.path, { ak: 'AK1', type: 3 }],
    [credentialRevoke.path, { ak: 'AK1' }],
    [credentialRevoke.path, { ak: 'AK1', type: 'delete' }],
    [credentialSecret.path, {}],
    [credentialEnable.path, { ak: ['AK1'] }],
    [credentialList.path, { sso_uid: { $ne: null } }],
  ])('%s refuses %j with A0100', async (path, body) => {
    const t = createTestUaa();
    const { token } = t.member();
    expect((await t.authed(path, token, body)).body.msgCode).toBe('A0100');
  });

  it.each([
    credentialList,
    credentialCreate,
    credentialRevoke,
    credentialEnable,
    credentialDisable,
    credentialSecret,
  ])('$path needs a session', async ({ path }) => {
    const t = createTestUaa();
    expect((await t.post(path, { ak: 'x', type: 1 })).status).toBe(401);
  });
});
