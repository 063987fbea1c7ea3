/** The tracking-collect call of spec §7 (share-app campaign). */
import { z } from 'zod/mini';
import { field, optionalShortField, sizedField } from './fields';

export const trackingRequest = z.strictObject({
  serviceName: sizedField(1, 128),
  eventName: sizedField(1, 128),
  eventTimestamp: z.union([z.number(), field.check(z.maxLength(64))]),
  operatorUid: optionalShortField(128),
  // Free-form object info; bounded by the 100 KB body limit.
  operatedObjInfo: z.optional(z.unknown()),
});
export type TrackingPayload = z.input<typeof trackingRequest>;
