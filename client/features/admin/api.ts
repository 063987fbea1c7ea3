/** Fetchers and hooks for the back office (spec §7): its lists, sub-platforms, internal users, roles, upload. */
import { useMemo } from 'react';
import useSWR, { mutate } from 'swr';
import type { FIRST_LISTS } from '@shared/api/first-screen';
import type { ListPaging } from '@shared/api/list-address';
import { BACK_OFFICE, type BackOffice, type BackOfficeEntry, type BackOfficeName } from '@shared/back-office';
import type {
  InternalUser,
  InternalUserCreatePayload,
  InternalUserUpdatePayload,
  PageQuery,
  Platform,
  PlatformFields,
  PlatformResetData,
  PlatformUpdatePayload,
} from '@shared/contract/admin';
import { UPLOAD_GATEWAY_BASE } from '@shared/contract/endpoint';
import type { ReplyOf, RequestOf } from '@shared/contract/endpoints';
import { baseHeaders, call, send } from '@client/lib/api/client';
import { ADMIN_ENDPOINTS } from '@shared/contract/admin-endpoints';
import { encryptForUaa } from '@client/lib/api/password';
import { LIST_RESOURCES, SWR_KEYS } from '@client/lib/api/swr-keys';

/** SWR keys are arrays whose first item names the resource, so a change can refresh all its pages. */
const RESOURCE = {
  platforms: LIST_RESOURCES.platforms,
  platform: 'admin/platform',
  allPlatforms: 'admin/allPlatforms',
  sources: 'admin/sources',
  users: LIST_RESOURCES.users,
  user: 'admin/user',
  roles: LIST_RESOURCES.roles,
} as const;

function refresh(...resources: string[]): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && resources.includes(key[0] as string));
}

// ---- the lists ----------------------------------------------------------------------------------

type ListOf<N extends BackOfficeName> = BackOffice[N]['list'];
/** The call that searches a list: its own search call, or the list call itself. */
type SearchOf<N extends BackOfficeName> =
  ListOf<N> extends { search: infer S extends keyof typeof ADMIN_ENDPOINTS } ? S : ListOf<N>['endpoint'];

/** What filters a list: its search call's fields beside the paging ones. */
export type ListFilters<N extends BackOfficeName> = Omit<
  NonNullable<RequestOf<SearchOf<N>>>,
  keyof ReturnType<ListOf<N>['payload']>
>;
/** A page of a list as its call answers it. */
export type ListPage<N extends BackOfficeName> = ReplyOf<(typeof FIRST_LISTS)[N]['endpoint']>;

const hasFilter = (filters: object): boolean =>
  Object.values(filters).some((v) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== ''));

/**
 * A page of a back-office list (shared/back-office.ts), under the key the first screen seeds
 * (SWR_KEYS.list): its list call with the paging fields for the page, or, when the filters set
 * any and the list has one, its search call with them.
 */
export function useBackOfficeList<N extends BackOfficeName>(
  name: N,
  paging: ListPaging,
  filters: ListFilters<N>,
) {
  return useSWR(SWR_KEYS.list(name, paging, filters), async () => {
    const list: BackOfficeEntry['list'] = BACK_OFFICE[name].list;
    const search = list.search !== undefined && hasFilter(filters);
    const payload = list.payload(paging);
    // Named by the table, checked by the compiler (FIRST_LISTS, SearchOf): calls of the back office.
    const endpoint = ADMIN_ENDPOINTS[(search ? list.search : list.endpoint) as keyof typeof ADMIN_ENDPOINTS];
    const reply = await call(
      endpoint,
      (list.search && !search ? payload : { ...filters, ...payload }) as never,
    );
    return (reply.data ?? { [list.rows]: [], [list.total]: 0 }) as ListPage<N>;
  });
}

// ---- sub-platforms ------------------------------------------------------------------------------

/** Every platform, for names and filter options (the user list and form). */
export function useAllPlatforms() {
  return useSWR([RESOURCE.allPlatforms], async () => {
    // Names only: without them the list shows ids, never "no permission" for the page itself.
    const reply = await call(
      ADMIN_ENDPOINTS.platformList,
      { current: 1, noPage: true },
      { aside: true, silent: true },
    );
    return reply.data?.records ?? [];
  });
}

