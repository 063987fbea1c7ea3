/**
 * The local UAA's state, one module per record type: users, activation links, sessions,
 * one-time authorization and third-party codes, platforms, roles and the redirect allow-list,
 * SMS and e-mail codes with passed verification steps, access keys and uploaded files. This
 * composes them over one clock, one data file (optional) and one sweep of expired records, and
 * holds what spans several of them (deleting an account, resolving a session to its user, ...).
 * Routes change state only through these modules, so every change is persisted and every
 * lifetime is enforced here.
 */
import type { Logger } from '../logger';
import { readSnapshot, SnapshotWriter } from '../persistence';
import { SNAPSHOT_VERSION, type Snapshot, type UserRecord } from '../records';
import { seedSnapshot } from '../seed';
import { Activations } from './activations';
import { CodeBook } from './codes';
import { MINUTE_MS, type StoreContext } from './context';
import { envelopeKeyPair, type KeyPair } from './envelope-key';
import { FileStore } from './files';
import { KeyRing } from './keys';
import { AuthCodes, OauthCodes } from './one-time-codes';
import { Platforms } from './platforms';
import { Roles } from './roles';
import { Sessions } from './sessions';
import { Users, type UserPatch } from './users';

export type { KeyPair } from './envelope-key';
export type { PlatformPatch } from './platforms';
export { NICKNAME_PREFIX, type UserPatch } from './users';

// Expired records are swept at most this often, so hot paths stay O(1).
const PRUNE_INTERVAL_MS = MINUTE_MS;

export interface StoreOptions {
  now: () => number;
  dataFile?: string;
  logger: Logger;
}

export class Store {
  /** RSA key pair for the password envelope; new at every start (envelopes expire in 5 min anyway). */
  readonly keyPair: KeyPair;
  readonly users: Users;
  /** E-mail activation links of registrations not yet activated. */
  readonly activations: Activations;
  readonly sessions: Sessions;
  /** One-time codes of internal/auth, for sub-platforms. */
  readonly authCodes: AuthCodes;
  /** Codes of the simulated third-party consent pages. */
  readonly oauthCodes: OauthCodes;
  readonly platforms: Platforms;
  readonly roles: Roles;
  /** Hosts a redirect may go to. */
  readonly allowlist: readonly string[];
  /** SMS and e-mail codes, and the passed first steps of the verification flows. */
  readonly codes: CodeBook;
  /** Access keys. */
  readonly keys: KeyRing;
  /** Uploaded pictures. */
  readonly files: FileStore;

  private lastPrune = 0;

  constructor(
    snapshot: Snapshot,
    private readonly now: () => number,
    private readonly writer?: Pick<SnapshotWriter, 'schedule' | 'flush'>,
    filesDir?: string,
  ) {
    const context: StoreContext = {
      now,
      changed: () => this.writer?.schedule(),
      sweepIfDue: () => this.pruneIfDue(),
    };
    this.keyPair = envelopeKeyPair();
    this.users = new Users(snapshot.users, context);
    this.activations = new Activations(snapshot.activations, context);
    this.sessions = new Sessions(snapshot.sessions, context);
    this.authCodes = new AuthCodes(snapshot.authCodes, context);
    this.oauthCodes = new OauthCodes(snapshot.oauthCodes, context);
    this.platforms = new Platforms(snapshot.platforms, context);
    this.roles = new Roles(snapshot.roles, context);
    this.allowlist = [...snapshot.allowlist];
    this.codes = new CodeBook(snapshot.codes, snapshot.stepPasses, context);
    this.keys = new KeyRing(snapshot.credentials, context);
    this.files = new FileStore(snapshot.files, filesDir, context);
  }

  /** The data file's content (version 1); the order of its keys is the file's. */
  snapshot(): Snapshot {
    return {
      version: SNAPSHOT_VERSION,
      users: this.users.snapshot(),
      activations: this.activations.snapshot(),
      sessions: this.sessions.snapshot(),
      authCodes: this.authCodes.snapshot(),
      platforms: this.platforms.snapshot(),
      roles: this.roles.snapshot(),
      allowlist: [...this.allowlist],
      ...this.codes.snapshot(),
      credentials: this.keys.snapshot(),
      oauthCodes: this.oauthCodes.snapshot(),
      files: this.files.snapshot(),
    };
  }

  /** Writes pending changes to the data file (no-op without one). */
  async flush(): Promise<void> {
    await this.writer?.flush();
  }

  // ---- across record types -------------------------------------------------------------------

  /** The user behind a live token of an active account, else null. */
  resolveSession(token: string): UserRecord | null {
    const ssoUid = this.sessions.ownerOf(token);
    const user = ssoUid === null ? undefined : this.users.get(ssoUid);
    return user && user.activated && user.status === 'ACTIVE' ? user : null;
  }

  /** The user of a one-time authorization code, once (see AuthCodes.redeem). */
  redeemAuthCode(code: string, clientId: string): UserRecord | null {
    const ssoUid = this.authCodes.redeem(code, clientId);
    return ssoUid === null ? null : (this.users.get(ssoUid) ?? null);
  }

  /**
   * Activates the account of a live link and uses the link up; a used link's account comes back
   * as `already` active; null for an unknown or expired link.
   */
  activate(sign: string, token: string): { user: UserRecord; already: boolean } | null {
    const redeemed = this.activations.redeem(sign, token);
    if (redeemed === 'expired') this.pruneExpired();
    if (redeemed === null || redeemed === 'expired') return null;
    const user = this.users.update(redeemed.ssoUid, { activated: true });
    return user ? { user, already: redeemed.already } : null;
  }

  /** Removes the account with everything that hangs on it: sessions, codes, keys, links. */
  deleteUser(ssoUid: string): boolean {
    if (!this.users.remove(ssoUid)) return false;
    this.sessions.revoke(ssoUid);
    this.authCodes.forgetUser(ssoUid);
    this.activations.forgetUser(ssoUid);
    this.codes.forgetUser(ssoUid);
    this.keys.forgetUser(ssoUid);
    return true;
  }

  /**
   * Drops expired sessions, codes and activation links. An e-mail registration whose link expired
   * unused is dropped with its account, which frees the e-mail and username for a new attempt.
   */
  pruneExpired(): void {
    this.lastPrune = this.now();
    this.codes.sweep();
    this.sessions.sweep();
    this.authCodes.sweep();
    this.oauthCodes.sweep();
    for (const ssoUid of this.activations.sweep()) {
      if (this.users.get(ssoUid)?.activated === false) this.deleteUser(ssoUid);
    }
  }

  private pruneIfDue(): void {
    if (this.now() - this.lastPrune >= PRUNE_INTERVAL_MS) this.pruneExpired();
  }

  // ---- what bff/ and tests/ call on an embedded local UAA (routes use the modules) ------------

  createUser(input: UserPatch): UserRecord {
    return this.users.create(input);
  }

  updateUser(ssoUid: string, patch: UserPatch): UserRecord | undefined {
    return this.users.update(ssoUid, patch);
  }

  findUserByUsername(username: string): UserRecord | undefined {
    return this.users.findByUsername(username);
  }

  findUserByPhone(phone: string): UserRecord | undefined {
    return this.users.findByPhone(phone);
  }

  issueSession(ssoUid: string, options: { autoLogin: boolean }): { token: string; expiresAt: number } {
    return this.sessions.issue(ssoUid, options);
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
