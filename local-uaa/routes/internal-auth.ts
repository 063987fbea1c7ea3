/** The one-time code a sub-platform receives after login (spec §4 "Authentication"). */
import type { Router } from 'express';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { InternalAuthData } from '@shared/contract/login';
import { currentUser } from '../auth';
import { parseRequest } from '../input';
import { sendOk, UaaError } from '../reply';
import type { RouteDeps } from './deps';

export function registerInternalAuthRoutes(router: Router, { store, requireAuth }: RouteDeps): void {
  router.post(ENDPOINTS.internalAuth.path, requireAuth, (req, res) => {
    const { clientId } = parseRequest(req, ENDPOINTS.internalAuth);
    const platform = store.platforms.findByClientId(clientId);
    if (!platform) throw new UaaError('A0100');
    const user = currentUser(res);
    const { code } = store.authCodes.issue(user.ssoUid, clientId);
    store.users.recordPlatformUse(user.ssoUid, platform.id); // the back office's "platforms used"
    sendOk(res, { code } satisfies InternalAuthData);
  });
}