/** Platform id → display name, for the user list and form. */
export function usePlatformNames(): Map<string, string> {
  const { data } = useAllPlatforms();
  return useMemo(() => new Map((data ?? []).map((p) => [p.id, p.displayName])), [data]);
}

/** The registration sources a user can have (platform ids). */
export function useSources() {
  return useSWR([RESOURCE.sources], async () => (await call(ADMIN_ENDPOINTS.platformListSource)).data ?? []);
}

export function usePlatform(id: string | null) {
  return useSWR(id ? [RESOURCE.platform, id] : null, async ([, platformId]: [string, string]) => {
    const reply = await call(ADMIN_ENDPOINTS.platformDetail, { id: platformId });
    return reply.data as Platform;
  });
}

const platformsChanged = () => refresh(RESOURCE.platforms, RESOURCE.allPlatforms, RESOURCE.platform);

export async function addPlatform(fields: PlatformFields): Promise<void> {
  await call(ADMIN_ENDPOINTS.platformAdd, fields);
  await platformsChanged();
}

export async function updatePlatform(payload: PlatformUpdatePayload): Promise<void> {
  await call(ADMIN_ENDPOINTS.platformUpdate, payload);
  await platformsChanged();
}

export async function deletePlatforms(ids: string[]): Promise<void> {
  await call(ADMIN_ENDPOINTS.platformDelete, { ids });
  await platformsChanged();
}

export async function resetPlatformSecret(id: string): Promise<PlatformResetData> {
  const reply = await call(ADMIN_ENDPOINTS.platformReset, { ids: [id] });
  await platformsChanged();
  return reply.data ?? [];
}

/**
 * The platform logo, through the upload service gateway as multipart (spec §7). Same headers and
 * reply handling as every other call; the browser sets the multipart boundary itself.
 */
export async function upload(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const reply = await send(
    `${UPLOAD_GATEWAY_BASE}${ADMIN_ENDPOINTS.uploadFile.path}`,
    { method: ADMIN_ENDPOINTS.uploadFile.method, headers: baseHeaders(), body: form },
    false,
    ADMIN_ENDPOINTS.uploadFile.reply,
  );
  const url = reply.data?.fileUrl;
  if (!url) throw new Error('no file URL');
  return url;
}

// ---- internal users -----------------------------------------------------------------------------

/** One user by id (there is no detail call: an exact match among the search results). */
export function useInternalUser(ssoUid: string | null) {
  return useSWR(ssoUid ? [RESOURCE.user, ssoUid] : null, async () => {
    const reply = await call(ADMIN_ENDPOINTS.internalUserSearch, {
      ssoUid,
      pageNumber: 1,
      pageSize: 20,
    });
    return reply.data?.users.find((u) => u.ssoUid === ssoUid) ?? null;
  });
}

const usersChanged = () => refresh(RESOURCE.users, RESOURCE.user);

/** Create and update call silently: the form shows "create failed" / "update failed" itself. */
export async function createInternalUser(
  input: Omit<InternalUserCreatePayload, 'password'> & { password: string },
): Promise<void> {
  const password = await encryptForUaa(input.password, 'register');
  await call(ADMIN_ENDPOINTS.internalUserCreate, { ...input, password }, { silent: true });
  await usersChanged();
}

export async function updateInternalUser(
  input: InternalUserUpdatePayload,
  options: { silent?: boolean } = {},
): Promise<InternalUser | undefined> {
  const password = input.password ? await encryptForUaa(input.password, 'resetPassword') : undefined;
  const reply = await call(
    ADMIN_ENDPOINTS.internalUserUpdate,
    { ...input, password },
    { silent: options.silent ?? true },
  );
  await usersChanged();
  return reply.data;
}

export async function deleteInternalUsers(ssoUids: string[]): Promise<void> {
  await call(ADMIN_ENDPOINTS.internalUserDelete, { ssoUids });
  await usersChanged();
}

// ---- roles --------------------------------------------------------------------------------------

/** The user form's choice: resourceModule 0, all roles (1000 per page); the role page's list is useBackOfficeList's. */
export function useRoleChoices(page: PageQuery) {
  return useSWR(SWR_KEYS.roleChoices(page), async () => {
    const reply = await call(ADMIN_ENDPOINTS.roleList, { ...page, resourceModule: 0 });
    return reply.data ?? { roles: [], totalCount: 0 };
  });
}
