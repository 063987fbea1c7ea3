/** Registration by e-mail and by phone, activation and cancellation (spec §7 register/*). */
import { z } from 'zod/mini';
import { contactChannel, field, identifierField, optionalShortField, sizedField } from './fields';

export const registerCheckRequest = z.strictObject({ item: identifierField, type: contactChannel });
export type RegisterCheckPayload = z.input<typeof registerCheckRequest>;

export const registerByEmailRequest = z.strictObject({
  username: field,
  email: identifierField,
  /** Encrypted, scene 'register'. */
  password: field,
  code: z.nullish(field),
  // A platform id; the legacy service records it as the registration source.
  source: z.nullish(field.check(z.maxLength(64))),
});
export type RegisterByEmailPayload = z.input<typeof registerByEmailRequest>;

/** data of register/byEmail. */
export const registerByEmailData = z.looseObject({ ssoUid: z.string() });
export type RegisterByEmailData = z.input<typeof registerByEmailData>;

export const registerByPhoneRequest = z.strictObject({
  username: field,
  phone: identifierField,
  code: field,
  /** Encrypted, scene 'register'. */
  password: field,
  source: optionalShortField(64),
});

/** data of register/byPhone (the legacy reply spells it ssouid here, ssoUid after byEmail). */
export const registerByPhoneData = z.looseObject({ ssouid: z.string() });
export type RegisterByPhoneData = z.input<typeof registerByPhoneData>;

export const activeRequest = z.strictObject({ sign: sizedField(1), token: sizedField(1) });
export type ActivatePayload = z.input<typeof activeRequest>;
/**
 * data of register/active. The spec shows none; the local UAA answers a second click of a used
 * link with `alreadyActive`, so that the page can say so (absent: activated now, or not said).
 */
export const activeData = z.looseObject({ alreadyActive: z.optional(z.boolean()) });
export type ActiveData = z.input<typeof activeData>;
