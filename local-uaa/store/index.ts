/**
 * The local UAA's state: users, pending activations, sessions, one-time codes, SMS and e-mail
 * codes, access keys, third-party codes, uploaded files, platforms, roles and the redirect
 * allow-list, in memory, optionally mirrored to a data file. Routes change state only through
 * these methods (and the collections they expose), so every change is persisted and every
 * lifetime is enforced here.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { OauthProvider } from '@shared/api/account-types';
import type { BackOfficeModule } from '@shared/api/admin-types';
import { CodeBook } from './codes';
import { FileStore } from './files';
import { KeyRing } from './keys';
import type { Logger } from '../logger';
import { readSnapshot, SnapshotWriter } from '../persistence';
import { seedSnapshot } from '../seed';
import {
  SNAPSHOT_VERSION,
  type ActivationRecord,
  type AuthCodeRecord,
  type OauthCodeRecord,
  type PlatformRecord,
  type RoleRecord,
  type SessionRecord,
  type Snapshot,
  type UserRecord,
} from '../records';
import { digest, randomSecret, sameDigest } from '../secrets';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const LIFETIMES_MS = {
  activation: 2 * HOUR_MS,
  session: DAY_MS,
  autoLoginSession: 14 * DAY_MS,
  authCode: MINUTE_MS,
  oauthCode: 5 * MINUTE_MS,
} as const;

/** Names generated for users without a username start with this (spec §3). */
export const NICKNAME_PREFIX = 'user_';

// Expired records are swept at most this often, so hot paths stay O(1).
const PRUNE_INTERVAL_MS = MINUTE_MS;

export interface KeyPair {
  publicKey: string;
  privateKey: string;
}

/** Fields a caller may set when creating or updating a user; identity and creation time are the store's. */
export type UserPatch = Partial<Omit<UserRecord, 'ssoUid' | 'createTime'>>;

/** Fields of a platform an administrator writes; id, client id, secret and time are the store's. */
export type PlatformPatch = Partial<
  Pick<PlatformRecord, 'displayName' | 'homePageUrl' | 'callback' | 'logoutUrl' | 'logo' | 'description'>
>;

export interface StoreOptions {
  now: () => number;
  dataFile?: string;
  logger: Logger;
}

const lower = (value: string | null): string | null => (value === null ? null : value.toLowerCase());
const newClientSecret = (): string => randomBytes(24).toString('hex');

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

let processKeyPair: KeyPair | undefined;

// One key pair per process, made on first use: generating costs ~100 ms, and several local UAAs
// in one process (tests, the BFF embedding one) gain nothing from distinct keys.
function envelopeKeyPair(): KeyPair {
  processKeyPair ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return processKeyPair;
}

export class Store {
  /** RSA key pair for the password envelope; new at every start (envelopes expire in 5 min anyway). */
  readonly keyPair: KeyPair;
  /** SMS and e-mail codes, and the passed first steps of the verification flows. */
  readonly codes: CodeBook;
  /** Access keys. */
  readonly keys: KeyRing;
  /** Uploaded pictures. */
  readonly files: FileStore;

  private readonly users = new Map<string, UserRecord>();
  private readonly activations = new Map<string, ActivationRecord>();
  private readonly sessions = new Map<string, SessionRecord>();
  private readonly authCodes = new Map<string, AuthCodeRecord>();
  private readonly oauthCodes = new Map<string, OauthCodeRecord>();
  private readonly platforms = new Map<string, PlatformRecord>();
  private readonly roles = new Map<number, RoleRecord>();
  private allowlist: string[];
  private lastPrune = 0;

  constructor(
    snapshot: Snapshot,
    private readonly now: () => number,
    private readonly writer?: Pick<SnapshotWriter, 'schedule' | 'flush'>,
    filesDir?: string,
  ) {
    this.keyPair = envelopeKeyPair();
    const changed = () => this.changed();
    this.codes = new CodeBook(snapshot.codes, snapshot.stepPasses, now, changed);
    this.keys = new KeyRing(snapshot.credentials, now, changed);
    this.files = new FileStore(snapshot.files, filesDir, now, changed);
    for (const user of snapshot.users) this.users.set(user.ssoUid, user);
    for (const activation of snapshot.activations) this.activations.set(activation.sign, activation);
    for (const session of snapshot.sessions) this.sessions.set(session.tokenHash, session);
    for (const code of snapshot.authCodes) this.authCodes.set(code.codeHash, code);
    for (const code of snapshot.oauthCodes) this.oauthCodes.set(code.codeHash, code);
    for (const platform of snapshot.platforms) this.platforms.set(platform.id, platform);
    for (const role of snapshot.roles) this.roles.set(role.roleId, role);
    this.allowlist = [...snapshot.allowlist];
  }

