/**
 * Payloads and replies of the member calls beyond the first slice (spec §3, §7): SMS login and
 * phone registration, third-party logins, the user centre's personal calls, password reset and
 * the access keys. The shared shapes of the first slice stay in types.ts.
 */
import type { ContactChannel, FunctionCode } from './verification-flows';

export type OauthProvider = 'github' | 'wechat' | 'carsi';

/** Both the login SMS and the registration SMS. */
export interface SmsCodePayload {
  phone: string;
}

/** data of register/byPhone (the legacy reply spells it ssouid here, ssoUid after byEmail). */
export interface RegisterByPhoneData {
  ssouid: string;
}

export interface OauthAddressPayload {
  oauthFrom: OauthProvider;
  state: string;
  /** Passed through to the consent page and back to the callback route unchanged. */
  type?: string | number;
}

/** data of login/oauthaddress: where to open the third party's consent page. */
export interface OauthAddressData {
  oauthAddress: string;
}

export interface OauthLoginPayload {
  code: string;
  oauthFrom: OauthProvider;
  autoLogin?: boolean;
  source?: string;
}

/** login/bind: binds a third-party identity to the signed-in account. */
export interface OauthBindPayload {
  code: string;
  oauthFrom: 'github' | 'wechat';
  autoLogin: true;
}

export interface UsernameCheckPayload {
  username: string;
}

/** personal/info/update: the username can be set once; the nickname at any time. */
export interface InfoUpdatePayload {
  username?: string;
  nickname?: string;
}

export interface MessageCodePayload {
  function: FunctionCode;
  message: ContactChannel;
  item: string;
}

export interface MessageCodeCheckPayload extends MessageCodePayload {
  code: string;
}

export interface MobileBindPayload {
  function: FunctionCode;
  phone: string;
  code: string;
  /** Encrypted, scene 'resetPassword'; required on 1.2.2 when the account has no password. */
  password?: string;
}

export interface EmailBindPayload {
  function: FunctionCode;
  email: string;
  code: string;
  /** Encrypted, scene 'resetPassword'; required on 3.2.2 when the account has no password. */
  password?: string;
}

export interface PasswordUpdatePayload {
  function: FunctionCode;
  message: ContactChannel;
  item: string;
  /** Encrypted, scene 'resetPassword'. */
  password: string;
}

/** personal/item/check: data is true when the phone or e-mail belongs to some account. */
export interface ItemCheckPayload {
  message: ContactChannel;
  item: string;
}

export interface PasswordForgetPayload {
  type: ContactChannel;
  item: string;
}

export interface PasswordResetPayload extends PasswordForgetPayload {
  code: string;
  /** Encrypted, scene 'resetPassword'. */
  password: string;
}

// ---- access keys (spec §3 "Credential") ---------------------------------------------------------

/** Description of the key the command-line tool creates for itself (spec §3: "a known description"). */
export const CLI_KEY_DESCRIPTION = 'Created by the command-line tool';

/** Spec §5 and §9: key pairs per account. */
export const MAX_CREDENTIALS = 2;

export type CredentialStatus = 'ENABLED' | 'DISABLED';

/** 'CLI' for the command-line tool's key (by its description), 'USER' for keys made in the user centre. */
export type CredentialType = 'USER' | 'CLI';

/** A row of credential/list; the sk is masked (first 4, 16 stars, last 2). */
export interface Credential {
  ak: string;
  sk: string;
  type: CredentialType;
  status: CredentialStatus;
  description: string;
  createDate: string;
  sso_uid: string;
}

export interface CredentialListPayload {
  sso_uid?: string;
}

export interface CredentialCreatePayload {
  description?: string;
}

/** data of credential/create: the full secret, shown once (a reply without both is a failure). */
export interface CredentialCreateData {
  ak: string;
  sk: string;
}

/** credential/secret (inferred): the full secret of one of the caller's keys. */
export interface CredentialSecretData {
  sk: string;
}

/** Spec §7: type 1 or 0 disables the key, 2 deletes it (refused while the key is enabled). */
export type CredentialRevokeType = 0 | 1 | 2;

export interface CredentialRevokePayload {
  ak: string;
  type: CredentialRevokeType;
}

/** credential/enable and credential/disable (inferred paths). */
export interface CredentialSwitchPayload {
  ak: string;
}

/** The tracking-collect call of spec §7 (share-app campaign). */
export interface TrackingPayload {
  serviceName: string;
  eventName: string;
  eventTimestamp: number | string;
  operatorUid?: string;
  operatedObjInfo?: unknown;
}
