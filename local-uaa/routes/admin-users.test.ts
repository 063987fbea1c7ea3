import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { verifyPassword } from '../passwords';
import { ROLE_IDS, SEED_ROLES } from '../seed';
import { createTestUaa, type TestUaa } from '@tests/support/local-uaa';
import type { RoleRecord } from '../records';

const { internalUserList, internalUserSearch, internalUserCreate, internalUserUpdate, internalUserDelete } =
  ENDPOINTS;

function createBody(t: TestUaa, change: Record<string, unknown> = {}) {
  return {
    email: 'staff@example.org',
    phone: '13812345678',
    password: t.encrypt('Staff-pass1', 'register'),
    githubAccount: 'staff-gh',
    source: 'media',
    status: 'ACTIVE',
    description: 'Support staff',
    roleIds: [ROLE_IDS.platformAdmin],
    ...change,
  };
}

describe('user/admin/internal: list and search', () => {
  it('lists every account, newest first, in the internal-user shape without passwords', async () => {
    const t = createTestUaa();
    t.advance(1000);
    const { user } = t.member({ phone: '13800000001', createBy: 'cmg', platforms: ['media'] });
    const reply = await t.authed(internalUserList.path, t.adminToken(), { pageNumber: 1, pageSize: 12 });
    expect(reply.body.msgCode).toBe('10000');
    expect(reply.body.data.totalCount).toBe(2);
    expect(reply.body.data.users[0]).toEqual({
      ssoUid: user.ssoUid,
      username: null,
      email: null,
      phone: '13800000001',
      githubAccount: null,
      createBy: 'cmg',
      platforms: ['media'],
      roles: [],
      status: 'ACTIVE',
      description: '',
      createTime: new Date(t.now()).toISOString(),
    });
    expect(reply.body.data.users[1]).toMatchObject({
      username: 'admin',
      roles: [{ roleId: ROLE_IDS.superAdmin, roleName: SEED_ROLES.superAdmin.roleName }],
    });
    expect(JSON.stringify(reply.body)).not.toMatch(/password|scrypt/i);
  });

  it('pages the list', async () => {
    const t = createTestUaa();
    for (let i = 0; i < 14; i += 1) t.member({ phone: `1380000${String(i).padStart(4, '0')}` });
    const second = await t.authed(internalUserList.path, t.adminToken(), { pageNumber: 2, pageSize: 12 });
    expect(second.body.data).toMatchObject({ totalCount: 15 });
    expect(second.body.data.users).toHaveLength(3);
  });

  it('searches by every filter', async () => {
    const t = createTestUaa();
    const a = t.member({
      phone: '13811110000',
      email: 'Alpha@example.org',
      githubAccount: 'alpha-gh',
      createBy: 'cmg',
      platforms: ['vsp'],
    });
    t.advance(3 * 24 * 60 * 60_000);
    const b = t.member({
      phone: '13922220000',
      email: 'beta@example.org',
      createBy: '',
      platforms: ['media', 'migo'],
    });
    const token = t.adminToken();
    const search = async (filters: object) =>
      (
        await t.authed(internalUserSearch.path, token, { pageNumber: 1, pageSize: 12, ...filters })
      ).body.data.users.map((u: { ssoUid: string }) => u.ssoUid);
    expect(await search({ ssoUid: a.user.ssoUid.slice(0, 8) })).toEqual([a.user.ssoUid]);
    expect(await search({ phone: '1392222' })).toEqual([b.user.ssoUid]);
    expect(await search({ email: 'ALPHA' })).toEqual([a.user.ssoUid]);
    expect(await search({ githubAccount: 'alpha' })).toEqual([a.user.ssoUid]);
    expect(await search({ createOrigins: ['cmg'] })).toEqual([a.user.ssoUid]);
    expect(await search({ createOrigins: ['default'], phone: '13' })).toEqual([b.user.ssoUid]);
    expect(await search({ platforms: ['migo', 'vsp'] })).toEqual([b.user.ssoUid, a.user.ssoUid]);
    expect(await search({ platforms: 'vsp' })).toEqual([a.user.ssoUid]);
    const today = new Date(t.now()).toISOString().slice(0, 10);
    expect(await search({ since: today })).toEqual([b.user.ssoUid]);
    expect(await search({ until: t.now() - 1, phone: '138' })).toEqual([a.user.ssoUid]);
    expect(await search({ since: '', until: null, createOrigins: [], platforms: [] })).toHaveLength(3);
  });

  it('records the platforms a user signed in to through internal/auth', async () => {
    const t = createTestUaa();
    const { user, token } = t.member({ phone: '13800000002' });
    await t.authed(ENDPOINTS.internalAuth.path, token, { clientId: 'uaa-cmg' });
    await t.authed(ENDPOINTS.internalAuth.path, token, { clientId: 'uaa-cmg' });
    await t.authed(ENDPOINTS.internalAuth.path, token, { clientId: 'uaa-vsp' });
    expect(t.store.users.get(user.ssoUid)?.platforms).toEqual(['cmg', 'vsp']);
  });
});

