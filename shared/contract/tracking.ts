/** The tracking-collect call of spec §7 (share-app campaign). */
import { z } from 'zod';
import { field, optionalShortField } from './fields';

export const trackingRequest = z.object({
  serviceName: field.min(1).max(128),
  eventName: field.min(1).max(128),
  eventTimestamp: z.union([z.number().finite(), field.max(64)]),
  operatorUid: optionalShortField(128),
  // Free-form object info; bounded by the 100 KB body limit.
  operatedObjInfo: z.unknown().optional(),
});
export type TrackingPayload = z.input<typeof trackingRequest>;
