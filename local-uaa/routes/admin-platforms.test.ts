import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { PLATFORM_KEYS } from '@shared/platforms';
import { ROLE_IDS } from '../seed';
import { createTestUaa, type TestUaa } from '@tests/support/local-uaa';

const newPlatform = {
  displayName: '数据平台2',
  homePageUrl: 'https://data.example.org',
  callback: 'https://data.example.org/sso',
  logoutUrl: 'https://data.example.org/logout',
  logo: 'http://localhost:8080/__dev/files/abc',
  description: 'A data platform, for tests.',
};

function platformAdmin(t: TestUaa): string {
  return t.member({ roles: [ROLE_IDS.platformAdmin] }).token;
}

describe('mgmt/platforms: reading', () => {
  it('lists the ten seeded platforms with paging and total, without secrets', async () => {
    const t = createTestUaa();
    const reply = await t.authed(ENDPOINTS.platformList.path, t.adminToken(), { current: 1, pageSize: 12 });
    expect(reply.body.msgCode).toBe('10000');
    expect(reply.body.data.total).toBe(10);
    expect(reply.body.data.records.map((p: { id: string }) => p.id)).toEqual([...PLATFORM_KEYS]);
    expect(reply.body.data.records[0]).toEqual({
      id: 'media',
      displayName: 'Media',
      createTime: new Date(t.now()).toISOString(),
      homePageUrl: 'https://media.example.org',
      callback: 'https://media.example.org/sso/callback',
      logoutUrl: 'https://media.example.org/logout',
      logo: '',
      description: '',
      clientId: 'uaa-media',
    });
    const second = await t.authed(ENDPOINTS.platformList.path, t.adminToken(), { current: 2, pageSize: 4 });
    expect(second.body.data.records.map((p: { id: string }) => p.id)).toEqual([
      'migo',
      'vsp',
      'moce',
      'science-discovery',
    ]);
  });

  it('lists everything with noPage, and filters by id, name and creation time', async () => {
    const t = createTestUaa();
    const list = (body: object) => t.authed(ENDPOINTS.platformList.path, t.adminToken(), body);
    expect((await list({ current: 1, size: 3, noPage: true })).body.data.records).toHaveLength(10);
    expect((await list({ current: 1, pageSize: 12, platformsId: 'MED' })).body.data.total).toBe(2);
    expect((await list({ current: 1, pageSize: 12, displayName: 'bio' })).body.data.records[0].id).toBe(
      'virtualbiolab',
    );

    t.advance(2 * 24 * 60 * 60_000);
    await t.authed(ENDPOINTS.platformAdd.path, t.adminToken(), newPlatform);
    const today = new Date(t.now()).toISOString().slice(0, 10);
    const recent = await list({ current: 1, pageSize: 12, beginTime: today, endTime: today });
    expect(recent.body.data.records.map((p: { displayName: string }) => p.displayName)).toEqual([
      '数据平台2',
    ]);
    const before = await list({ current: 1, pageSize: 12, endTime: t.now() - 24 * 60 * 60_000 });
    expect(before.body.data.total).toBe(10);
    expect((await list({ current: 1, pageSize: 12, beginTime: 'yesterday-ish' })).body.msgCode).toBe('A0100');
  });

  it('shows the detail with the secret, and answers an unknown id with A0101', async () => {
    const t = createTestUaa();
    const token = t.adminToken();
    const reply = await t.authed(ENDPOINTS.platformDetail.path, token, { id: 'cmg' });
    expect(reply.body.data).toMatchObject({
      id: 'cmg',
      clientId: 'uaa-cmg',
      clientSecret: expect.stringMatching(/^[0-9a-f]{48}$/),
    });
    expect((await t.authed(ENDPOINTS.platformDetail.path, token, { id: 'nope' })).body.msgCode).toBe('A0101');
  });

  it('lists the registration sources', async () => {
    const t = createTestUaa();
    const reply = await t.authedGet(ENDPOINTS.platformListSource.path, t.adminToken());
    expect(reply.body).toEqual({ msgCode: '10000', msg: 'success', data: [...PLATFORM_KEYS] });
  });
});