describe('user/admin/internal: create', () => {
  it('creates an active account that can log in, with a single role', async () => {
    const t = createTestUaa();
    const reply = await t.authed(internalUserCreate.path, t.adminToken(), createBody(t));
    expect(reply.body.msgCode).toBe('10000');
    expect(reply.body.data).toMatchObject({
      email: 'staff@example.org',
      phone: '13812345678',
      githubAccount: 'staff-gh',
      createBy: 'media',
      roles: [{ roleId: ROLE_IDS.platformAdmin, roleName: SEED_ROLES.platformAdmin.roleName }],
      status: 'ACTIVE',
      description: 'Support staff',
    });
    const saved = t.store.users.get(reply.body.data.ssoUid);
    expect(await verifyPassword('Staff-pass1', saved?.passwordHash ?? null)).toBe(true);
    expect(t.store.roles.modulesOf(saved!.roles)).toEqual(['platforms']);
  });

  it('creates with the default source, no role (none, [] or 0) and only an e-mail', async () => {
    const t = createTestUaa();
    const token = t.adminToken();
    for (const [i, roleIds] of [[], 0, null].entries()) {
      const reply = await t.authed(
        internalUserCreate.path,
        token,
        createBody(t, {
          email: `n${i}@example.org`,
          phone: '',
          githubAccount: '',
          source: 'default',
          roleIds,
        }),
      );
      expect(reply.body.data).toMatchObject({ createBy: '', roles: [], phone: null, githubAccount: null });
    }
  });

  it.each([
    ['neither e-mail nor phone', { email: '', phone: '' }, 'A0100', /at least one/],
    ['no source', { source: undefined }, 'A0100', /registration source/],
    ['an unknown source', { source: 'nowhere' }, 'A0101', /does not exist/],
    ['a bad e-mail', { email: 'staff@' }, 'A0102', /Mail format/],
    ['a phone with 2 as second digit', { phone: '12812345678' }, 'A0103', /Phone format/],
    ['two roles', { roleIds: [1, 2] }, 'A0100', /single role/],
    ['an unknown role', { roleIds: [99] }, 'A0101', /does not exist/],
    ['a bad GitHub login', { githubAccount: '-bad-' }, 'A0100', /Parameter/],
    ['a DELETED status', { status: 'DELETED' }, 'A0100', /Parameter/],
    ['a long description', { description: 'x'.repeat(101) }, 'A0100', /100 characters/],
  ])('refuses %s with %s', async (_name, change, code, text) => {
    const t = createTestUaa();
    const reply = await t
      .authed(internalUserCreate.path, t.adminToken(), createBody(t, change))
      .set('lang', 'en-US');
    expect(reply.body.msgCode).toBe(code);
    expect(reply.body.msg).toMatch(text);
    expect(t.store.users.list()).toHaveLength(1);
  });

  it('refuses taken contacts: e-mail A0203, phone A0209, GitHub account A0214', async () => {
    const t = createTestUaa();
    t.member({ email: 'staff@example.org', phone: '13812345678', githubAccount: 'staff-gh' });
    const token = t.adminToken();
    expect(
      (await t.authed(internalUserCreate.path, token, createBody(t, { email: 'STAFF@example.org' }))).body
        .msgCode,
    ).toBe('A0203');
    expect(
      (await t.authed(internalUserCreate.path, token, createBody(t, { email: 'x@example.org' }))).body
        .msgCode,
    ).toBe('A0209');
    expect(
      (
        await t.authed(
          internalUserCreate.path,
          token,
          createBody(t, { email: 'x@example.org', phone: '13912345678' }),
        )
      ).body.msgCode,
    ).toBe('A0214');
  });

  it('refuses a password that does not decrypt (A0216) or is weak (A0100)', async () => {
    const t = createTestUaa();
    const token = t.adminToken();
    expect(
      (await t.authed(internalUserCreate.path, token, createBody(t, { password: 'Staff-pass1' }))).body
        .msgCode,
    ).toBe('A0216');
    const weak = createBody(t, { password: t.encrypt('staffpass', 'register') });
    expect((await t.authed(internalUserCreate.path, token, weak)).body.msgCode).toBe('A0100');
  });
});

