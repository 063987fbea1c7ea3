/**
 * Accounts: found by any identifier the API accepts (username and e-mail in any case, phone
 * exactly, third-party identities), made with the store's defaults, changed by patches.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { OauthProvider } from '@shared/contract/login';
import type { UserRecord } from '../records';
import { digest } from '../secrets';
import type { StoreContext } from './context';
import { Catalogue } from './record-table';

/** Names generated for users without a username start with this (spec §3). */
export const NICKNAME_PREFIX = 'user_';

/** Fields a caller may set when creating or updating a user; identity and creation time are the store's. */
export type UserPatch = Partial<Omit<UserRecord, 'ssoUid' | 'createTime'>>;

const lower = (value: string | null): string | null => (value === null ? null : value.toLowerCase());

/** Which user field holds each third party's identity. */
const IDENTITY_FIELD = {
  github: 'githubAccount',
  wechat: 'wechat',
  carsi: 'carsiAccount',
} as const satisfies Record<OauthProvider, keyof UserRecord>;

/**
 * The value stored for an identity: the account name for GitHub and CARSI; for WeChat an
 * openid-like id derived from the name (the name itself is kept as wechatName).
 */
function identityValue(provider: OauthProvider, subject: string): string {
  return provider === 'wechat' ? `wx_${digest(subject.toLowerCase()).slice(0, 24)}` : subject;
}

export class Users extends Catalogue<string, UserRecord> {
  constructor(records: readonly UserRecord[], context: StoreContext) {
    super(records, (user) => user.ssoUid, context);
  }

  private find(match: (user: UserRecord) => boolean): UserRecord | undefined {
    for (const user of this.records.values()) if (match(user)) return user;
    return undefined;
  }

  /** Username and e-mail compare case-insensitively; phone exactly. */
  findByUsername(username: string): UserRecord | undefined {
    const wanted = username.toLowerCase();
    return this.find((u) => lower(u.username) === wanted);
  }

  findByEmail(email: string): UserRecord | undefined {
    const wanted = email.trim().toLowerCase();
    return this.find((u) => lower(u.email) === wanted);
  }

  findByPhone(phone: string): UserRecord | undefined {
    const wanted = phone.trim();
    return this.find((u) => u.phone === wanted);
  }

  findByContact(channel: 'phone' | 'email', item: string): UserRecord | undefined {
    return channel === 'phone' ? this.findByPhone(item) : this.findByEmail(item);
  }

  /** The login account of spec §5: a username, an e-mail or a phone number. */
  findByAccount(account: string): UserRecord | undefined {
    const wanted = account.toLowerCase();
    return this.find((u) => lower(u.username) === wanted || lower(u.email) === wanted || u.phone === account);
  }

  /** The account bound to a third-party identity (GitHub login, WeChat account, CARSI id). */
  findByIdentity(provider: OauthProvider, subject: string): UserRecord | undefined {
    const field = IDENTITY_FIELD[provider];
    const wanted = identityValue(provider, subject).toLowerCase();
    return this.find((u) => lower(u[field]) === wanted);
  }

  hasIdentity(user: UserRecord, provider: OauthProvider): boolean {
    return user[IDENTITY_FIELD[provider]] !== null;
  }

  /** The user fields that bind a third-party identity (also used to create an account from one). */
  identityPatch(provider: OauthProvider, subject: string): UserPatch {
    const patch: UserPatch = { [IDENTITY_FIELD[provider]]: identityValue(provider, subject) };
    if (provider === 'wechat') patch.wechatName = subject;
    return patch;
  }

  create(input: UserPatch): UserRecord {
    const username = input.username ?? null;
    const user: UserRecord = {
      ssoUid: randomUUID(),
      username,
      phone: input.phone ?? null,
      email: input.email ?? null,
      githubAccount: input.githubAccount ?? null,
      wechat: input.wechat ?? null,
      wechatName: input.wechatName ?? null,
      nickname: input.nickname ?? username ?? `${NICKNAME_PREFIX}${randomBytes(5).toString('hex')}`,
      status: input.status ?? 'ACTIVE',
      activated: input.activated ?? true,
      passwordHash: input.passwordHash ?? null,
      createBy: input.createBy ?? '',
      roles: input.roles ?? [],
      description: input.description ?? '',
      createTime: new Date(this.context.now()).toISOString(),
      carsiAccount: input.carsiAccount ?? null,
      platforms: input.platforms ?? [],
    };
    this.records.set(user.ssoUid, user);
    this.context.changed();
    return user;
  }

  update(ssoUid: string, patch: UserPatch): UserRecord | undefined {
    return this.merge(ssoUid, patch);
  }

  /** Notes that the user signed in to a platform (the back office's "platforms used"). */
  recordPlatformUse(ssoUid: string, platformId: string): void {
    const user = this.records.get(ssoUid);
    if (!user || user.platforms.includes(platformId)) return;
    this.update(ssoUid, { platforms: [...user.platforms, platformId] });
  }

  /**
   * Removes the account record alone; Store.deleteUser also removes what hangs on it (sessions,
   * codes, keys, links), so callers outside the store use that.
   */
  remove(ssoUid: string): boolean {
    if (!this.records.delete(ssoUid)) return false;
    this.context.changed();
    return true;
  }
}