describe('mgmt/platforms: writing', () => {
  it('adds a platform with a generated client id and secret', async () => {
    const t = createTestUaa();
    const token = platformAdmin(t);
    const reply = await t.authed(ENDPOINTS.platformAdd.path, token, newPlatform);
    expect(reply.body.data).toMatchObject({
      ...newPlatform,
      id: expect.stringMatching(/^p[0-9a-f]{8}$/),
      clientId: expect.stringMatching(/^uaa-p[0-9a-f]{8}$/),
      clientSecret: expect.stringMatching(/^[0-9a-f]{48}$/),
    });
    const { id, clientId } = reply.body.data;
    expect(t.store.platforms.findByClientId(clientId)?.id).toBe(id);
    // The new client can ask for one-time codes straight away.
    expect((await t.authed(ENDPOINTS.internalAuth.path, token, { clientId })).body.msgCode).toBe('10000');
  });

  it('adds several platforms as xlabs, all or none', async () => {
    const t = createTestUaa();
    const token = t.adminToken();
    const two = await t.authed(ENDPOINTS.platformAdd.path, token, {
      xlabs: [newPlatform, { ...newPlatform, displayName: 'Second' }],
    });
    expect(two.body.data).toHaveLength(2);
    const bad = await t.authed(ENDPOINTS.platformAdd.path, token, {
      xlabs: [
        { ...newPlatform, displayName: 'Third' },
        { ...newPlatform, logoutUrl: '' },
      ],
    });
    expect(bad.body.msgCode).toBe('A0100');
    expect(t.store.platforms.list()).toHaveLength(12);
  });

  it.each([
    ['a name with spaces', { displayName: 'Two words' }, /Only Chinese, English and digits/],
    ['a name of 33 characters', { displayName: 'x'.repeat(33) }, /length 1-32/],
    ['no logout URL', { logoutUrl: '' }, /required/],
    ['a javascript: URL', { homePageUrl: 'javascript:alert(1)' }, /correct URL/],
    ['a URL over 512 characters', { callback: `https://a.example/${'x'.repeat(500)}` }, /512/],
    ['a description with markup', { description: '<b>hi</b>' }, /punctuation/],
  ])('refuses %s with A0100 and the rule text', async (_name, change, text) => {
    const t = createTestUaa();
    const reply = await t
      .authed(ENDPOINTS.platformAdd.path, t.adminToken(), { ...newPlatform, ...change })
      .set('lang', 'en-US');
    expect(reply.body.msgCode).toBe('A0100');
    expect(reply.body.msg).toMatch(text);
  });

  it('updates the fields given and keeps the rest; an unknown id is A0101', async () => {
    const t = createTestUaa();
    const token = t.adminToken();
    const reply = await t.authed(ENDPOINTS.platformUpdate.path, token, {
      id: 'migo',
      displayName: 'Migo2',
      logo: '',
    });
    expect(reply.body.data).toMatchObject({
      id: 'migo',
      displayName: 'Migo2',
      logoutUrl: 'https://migo.example.org/logout',
    });
    expect(
      (await t.authed(ENDPOINTS.platformUpdate.path, token, { id: 'nope', displayName: 'X' })).body.msgCode,
    ).toBe('A0101');
    expect(
      (await t.authed(ENDPOINTS.platformUpdate.path, token, { id: 'migo', logoutUrl: '' })).body.msgCode,
    ).toBe('A0100');
  });

  it('deletes platforms in bulk, all or none', async () => {
    const t = createTestUaa();
    const token = t.adminToken();
    expect(
      (await t.authed(ENDPOINTS.platformDelete.path, token, { ids: ['vsp', 'nope'] })).body.msgCode,
    ).toBe('A0101');
    expect(t.store.platforms.get('vsp')).toBeDefined();
    expect(
      (await t.authed(ENDPOINTS.platformDelete.path, token, { ids: ['vsp', 'moce'] })).body.msgCode,
    ).toBe('10000');
    expect(t.store.platforms.list()).toHaveLength(8);
    expect((await t.authed(ENDPOINTS.platformDelete.path, token, { ids: [] })).body.msgCode).toBe('A0100');
  });

  it('resets secrets, and the old secret is gone', async () => {
    const t = createTestUaa();
    const before = t.store.platforms.get('media')?.clientSecret;
    const reply = await t.authed(ENDPOINTS.platformReset.path, t.adminToken(), { ids: ['media'] });
    expect(reply.body.data).toEqual([
      { id: 'media', clientId: 'uaa-media', clientSecret: expect.stringMatching(/^[0-9a-f]{48}$/) },
    ]);
    expect(reply.body.data[0].clientSecret).not.toBe(before);
    expect(t.store.platforms.get('media')?.clientSecret).toBe(reply.body.data[0].clientSecret);
    expect((await t.authed(ENDPOINTS.platformReset.path, t.adminToken(), { ids: ['x'] })).body.msgCode).toBe(
      'A0101',
    );
  });
});

