import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { ROLE_IDS } from '../seed';
import { createTestUaa } from '@tests/support/local-uaa';

describe('role/management/role/list', () => {
  it('lists the roles with their modules and total', async () => {
    const t = createTestUaa();
    const reply = await t.authed(ENDPOINTS.roleList.path, t.adminToken(), {
      pageNumber: 1,
      pageSize: 12,
      resourceModule: 1,
    });
    expect(reply.body).toEqual({
      msgCode: '10000',
      msg: 'success',
      data: {
        totalCount: 2,
        roles: [
          {
            roleId: ROLE_IDS.superAdmin,
            roleName: '超级管理员',
            resName: 'users,platforms,role',
            roleDesc: '管理用户、子平台和角色',
          },
          {
            roleId: ROLE_IDS.platformAdmin,
            roleName: '平台管理员',
            resName: 'platforms',
            roleDesc: '管理子平台',
          },
        ],
      },
    });
    const page2 = await t.authed(ENDPOINTS.roleList.path, t.adminToken(), {
      pageNumber: 2,
      pageSize: 1,
      resourceModule: 1,
    });
    expect(page2.body.data.roles.map((r: { roleId: number }) => r.roleId)).toEqual([ROLE_IDS.platformAdmin]);
  });

  it('needs the role module for the role page and users or role for the user form (403 A0201)', async () => {
    const t = createTestUaa();
    const role = t.store.roles.get(ROLE_IDS.platformAdmin)!;
    const platformOnly = t.member({ roles: [ROLE_IDS.platformAdmin] }).token;
    const page = { pageNumber: 1, pageSize: 1000 };
    expect(
      (await t.authed(ENDPOINTS.roleList.path, platformOnly, { ...page, resourceModule: 1 })).status,
    ).toBe(403);
    expect(
      (await t.authed(ENDPOINTS.roleList.path, platformOnly, { ...page, resourceModule: 0 })).status,
    ).toBe(403);
    role.resName = 'users'; // roles are read-only through the API
    expect(
      (await t.authed(ENDPOINTS.roleList.path, platformOnly, { ...page, resourceModule: 0 })).status,
    ).toBe(200);
    expect(
      (await t.authed(ENDPOINTS.roleList.path, platformOnly, { ...page, resourceModule: 1 })).status,
    ).toBe(403);
    expect((await t.post(ENDPOINTS.roleList.path, { ...page, resourceModule: 1 })).status).toBe(401);
  });

  it.each([
    [{ pageNumber: 1, pageSize: 12, resourceModule: 2 }],
    [{ pageNumber: 'one', pageSize: 12, resourceModule: 1 }],
    [{ pageNumber: 1, pageSize: 100_000, resourceModule: 1 }],
  ])('refuses %j with A0100', async (body) => {
    const t = createTestUaa();
    expect((await t.authed(ENDPOINTS.roleList.path, t.adminToken(), body)).body.msgCode).toBe('A0100');
  });
});

describe('role/management/user/res/list', () => {
  it("gives the caller's module names; a member without a role gets none", async () => {
    const t = createTestUaa();
    const admin = t.store.findUserByUsername('admin')!;
    const mine = await t.authed(ENDPOINTS.userResList.path, t.adminToken(), { userId: admin.ssoUid });
    expect(mine.body).toEqual({ msgCode: '10000', msg: 'success', data: ['users', 'platforms', 'role'] });
    const member = t.member();
    expect(
      (await t.authed(ENDPOINTS.userResList.path, member.token, { userId: member.user.ssoUid })).body.data,
    ).toEqual([]);
    expect((await t.authed(ENDPOINTS.userResList.path, member.token, {})).body.data).toEqual([]);
  });

  it("gives another user's modules to a user manager only (403 otherwise); unknown ids are A0101", async () => {
    const t = createTestUaa();
    const platformAdmin = t.member({ roles: [ROLE_IDS.platformAdmin] });
    const member = t.member();
    const theirs = await t.authed(ENDPOINTS.userResList.path, t.adminToken(), {
      userId: platformAdmin.user.ssoUid,
    });
    expect(theirs.body.data).toEqual(['platforms']);
    const nosy = await t.authed(ENDPOINTS.userResList.path, member.token, {
      userId: platformAdmin.user.ssoUid,
    });
    expect(nosy.status).toBe(403);
    expect(
      (await t.authed(ENDPOINTS.userResList.path, t.adminToken(), { userId: 'nope' })).body.msgCode,
    ).toBe('A0101');
    expect((await t.authed(ENDPOINTS.userResList.path, t.adminToken(), { userId: ['x'] })).body.msgCode).toBe(
      'A0100',
    );
    expect((await t.post(ENDPOINTS.userResList.path, {})).status).toBe(401);
  });
});
