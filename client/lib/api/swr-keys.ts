import { BFF_PATHS } from '@shared/routes';

/** The keys of the SWR cache entries other modules update (after login, logout or a 401). */
export const SWR_KEYS = { session: BFF_PATHS.session, userInfo: 'userInfo' } as const;