  snapshot(): Snapshot {
    return {
      version: SNAPSHOT_VERSION,
      users: [...this.users.values()],
      activations: [...this.activations.values()],
      sessions: [...this.sessions.values()],
      authCodes: [...this.authCodes.values()],
      platforms: [...this.platforms.values()],
      roles: [...this.roles.values()],
      allowlist: [...this.allowlist],
      ...this.codes.snapshot(),
      credentials: this.keys.snapshot(),
      oauthCodes: [...this.oauthCodes.values()],
      files: this.files.snapshot(),
    };
  }

  /** Writes pending changes to the data file (no-op without one). */
  async flush(): Promise<void> {
    await this.writer?.flush();
  }

  private changed(): void {
    this.writer?.schedule();
  }

  // ---- users -------------------------------------------------------------------------------

  getUser(ssoUid: string): UserRecord | undefined {
    return this.users.get(ssoUid);
  }

  listUsers(): UserRecord[] {
    return [...this.users.values()];
  }

  private findUser(match: (user: UserRecord) => boolean): UserRecord | undefined {
    for (const user of this.users.values()) if (match(user)) return user;
    return undefined;
  }

  /** Username and e-mail compare case-insensitively; phone exactly. */
  findUserByUsername(username: string): UserRecord | undefined {
    const wanted = username.toLowerCase();
    return this.findUser((u) => lower(u.username) === wanted);
  }

  findUserByEmail(email: string): UserRecord | undefined {
    const wanted = email.trim().toLowerCase();
    return this.findUser((u) => lower(u.email) === wanted);
  }

  findUserByPhone(phone: string): UserRecord | undefined {
    const wanted = phone.trim();
    return this.findUser((u) => u.phone === wanted);
  }

  findUserByContact(channel: 'phone' | 'email', item: string): UserRecord | undefined {
    return channel === 'phone' ? this.findUserByPhone(item) : this.findUserByEmail(item);
  }

  /** The login account of spec §5: a username, an e-mail or a phone number. */
  findUserByAccount(account: string): UserRecord | undefined {
    const wanted = account.toLowerCase();
    return this.findUser(
      (u) => lower(u.username) === wanted || lower(u.email) === wanted || u.phone === account,
    );
  }

  /** The account bound to a third-party identity (GitHub login, WeChat account, CARSI id). */
  findUserByIdentity(provider: OauthProvider, subject: string): UserRecord | undefined {
    const field = IDENTITY_FIELD[provider];
    const wanted = identityValue(provider, subject).toLowerCase();
    return this.findUser((u) => lower(u[field]) === wanted);
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

  createUser(input: UserPatch): UserRecord {
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
      createTime: new Date(this.now()).toISOString(),
      carsiAccount: input.carsiAccount ?? null,
      platforms: input.platforms ?? [],
    };
    this.users.set(user.ssoUid, user);
    this.changed();
    return user;
  }

  updateUser(ssoUid: string, patch: UserPatch): UserRecord | undefined {
    const user = this.users.get(ssoUid);
    if (!user) return undefined;
    const updated = { ...user, ...patch };
    this.users.set(ssoUid, updated);
    this.changed();
    return updated;
  }

  /** Notes that the user signed in to a platform (the back office's "platforms used"). */
  recordPlatformUse(ssoUid: string, platformId: string): void {
    const user = this.users.get(ssoUid);
    if (!user || user.platforms.includes(platformId)) return;
    this.updateUser(ssoUid, { platforms: [...user.platforms, platformId] });
  }

  /** Removes the account with everything that hangs on it: sessions, codes, keys, links. */
  deleteUser(ssoUid: string): boolean {
    if (!this.users.delete(ssoUid)) return false;
    for (const [key, session] of this.sessions) if (session.ssoUid === ssoUid) this.sessions.delete(key);
    for (const [key, code] of this.authCodes) if (code.ssoUid === ssoUid) this.authCodes.delete(key);
    for (const [key, link] of this.activations) if (link.ssoUid === ssoUid) this.activations.delete(key);
    this.codes.forgetUser(ssoUid);
    this.keys.forgetUser(ssoUid);
    this.changed();
    return true;
  }

  /** Back-office modules the user's roles open (spec §6), in a stable order. */
  modulesOf(user: UserRecord): BackOfficeModule[] {
    const names = new Set<string>();
    for (const roleId of user.roles) {
      for (const name of this.roles.get(roleId)?.resName.split(',') ?? []) names.add(name.trim());
    }
    return (['users', 'platforms', 'role'] as const).filter((m) => names.has(m));
  }

