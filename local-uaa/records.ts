/**
 * The local UAA's records and the shape of its data file. The zod schemas are the file format:
 * a data file is parsed with them at start, so a hand-edited or truncated file fails loudly
 * instead of producing half-initialised state. Collections added by later slices get
 * `.default([])` so older data files keep loading.
 */
import { z } from 'zod';
import type { UserInfo } from '@shared/api/types';

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
