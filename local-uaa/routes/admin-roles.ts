/**
 * Back office: the read-only role list (spec §2 /admin/role) and the module names a user may
 * open (the shell's side menu and permission check, spec §6).
 */
import type { Router } from 'express';
import type { Role, RoleListData, UserResListData } from '@shared/contract/admin';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { assertModule, currentUser } from '../auth';
import { parseRequest } from '../input';
import { localText } from '../messages';
import { sendOk, UaaError } from '../reply';
import type { RouteDeps } from './deps';

export function registerAdminRoleRoutes(router: Router, { store, requireAuth }: RouteDeps): void {
  // resourceModule 1 is the role page (role module); 0 is the user form's role choice, which the
  // users module needs as well.
  router.post(ENDPOINTS.roleList.path, requireAuth, (req, res) => {
    const body = parseRequest(req, ENDPOINTS.roleList);
    assertModule(store, currentUser(res), body.resourceModule === 0 ? ['users', 'role'] : ['role']);
    const roles = store.roles.list().sort((a, b) => a.roleId - b.roleId);
    const size = body.pageSize ?? 12;
    const start = ((body.pageNumber ?? 1) - 1) * size;
    const page: Role[] = roles.slice(start, start + size).map((role) => ({ ...role }));
    sendOk(res, { roles: page, totalCount: roles.length } satisfies RoleListData);
  });

  // Everyone may ask for their own modules (an empty list means "no permission"); asking about
  // someone else is user management.
  router.post(ENDPOINTS.userResList.path, requireAuth, (req, res) => {
    const me = currentUser(res);
    const userId = parseRequest(req, ENDPOINTS.userResList)?.userId ?? me.ssoUid;
    if (userId !== me.ssoUid) assertModule(store, me, ['users']);
    const user = store.users.get(userId);
    if (!user) throw new UaaError('A0101', 200, localText('unknownRecord'));
    sendOk(res, store.roles.modulesOf(user.roles) satisfies UserResListData);
  });
}