  // ---- e-mail activation -------------------------------------------------------------------

  /** A single-use sign/token pair for the activation link, valid 2 hours. */
  createActivation(ssoUid: string): { sign: string; token: string; expiresAt: number } {
    this.pruneIfDue();
    const sign = randomSecret(16);
    const token = randomSecret(24);
    const expiresAt = this.now() + LIFETIMES_MS.activation;
    this.activations.set(sign, { sign, tokenHash: digest(token), ssoUid, expiresAt });
    this.changed();
    return { sign, token, expiresAt };
  }

  /** Activates the account of a live link and uses the link up; null for unknown, used or expired. */
  activate(sign: string, token: string): UserRecord | null {
    const activation = this.activations.get(sign);
    if (!activation || !sameDigest(activation.tokenHash, digest(token))) return null;
    if (activation.expiresAt <= this.now()) {
      this.pruneExpired();
      return null;
    }
    this.activations.delete(sign);
    this.changed();
    return this.updateUser(activation.ssoUid, { activated: true }) ?? null;
  }

  // ---- sessions ----------------------------------------------------------------------------

  /** An opaque bearer token: 14 days with auto-login, else 1 day. */
  issueSession(ssoUid: string, options: { autoLogin: boolean }): { token: string; expiresAt: number } {
    this.pruneIfDue();
    const token = randomSecret(32);
    const createdAt = this.now();
    const expiresAt = createdAt + (options.autoLogin ? LIFETIMES_MS.autoLoginSession : LIFETIMES_MS.session);
    this.sessions.set(digest(token), {
      tokenHash: digest(token),
      ssoUid,
      autoLogin: options.autoLogin,
      createdAt,
      expiresAt,
    });
    this.changed();
    return { token, expiresAt };
  }

  /** The user behind a live token of an active account, else null. */
  resolveSession(token: string): UserRecord | null {
    const session = this.sessions.get(digest(token));
    if (!session) return null;
    if (session.expiresAt <= this.now()) {
      this.sessions.delete(session.tokenHash);
      this.changed();
      return null;
    }
    const user = this.users.get(session.ssoUid);
    return user && user.activated && user.status === 'ACTIVE' ? user : null;
  }

  /** Logs the user out everywhere (but the session of `except`, a token); returns how many ended. */
  revokeSessions(ssoUid: string, except?: string): number {
    const kept = except === undefined ? undefined : digest(except);
    let revoked = 0;
    for (const [key, session] of this.sessions) {
      if (session.ssoUid === ssoUid && key !== kept) {
        this.sessions.delete(key);
        revoked += 1;
      }
    }
    if (revoked > 0) this.changed();
    return revoked;
  }

  // ---- one-time authorization codes (internal/auth) -----------------------------------------

  issueAuthCode(ssoUid: string, clientId: string): { code: string; expiresAt: number } {
    this.pruneIfDue();
    const code = randomSecret(24);
    const expiresAt = this.now() + LIFETIMES_MS.authCode;
    this.authCodes.set(digest(code), { codeHash: digest(code), ssoUid, clientId, expiresAt });
    this.changed();
    return { code, expiresAt };
  }

  /**
   * Exchanges a code for its user, once. A code presented by another client is burnt too: a
   * leaked code must not stay usable by its rightful owner's attacker after a wrong guess.
   */
  redeemAuthCode(code: string, clientId: string): UserRecord | null {
    const key = digest(code);
    const record = this.authCodes.get(key);
    if (!record) return null;
    this.authCodes.delete(key);
    this.changed();
    if (record.clientId !== clientId || record.expiresAt <= this.now()) return null;
    return this.users.get(record.ssoUid) ?? null;
  }

  // ---- third-party codes (the simulated consent pages) ---------------------------------------

  /** What the consent page's Approve hands the callback route: 5 minutes, single use. */
  issueOauthCode(provider: OauthProvider, subject: string): string {
    this.pruneIfDue();
    const code = randomSecret(24);
    this.oauthCodes.set(digest(code), {
      codeHash: digest(code),
      provider,
      subject,
      expiresAt: this.now() + LIFETIMES_MS.oauthCode,
    });
    this.changed();
    return code;
  }

  /** The third-party account name behind a live code of that provider, once; else null. */
  redeemOauthCode(code: string, provider: OauthProvider): string | null {
    const key = digest(code);
    const record = this.oauthCodes.get(key);
    if (!record) return null;
    this.oauthCodes.delete(key);
    this.changed();
    if (record.provider !== provider || record.expiresAt <= this.now()) return null;
    return record.subject;
  }

