// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HEADERS } from '@shared/api/envelope';
import { openPassword, Refusal, renderHookInApp, setUpClientTest } from '@tests/support/client-app';
import { internalUser, platform } from '@tests/support/client-fixtures';
import {
  createInternalUser,
  resetPlatformSecret,
  updateInternalUser,
  upload,
  useBackOfficeList,
  useInternalUser,
  usePlatformNames,
  useRoleChoices,
  type ListFilters,
} from './api';

const uaa = setUpClientTest({
  internalUserList: { users: [internalUser()], totalCount: 1 },
  internalUserSearch: { users: [internalUser({ ssoUid: 'u10' }), internalUser()], totalCount: 2 },
});
const PAGING = { page: 2, size: 12 };
const PAGE = { pageNumber: 2, pageSize: 12 };

/** The data a list hook has once its call has answered. */
async function loaded<T>(hook: () => { data?: T }): Promise<T> {
  const { result } = renderHookInApp(hook);
  await waitFor(() => expect(result.current.data).toBeDefined());
  return result.current.data as T;
}

describe('useBackOfficeList', () => {
  it.each<[string, ListFilters<'users'>]>([
    ['no filter', {}],
    ['only blank filters', { phone: '', email: undefined, platforms: [], createOrigins: [] }],
  ])('lists the page with %s (the list call)', async (_, filters) => {
    const data = await loaded(() => useBackOfficeList('users', PAGING, filters));
    expect(data.users.map((u) => u.ssoUid)).toEqual(['u1']);
    expect(uaa.calls.map((c) => [c.name, c.body])).toEqual([['internalUserList', PAGE]]);
  });

  it('searches with the filters set, on the page asked for (the search call)', async () => {
    const filters: ListFilters<'users'> = { phone: '139', platforms: ['p1'], since: 1, until: 2 };
    const data = await loaded(() => useBackOfficeList('users', PAGING, filters));
    expect(data.totalCount).toBe(2);
    expect(uaa.calls.map((c) => [c.name, c.body])).toEqual([['internalUserSearch', { ...filters, ...PAGE }]]);
  });

  it("sends a list's filters with its paging fields when it has no search call of its own", async () => {
    uaa.answer({ platformList: { records: [platform()], total: 1 } });
    await loaded(() =>
      useBackOfficeList('platforms', PAGING, { displayName: 'Media', platformsId: undefined }),
    );
    expect(uaa.calls.map((c) => [c.name, c.body])).toEqual([
      ['platformList', { displayName: 'Media', current: 2, pageSize: 12 }],
    ]);
  });

  it("asks for the role page's roles (module 1, spec §7)", async () => {
    uaa.answer({ roleList: { roles: [], totalCount: 0 } });
    await loaded(() => useBackOfficeList('roles', PAGING, {}));
    expect(uaa.calls.map((c) => [c.name, c.body])).toEqual([
      ['roleList', { pageNumber: 2, pageSize: 12, resourceModule: 1 }],
    ]);
  });
});

describe('the back-office hooks', () => {
  it('useInternalUser: the exact match among the search results, null when none', async () => {
    expect(await loaded(() => useInternalUser('u1'))).toMatchObject({ ssoUid: 'u1' });
    expect(uaa.callsOf('internalUserSearch')[0]?.body).toEqual({ ssoUid: 'u1', pageNumber: 1, pageSize: 20 });
    expect(await loaded(() => useInternalUser('u2'))).toBeNull();
  });

  it("useRoleChoices: the user form's choice asks for module 0 (spec §7)", async () => {
    uaa.answer({
      roleList: { roles: [{ roleId: 1, roleName: 'Admin', resName: 'users', roleDesc: '' }], totalCount: 1 },
    });
    await loaded(() => useRoleChoices({ pageNumber: 1, pageSize: 1000 }));
    expect(uaa.callsOf('roleList')[0]?.body).toEqual({ pageNumber: 1, pageSize: 1000, resourceModule: 0 });
  });

  it('usePlatformNames: every platform (noPage), id to name', async () => {
    uaa.answer({
      platformList: { records: [platform()], total: 1 },
    });
    const { result } = renderHookInApp(usePlatformNames);
    await waitFor(() => expect(result.current.get('p1')).toBe('Media'));
    expect(uaa.callsOf('platformList')[0]?.body).toEqual({ current: 1, noPage: true });
  });
});

describe('the back-office calls', () => {
  it('createInternalUser: the password encrypted for registration, a refusal left to the form', async () => {
    await createInternalUser({
      email: 'a@example.com',
      password: 'Secret123',
      status: 'ACTIVE',
      roleIds: [],
    });
    const body = uaa.callsOf('internalUserCreate')[0]!.body as Record<string, string>;
    expect(openPassword(body.password)).toEqual({ password: 'Secret123', scene: 'register' });
    uaa.answer({ internalUserCreate: new Refusal('A0203', 'mail address already registered') });
    await expect(
      createInternalUser({ email: 'a@example.com', password: 'Secret123', status: 'ACTIVE' }),
    ).rejects.toMatchObject({ msgCode: 'A0203' });
    expect(uaa.notified.error).not.toHaveBeenCalled();
  });

  it('updateInternalUser: no password unless one is given', async () => {
    await updateInternalUser({ ssoUid: 'u1', status: 'DISABLED' });
    expect(uaa.callsOf('internalUserUpdate')[0]?.body).toEqual({ ssoUid: 'u1', status: 'DISABLED' });
  });

  it('resetPlatformSecret: the one platform, as a list of ids', async () => {
    uaa.answer({ platformReset: [] });
    await resetPlatformSecret('p1');
    expect(uaa.callsOf('platformReset')[0]?.body).toEqual({ ids: ['p1'] });
  });

  it('upload: the logo as multipart through the upload gateway, with the CSRF header', async () => {
    uaa.answer({ uploadFile: { fileUrl: 'https://files.example.com/logo.png' } });
    const logo = new File(['png'], 'logo.png', { type: 'image/png' });
    await expect(upload(logo)).resolves.toBe('https://files.example.com/logo.png');
    const [sent] = uaa.callsOf('uploadFile');
    expect((sent!.body as FormData).get('file')).toBe(logo);
    expect(sent!.headers[HEADERS.csrf]).toBe('1');
    uaa.answer({ uploadFile: undefined });
    await expect(upload(logo)).rejects.toThrow();
  });
});
