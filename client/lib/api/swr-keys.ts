import type { ListPaging } from '@shared/api/list-address';
import { BACK_OFFICE, BACK_OFFICE_NAMES, type BackOffice, type BackOfficeName } from '@shared/back-office';
import { BFF_PATHS } from '@shared/routes';

/** The first item of a list's keys: a change refreshes every page of that resource. */
export const LIST_RESOURCES = {
  // The back office's, as its table names them (shared/back-office.ts).
  ...(Object.fromEntries(BACK_OFFICE_NAMES.map((name) => [name, BACK_OFFICE[name].list.resource])) as {
    [N in BackOfficeName]: BackOffice[N]['list']['resource'];
  }),
  credentials: 'credentials',
} as const;

/**
 * The keys of the SWR cache entries other modules update (after login, logout or a 401) or seed
 * (the first screen the BFF inlined: lib/api/first-screen.ts), built here so that the hook that
 * reads an entry and the code that seeds it cannot spell it differently.
 */
export const SWR_KEYS = {
  session: BFF_PATHS.session,
  userInfo: 'userInfo',
  /** The back office's modules of a user (lib/api/account's useModules). */
  modules: (ssoUid: string) => ['admin/modules', ssoUid] as const,
  /**
   * A page of a back-office list, filtered or not (features/admin's useBackOfficeList); the first
   * screen's page is the one with no filter.
   */
  list: (name: BackOfficeName, paging: ListPaging, filters: object) =>
    [LIST_RESOURCES[name], paging, filters] as const,
  /** The roles the user form offers, module 0's (features/admin's useRoleChoices). */
  roleChoices: (page: object) => [LIST_RESOURCES.roles, page, 0] as const,
  /** A user's access keys (features/account's useCredentials). */
  credentials: (ssoUid: string) => [LIST_RESOURCES.credentials, ssoUid] as const,
} as const;
