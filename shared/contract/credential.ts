/** Access keys (spec §3 "Credential", §7 open/credential/*). */
import { z } from 'zod/mini';
import { intField, optionalField, sizedField, textOrEmpty } from './fields';

/** Description of the key the command-line tool creates for itself (spec §3: "a known description"). */
export const CLI_KEY_DESCRIPTION = 'Created by the command-line tool';

/** Spec §5 and §9: key pairs per account. */
export const MAX_CREDENTIALS = 2;

export const CREDENTIAL_STATUSES = ['ENABLED', 'DISABLED'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

/** 'CLI' for the command-line tool's key (by its description), 'USER' for keys made in the user centre. */
export const CREDENTIAL_TYPES = ['USER', 'CLI'] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

/** A row of credential/list; the sk is masked (first 4, 16 stars, last 2). */
export const credential = z.looseObject({
  ak: z.string(),
  sk: z.string(),
  type: z.enum(CREDENTIAL_TYPES),
  status: z.enum(CREDENTIAL_STATUSES),
  description: textOrEmpty,
  createDate: z.string(),
  sso_uid: z.optional(z.string()),
});
export type Credential = z.output<typeof credential>;

export const credentialListRequest = z.nullish(z.strictObject({ sso_uid: optionalField }));
export const credentialCreateRequest = z.nullish(z.strictObject({ description: optionalField }));
/** credential/secret, enable and disable (inferred paths). */
export const akRequest = z.strictObject({ ak: sizedField(1) });
/** Spec §7: type 1 or 0 disables the key, 2 deletes it (refused while the key is enabled). */
export const credentialRevokeRequest = z.extend(akRequest, { type: intField(0, 2) });

/** data of credential/create: the full secret, shown once (a reply without both is a failure). */
export const credentialCreateData = z.looseObject({ ak: z.string(), sk: z.string() });
export type CredentialCreateData = z.input<typeof credentialCreateData>;
/** data of credential/secret: the full secret of one of the caller's keys. */
export const credentialSecretData = z.looseObject({ sk: z.string() });
export type CredentialSecretData = z.input<typeof credentialSecretData>;
