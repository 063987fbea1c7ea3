import { BFF_PATHS } from '@shared/routes';

/** The first item of a list's keys: a change refreshes every page of that resource. */
export const LIST_RESOURCES = {
  platforms: 'admin/platforms',
  users: 'admin/users',
  roles: 'admin/roles',
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
  /** A page of the sub-platform list (features/admin's usePlatforms). */
  platforms: (query: object) => [LIST_RESOURCES.platforms, query] as const,
  /** A page of the internal users, filtered or not (features/admin's useInternalUsers). */
  users: (page: object, filters: object) => [LIST_RESOURCES.users, page, filters] as const,
  /** A page of the roles (features/admin's useRoles). */
  roles: (page: object, resourceModule: 0 | 1) => [LIST_RESOURCES.roles, page, resourceModule] as const,
  /** A user's access keys (features/account's useCredentials). */
  credentials: (ssoUid: string) => [LIST_RESOURCES.credentials, ssoUid] as const,
} as const;