describe('user/admin/internal: update and delete', () => {
  it('updates the given fields, keeps the rest, and a status switch alone works', async () => {
    const t = createTestUaa();
    const { user } = t.member({ email: 'e@example.org', phone: '13800000003', description: 'old' });
    const token = t.adminToken();
    const reply = await t.authed(internalUserUpdate.path, token, {
      ssoUid: user.ssoUid,
      description: 'new',
      roleIds: [ROLE_IDS.superAdmin],
    });
    expect(reply.body.data).toMatchObject({
      email: 'e@example.org',
      description: 'new',
      roles: [{ roleId: 1 }],
    });
    const off = await t.authed(internalUserUpdate.path, token, { ssoUid: user.ssoUid, status: 'DISABLED' });
    expect(off.body.data.status).toBe('DISABLED');
  });

  it('ends the sessions of a disabled user, who then cannot log in', async () => {
    const t = createTestUaa();
    const { user, token } = t.member({ phone: '13800000004' });
    await t.authed(internalUserUpdate.path, t.adminToken(), { ssoUid: user.ssoUid, status: 'DISABLED' });
    expect((await t.authed(ENDPOINTS.userInfo.path, token)).status).toBe(401);
    await t.withCaptcha(ENDPOINTS.loginSmsCode.path, { phone: '13800000004' });
    const login = await t.post(ENDPOINTS.loginByPhone.path, {
      phone: '13800000004',
      code: t.codeFor('13800000004'),
    });
    expect(login.body.msgCode).toBe('A0201');
  });

  it('sets a new password when one is given, and keeps the e-mail it already has', async () => {
    const t = createTestUaa();
    const { user } = t.member({ email: 'e@example.org' });
    const reply = await t.authed(internalUserUpdate.path, t.adminToken(), {
      ssoUid: user.ssoUid,
      email: 'e@example.org',
      password: t.encrypt('Changed-pass1', 'resetPassword'),
    });
    expect(reply.body.msgCode).toBe('10000');
    expect(await verifyPassword('Changed-pass1', t.store.users.get(user.ssoUid)?.passwordHash ?? null)).toBe(
      true,
    );
  });

  it('refuses an unknown user (A0101), a taken e-mail (A0203), clearing both contacts (A0100)', async () => {
    const t = createTestUaa();
    t.member({ email: 'taken@example.org' });
    const { user } = t.member({ email: 'e@example.org' });
    const token = t.adminToken();
    expect(
      (await t.authed(internalUserUpdate.path, token, { ssoUid: 'nope', description: 'x' })).body.msgCode,
    ).toBe('A0101');
    expect(
      (await t.authed(internalUserUpdate.path, token, { ssoUid: user.ssoUid, email: 'taken@example.org' }))
        .body.msgCode,
    ).toBe('A0203');
    expect(
      (await t.authed(internalUserUpdate.path, token, { ssoUid: user.ssoUid, email: '', phone: '' })).body
        .msgCode,
    ).toBe('A0100');
  });

  it('refuses disabling or deleting oneself, and removing the last user manager (A0201)', async () => {
    const t = createTestUaa();
    const admin = t.store.findUserByUsername('admin')!;
    const token = t.adminToken();
    expect(
      (await t.authed(internalUserUpdate.path, token, { ssoUid: admin.ssoUid, status: 'DISABLED' })).body
        .msgCode,
    ).toBe('A0201');
    expect((await t.authed(internalUserDelete.path, token, { ssoUids: [admin.ssoUid] })).body.msgCode).toBe(
      'A0201',
    );
    expect(
      (await t.authed(internalUserUpdate.path, token, { ssoUid: admin.ssoUid, roleIds: [] })).body.msgCode,
    ).toBe('A0201');
    expect(t.store.users.get(admin.ssoUid)?.roles).toEqual([ROLE_IDS.superAdmin]);
  });

  it('deletes users in bulk, all or none, with their sessions', async () => {
    const t = createTestUaa();
    const a = t.member({ phone: '13800000005' });
    const b = t.member({ phone: '13800000006' });
    const token = t.adminToken();
    expect(
      (await t.authed(internalUserDelete.path, token, { ssoUids: [a.user.ssoUid, 'nope'] })).body.msgCode,
    ).toBe('A0101');
    expect(t.store.users.get(a.user.ssoUid)).toBeDefined();
    const reply = await t.authed(internalUserDelete.path, token, {
      ssoUids: `${a.user.ssoUid},${b.user.ssoUid}`,
    });
    expect(reply.body).toEqual({ msgCode: '10000', msg: 'success' });
    expect(t.store.users.list()).toHaveLength(1);
    expect((await t.authed(ENDPOINTS.userInfo.path, a.token)).status).toBe(401);
  });
});

