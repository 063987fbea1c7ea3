/** Records the UAA answers with in the client's feature tests, each as the contract shapes it. */
import type { InternalUser, Platform } from '@shared/contract/admin';
import type { UserInfo } from '@shared/contract/personal';

/** A member's user info (spec §3), with a phone and an e-mail unless `fields` says otherwise. */
export const userInfo = (fields: Partial<UserInfo> = {}): UserInfo => ({
  ssoUid: 'u1',
  username: 'alice',
  phone: '13912345678',
  email: 'alice@example.com',
  githubAccount: null,
  wechat: null,
  wechatName: null,
  nickname: '',
  ...fields,
});

/** An internal user of the back office (spec §3), active, with no role. */
export const internalUser = (fields: Partial<InternalUser> = {}): InternalUser => ({
  ssoUid: 'u1',
  username: 'alice',
  email: 'alice@example.com',
  phone: '13912345678',
  githubAccount: null,
  createBy: '',
  platforms: [],
  roles: [],
  status: 'ACTIVE',
  description: '',
  createTime: '2026-01-01T00:00:00Z',
  ...fields,
});

/** A sub-platform (spec §3), "Media" with the id p1. */
export const platform = (fields: Partial<Platform> = {}): Platform => ({
  id: 'p1',
  displayName: 'Media',
  createTime: '2026-01-01T00:00:00Z',
  homePageUrl: 'https://media.example.com',
  callback: '',
  logoutUrl: 'https://media.example.com/logout',
  logo: '',
  description: '',
  clientId: 'client-1',
  ...fields,
});
