/** The share-app campaign's tracking call (spec §7; path inferred). Events are kept for /__dev/tracking. */
import type { Router } from 'express';
import { z } from 'zod';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { field, optionalField, parseBody } from '../input';
import { sendOk } from '../reply';
import type { RouteDeps } from './deps';

const trackingBody = z.object({
  serviceName: field.min(1).max(128),
  eventName: field.min(1).max(128),
  eventTimestamp: z.union([z.number().finite(), field.max(64)]),
  operatorUid: optionalField.pipe(z.string().max(128).optional()),
  // Free-form object info; bounded by the 100 KB body limit.
  operatedObjInfo: z.unknown().optional(),
});

export function registerTrackingRoutes(router: Router, { dev, now }: RouteDeps): void {
  router.post(ENDPOINTS.trackingCollect.path, (req, res) => {
    dev.track(parseBody(req, trackingBody), now());
    sendOk(res);
  });
}