describe('user/admin/internal: no manager gives more than they hold', () => {
  /** A users-only manager: the seeds have none, the real UAA may (roles are seeded, so it is added to the table). */
  function usersOnlyManager(t: TestUaa) {
    const roles = t.store.roles as unknown as { records: Map<number, RoleRecord> };
    roles.records.set(7, { roleId: 7, roleName: 'user manager', resName: 'users', roleDesc: 'users only' });
    return t.member({ roles: [7], email: 'helpdesk@example.org' });
  }

  it('refuses their own roles, a role with a module they lack, and a new password for someone who holds one', async () => {
    const t = createTestUaa();
    const { user, token } = usersOnlyManager(t);
    const admin = t.store.findUserByUsername('admin')!;
    const other = t.member({ email: 'o@example.org' }).user;
    const refused = async (body: Record<string, unknown>) =>
      (await t.authed(internalUserUpdate.path, token, body)).body.msgCode;
    expect(await refused({ ssoUid: user.ssoUid, roleIds: [ROLE_IDS.superAdmin] })).toBe('A0201');
    expect(await refused({ ssoUid: other.ssoUid, roleIds: [ROLE_IDS.superAdmin] })).toBe('A0201');
    expect(await refused({ ssoUid: admin.ssoUid, password: t.encrypt('Taken-over1', 'resetPassword') })).toBe(
      'A0201',
    );
    const created = await t.authed(
      internalUserCreate.path,
      token,
      createBody(t, { roleIds: [ROLE_IDS.superAdmin] }),
    );
    expect(created.body.msgCode).toBe('A0201');
    expect(t.store.users.get(user.ssoUid)?.roles).toEqual([7]);
    // What they hold they may give: their own role, to someone else.
    expect(await refused({ ssoUid: other.ssoUid, roleIds: [7] })).toBe('10000');
  });

  it('saves a user whose phone public registration took (120…) when the phone is unchanged', async () => {
    const t = createTestUaa();
    const { user } = t.member({ email: 'p@example.org', phone: '12012345678' });
    const save = (phone: string) =>
      t.authed(internalUserUpdate.path, t.adminToken(), { ssoUid: user.ssoUid, phone, description: 'note' });
    expect((await save('12012345678')).body.msgCode).toBe('10000');
    expect((await save('12012345679')).body.msgCode).toBe('A0103');
  });
});

describe('user/admin/internal: permissions and input', () => {
  it.each([
    [internalUserList.path, { pageNumber: 1, pageSize: 12 }],
    [internalUserSearch.path, { pageNumber: 1, pageSize: 12 }],
    [internalUserCreate.path, { email: 'x@example.org', password: 'x', source: 'media' }],
    [internalUserUpdate.path, { ssoUid: 'x', description: 'x' }],
    [internalUserDelete.path, { ssoUids: ['x'] }],
  ])('%s is 403 for a platform admin and 401 without a session', async (path, body) => {
    const t = createTestUaa();
    const { token } = t.member({ roles: [ROLE_IDS.platformAdmin] });
    const reply = await t.authed(path, token, body);
    expect(reply.status).toBe(403);
    expect(reply.body.msgCode).toBe('A0201');
    expect((await t.post(path, body)).status).toBe(401);
  });

  it.each([
    [internalUserList.path, { pageNumber: -1, pageSize: 12 }],
    [internalUserList.path, { pageNumber: 1, pageSize: 1001 }],
    [internalUserSearch.path, { pageNumber: 1, pageSize: 12, phone: 138 }],
    [internalUserSearch.path, { pageNumber: 1, pageSize: 12, since: 'tomorrow' }],
    [internalUserSearch.path, { pageNumber: 1, pageSize: 12, platforms: [{ id: 1 }] }],
    [internalUserCreate.path, { email: 'x@example.org' }],
    [internalUserCreate.path, { email: ['x@example.org'], password: 'x', source: 'media' }],
    [internalUserUpdate.path, { description: 'no id' }],
    [internalUserUpdate.path, { ssoUid: 'x'.repeat(10_241) }],
    [internalUserDelete.path, { ssoUids: [] }],
    [internalUserDelete.path, { ssoUids: 42 }],
  ])('%s refuses %j with A0100', async (path, body) => {
    const t = createTestUaa();
    expect((await t.authed(path, t.adminToken(), body)).body.msgCode).toBe('A0100');
  });
});
