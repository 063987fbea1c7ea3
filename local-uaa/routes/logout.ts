import type { Router } from 'express';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { currentUser } from '../auth';
import { sendOk } from '../reply';
import type { RouteDeps } from './deps';

export function registerLogoutRoutes(router: Router, { store, requireAuth }: RouteDeps): void {
  // "all": every session of the user ends, not only the one making the call.
  router.post(ENDPOINTS.logoutAll.path, requireAuth, (_req, res) => {
    store.sessions.revoke(currentUser(res).ssoUid);
    sendOk(res);
  });
}
