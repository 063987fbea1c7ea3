import { BFF_PATHS } from '@shared/routes';

/** The keys of the SWR cache entries other modules update (after login, logout or a 401) or seed. */
export const SWR_KEYS = {
  session: BFF_PATHS.session,
  userInfo: 'userInfo',
  /** The back office's modules of a user (features/admin's useModules). */
  modules: (ssoUid: string) => ['admin/modules', ssoUid] as const,
} as const;
