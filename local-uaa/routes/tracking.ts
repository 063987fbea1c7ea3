/** The share-app campaign's tracking call (spec §7; path inferred). Events are kept for /__dev/tracking. */
import type { Router } from 'express';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { parseRequest } from '../input';
import { sendOk } from '../reply';
import type { RouteDeps } from './deps';

export function registerTrackingRoutes(router: Router, { dev, now }: RouteDeps): void {
  router.post(ENDPOINTS.trackingCollect.path, (req, res) => {
    dev.track(parseRequest(req, ENDPOINTS.trackingCollect), now());
    sendOk(res);
  });
}
