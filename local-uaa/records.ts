/**
 * The local UAA's records and the shape of its data file. The zod schemas are the file format:
 * a data file is parsed with them at start, so a hand-edited or truncated file fails loudly
 * instead of producing half-initialised state. Collections added by later slices get
 * `.default([])` so older data files keep loading.
 */
import { z } from 'zod';
import type { UserInfo } from '@shared/contract/personal';

export const userRecordSchema = z.object({
  ssoUid: z.string(),
  username: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  githubAccount: z.string().nullable(),
  wechat: z.string().nullable(),
  wechatName: z.string().nullable(),
  nickname: z.string(),
  status: z.enum(['ACTIVE', 'DISABLED']),
  activated: z.boolean(),
  /** `scrypt$N$r$p$salt$hash`; null for accounts that never set a password (code or OAuth logins). */
  passwordHash: z.string().nullable(),
  /** Registration source (a platform id); empty means 'default'. */
  createBy: z.string(),
  roles: z.array(z.number().int()),
  description: z.string(),
  createTime: z.string(),
  /** The academic-federation (CARSI) identity bound to the account. */
  carsiAccount: z.string().nullable().default(null),
  /** Platform ids the user signed in to through internal/auth ("platforms used"). */
  platforms: z.array(z.string()).default([]),
});
export type UserRecord = z.infer<typeof userRecordSchema>;
export type UserStatus = UserRecord['status'];

export const platformRecordSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  homePageUrl: z.string(),
  callback: z.string(),
  logoutUrl: z.string(),
  logo: z.string(),
  description: z.string(),
  clientId: z.string(),
  clientSecret: z.string(),
  createTime: z.string(),
});
export type PlatformRecord = z.infer<typeof platformRecordSchema>;

export const roleRecordSchema = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  /** Comma-separated back-office module names (spec §6: users, platforms, role). */
  resName: z.string(),
  roleDesc: z.string(),
});
export type RoleRecord = z.infer<typeof roleRecordSchema>;

// Secrets handed to clients (activation tokens, session tokens, one-time codes) are kept only as
// SHA-256 digests, so the data file never holds a value that works against the API.
export const activationRecordSchema = z.object({
  sign: z.string(),
  tokenHash: z.string(),
  ssoUid: z.string(),
  expiresAt: z.number(),
  /** When the link activated its account: a later click is answered "already active". */
  usedAt: z.optional(z.number()),
});
export type ActivationRecord = z.infer<typeof activationRecordSchema>;

export const sessionRecordSchema = z.object({
  tokenHash: z.string(),
  ssoUid: z.string(),
  autoLogin: z.boolean(),
  createdAt: z.number(),
  expiresAt: z.number(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

export const authCodeRecordSchema = z.object({
  codeHash: z.string(),
  ssoUid: z.string(),
  clientId: z.string(),
  expiresAt: z.number(),
});
export type AuthCodeRecord = z.infer<typeof authCodeRecordSchema>;

/**
 * A 6-digit SMS or e-mail code. `key` names what it is for (purpose, user, target), so a code
 * sent for one flow never passes another. Only a digest is kept.
 */
export const verificationCodeRecordSchema = z.object({
  key: z.string(),
  codeHash: z.string(),
  expiresAt: z.number(),
  failures: z.number().int(),
});
export type VerificationCodeRecord = z.infer<typeof verificationCodeRecordSchema>;

/** A passed step 0 of a verification flow (shared/api/verification-flows.ts), valid 10 minutes. */
export const stepPassRecordSchema = z.object({
  ssoUid: z.string(),
  function: z.string(),
  /** The contact the step verified, normalised (e-mail lower-cased). */
  item: z.string(),
  expiresAt: z.number(),
});
export type StepPassRecord = z.infer<typeof stepPassRecordSchema>;

// The sk is kept in clear: the user centre shows it again on request, and it grants nothing
// against this service (the local UAA has no AK/SK-signed calls).
export const credentialRecordSchema = z.object({
  ak: z.string(),
  sk: z.string(),
  type: z.enum(['USER', 'CLI']),
  status: z.enum(['ENABLED', 'DISABLED']),
  description: z.string(),
  createDate: z.string(),
  ssoUid: z.string(),
});
export type CredentialRecord = z.infer<typeof credentialRecordSchema>;

/** A code the simulated third-party consent page hands to the callback route (5 min, single use). */
export const oauthCodeRecordSchema = z.object({
  codeHash: z.string(),
  provider: z.enum(['github', 'wechat', 'carsi']),
  /** The third-party account name typed on the consent page. */
  subject: z.string(),
  expiresAt: z.number(),
});
export type OauthCodeRecord = z.infer<typeof oauthCodeRecordSchema>;

/** An uploaded picture; the bytes live beside the data file (or in memory without one). */
export const fileRecordSchema = z.object({
  id: z.string(),
  mime: z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
  size: z.number().int(),
  ownerUid: z.string(),
  createdAt: z.number(),
});
export type FileRecord = z.infer<typeof fileRecordSchema>;

export const SNAPSHOT_VERSION = 1;

export const snapshotSchema = z.object({
  version: z.literal(SNAPSHOT_VERSION),
  users: z.array(userRecordSchema).default([]),
  activations: z.array(activationRecordSchema).default([]),
  sessions: z.array(sessionRecordSchema).default([]),
  authCodes: z.array(authCodeRecordSchema).default([]),
  platforms: z.array(platformRecordSchema).default([]),
  roles: z.array(roleRecordSchema).default([]),
  allowlist: z.array(z.string()).default([]),
  codes: z.array(verificationCodeRecordSchema).default([]),
  stepPasses: z.array(stepPassRecordSchema).default([]),
  credentials: z.array(credentialRecordSchema).default([]),
  oauthCodes: z.array(oauthCodeRecordSchema).default([]),
  files: z.array(fileRecordSchema).default([]),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

/** The public view of a user (spec §3 "User info"); never the hash, status or roles. */
export function toUserInfo(user: UserRecord): UserInfo {
  return {
    ssoUid: user.ssoUid,
    username: user.username,
    phone: user.phone,
    email: user.email,
    githubAccount: user.githubAccount,
    wechat: user.wechat,
    wechatName: user.wechatName,
    nickname: user.nickname,
  };
}