  // ---- platforms, roles, allow-list ----------------------------------------------------------

  listPlatforms(): PlatformRecord[] {
    return [...this.platforms.values()];
  }

  getPlatform(id: string): PlatformRecord | undefined {
    return this.platforms.get(id);
  }

  findPlatformByClientId(clientId: string): PlatformRecord | undefined {
    for (const platform of this.platforms.values()) if (platform.clientId === clientId) return platform;
    return undefined;
  }

  addPlatform(fields: Required<PlatformPatch>): PlatformRecord {
    let id: string;
    do id = `p${randomBytes(4).toString('hex')}`;
    while (this.platforms.has(id));
    const platform: PlatformRecord = {
      id,
      ...fields,
      clientId: `uaa-${id}`,
      clientSecret: newClientSecret(),
      createTime: new Date(this.now()).toISOString(),
    };
    this.platforms.set(id, platform);
    this.changed();
    return platform;
  }

  updatePlatform(id: string, patch: PlatformPatch): PlatformRecord | undefined {
    const platform = this.platforms.get(id);
    if (!platform) return undefined;
    const updated = { ...platform, ...patch };
    this.platforms.set(id, updated);
    this.changed();
    return updated;
  }

  /** Deletes all or nothing: false (and nothing deleted) when an id is unknown. */
  deletePlatforms(ids: readonly string[]): boolean {
    if (!ids.every((id) => this.platforms.has(id))) return false;
    for (const id of ids) this.platforms.delete(id);
    this.changed();
    return true;
  }

  /** New secrets for all or none of the platforms; null when an id is unknown. */
  resetPlatformSecrets(ids: readonly string[]): PlatformRecord[] | null {
    if (!ids.every((id) => this.platforms.has(id))) return null;
    const updated = ids.map((id) => {
      const platform = { ...(this.platforms.get(id) as PlatformRecord), clientSecret: newClientSecret() };
      this.platforms.set(id, platform);
      return platform;
    });
    this.changed();
    return updated;
  }

  listRoles(): RoleRecord[] {
    return [...this.roles.values()];
  }

  getRole(roleId: number): RoleRecord | undefined {
    return this.roles.get(roleId);
  }

  getAllowlist(): readonly string[] {
    return this.allowlist;
  }

  // ---- expiry ------------------------------------------------------------------------------

  private pruneIfDue(): void {
    if (this.now() - this.lastPrune >= PRUNE_INTERVAL_MS) this.pruneExpired();
  }

  /**
   * Drops expired sessions, codes and activation links. An e-mail registration whose link expired
   * unused is dropped with its account, which frees the e-mail and username for a new attempt.
   */
  pruneExpired(): void {
    const now = this.now();
    this.lastPrune = now;
    let removed = this.codes.prune();
    const sweep = <T extends { expiresAt: number }>(map: Map<string, T>) => {
      for (const [key, record] of map) if (record.expiresAt <= now && map.delete(key)) removed += 1;
    };
    sweep(this.sessions);
    sweep(this.authCodes);
    sweep(this.oauthCodes);
    const abandoned = new Set<string>();
    for (const [sign, activation] of this.activations) {
      if (activation.expiresAt <= now) {
        this.activations.delete(sign);
        abandoned.add(activation.ssoUid);
        removed += 1;
      }
    }
    for (const activation of this.activations.values()) abandoned.delete(activation.ssoUid);
    for (const ssoUid of abandoned) {
      if (this.users.get(ssoUid)?.activated === false) this.deleteUser(ssoUid);
    }
    if (removed > 0) this.changed();
  }
}

/** Where uploaded files' bytes go for a data file: a folder beside it. */
export const filesDirFor = (dataFile: string): string => `${dataFile}.files`;

/** Loads the data file when there is one (seeding it when missing), else starts from the seed. */
export function createStore(options: StoreOptions): Store {
  const { now, dataFile, logger } = options;
  const saved = dataFile ? readSnapshot(dataFile) : null;
  // The writer reads the store only when a save runs, by which time the store exists.
  const writer = dataFile
    ? new SnapshotWriter(dataFile, (): Snapshot => store.snapshot(), logger)
    : undefined;
  const filesDir = dataFile ? filesDirFor(dataFile) : undefined;
  const store: Store = new Store(saved ?? seedSnapshot(now()), now, writer, filesDir);
  if (writer && !saved) writer.schedule(); // a fresh data file holds the seed from the start
  return store;
}
