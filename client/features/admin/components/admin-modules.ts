/**
 * The back office's modules (spec §6), in menu order: one table drives the side menu, the
 * redirect from /admin and the permission check of the current path.
 */
import type { BackOfficeModule } from '@shared/contract/admin';
import { ROUTES } from '@shared/routes';

export interface AdminModule {
  /** The name the UAA returns in the user's resource list. */
  name: BackOfficeModule;
  path: string;
}

export const ADMIN_MODULES: readonly AdminModule[] = [
  { name: 'users', path: ROUTES.adminUser },
  { name: 'platforms', path: ROUTES.adminPlatform },
  { name: 'role', path: ROUTES.adminRole },
];

/** The module a back-office path belongs to (its list, create, edit and view pages). */
export function moduleOfPath(pathname: string): AdminModule | undefined {
  const path = pathname.replace(/\/+$/, '');
  return ADMIN_MODULES.find((m) => path === m.path || path.startsWith(`${m.path}/`));
}
