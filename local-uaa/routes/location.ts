import type { Router } from 'express';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { LocationInfo } from '@shared/contract/login';
import { sendOk } from '../reply';
import type { RouteDeps } from './deps';

/**
 * The login page's location hint. There is no geolocation locally: the answer is whatever the
 * dev switch (POST /__dev/location) last set, Shanghai by default, so the overseas default of
 * the login page can be tested.
 */
export function registerLocationRoutes(router: Router, { dev }: RouteDeps): void {
  router.get(ENDPOINTS.locationInfo.path, (_req, res) => {
    sendOk(res, { ...dev.location } satisfies LocationInfo);
  });
}