describe('mgmt/platforms: permissions and input', () => {
  const calls: [string, object][] = [
    [ENDPOINTS.platformDetail.path, { id: 'media' }],
    [ENDPOINTS.platformAdd.path, newPlatform],
    [ENDPOINTS.platformUpdate.path, { id: 'media', displayName: 'M' }],
    [ENDPOINTS.platformDelete.path, { ids: ['media'] }],
    [ENDPOINTS.platformReset.path, { ids: ['media'] }],
    [ENDPOINTS.platformList.path, { current: 1, pageSize: 12 }],
  ];

  it.each(calls)('%s is 403 A0201 for a user without the module', async (path, body) => {
    const t = createTestUaa();
    const reply = await t.authed(path, t.member().token, body).set('lang', 'en-US');
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({
      msgCode: 'A0201',
      msg: 'This account currently has no permission to access this module.',
    });
    expect(t.store.platforms.get('media')?.displayName).toBe('Media');
  });

  it('lets the users module read the list and the sources but not write (403)', async () => {
    const t = createTestUaa();
    // Roles are read-only through the API; reshape the platform-admin role into a users-only one.
    const role = t.store.roles.get(ROLE_IDS.platformAdmin)!;
    role.resName = 'users';
    const { token } = t.member({ roles: [ROLE_IDS.platformAdmin] });
    expect((await t.authed(ENDPOINTS.platformList.path, token, { current: 1 })).status).toBe(200);
    expect((await t.authedGet(ENDPOINTS.platformListSource.path, token)).status).toBe(200);
    expect((await t.authed(ENDPOINTS.platformDetail.path, token, { id: 'media' })).status).toBe(403);
    expect((await t.authed(ENDPOINTS.platformAdd.path, token, newPlatform)).status).toBe(403);
    expect((await t.authedGet(ENDPOINTS.platformListSource.path, t.member().token)).status).toBe(403);
  });

  it('needs a session (401)', async () => {
    const t = createTestUaa();
    expect((await t.post(ENDPOINTS.platformList.path, { current: 1 })).status).toBe(401);
    expect((await t.http.get(ENDPOINTS.platformListSource.path)).status).toBe(401);
  });

  it.each([
    [ENDPOINTS.platformList.path, { current: 0, pageSize: 12 }],
    [ENDPOINTS.platformList.path, { current: 1, pageSize: 5000 }],
    [ENDPOINTS.platformList.path, { current: 'first' }],
    [ENDPOINTS.platformList.path, { current: 1, displayName: ['a'] }],
    [ENDPOINTS.platformDetail.path, {}],
    [ENDPOINTS.platformAdd.path, { displayName: 'NoLogout' }],
    [ENDPOINTS.platformAdd.path, { xlabs: [] }],
    [ENDPOINTS.platformUpdate.path, { displayName: 'NoId' }],
    [ENDPOINTS.platformDelete.path, { ids: 'x'.repeat(10_241) }],
    [ENDPOINTS.platformReset.path, { ids: [{ id: 'media' }] }],
  ])('%s refuses %j with A0100', async (path, body) => {
    const t = createTestUaa();
    expect((await t.authed(path, t.adminToken(), body)).body.msgCode).toBe('A0100');
  });
});
