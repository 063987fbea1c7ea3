/** Sign-in sessions: opaque bearer tokens, kept only as digests, of 1 day or 14 with auto-login. */
import type { SessionRecord } from '../records';
import { digest, randomSecret } from '../secrets';
import { DAY_MS, removeExpired, removeWhere, type StoreContext } from './context';
import { RecordTable } from './record-table';

export const SESSION_LIFETIME_MS = DAY_MS;
export const AUTO_LOGIN_SESSION_LIFETIME_MS = 14 * DAY_MS;

export class Sessions extends RecordTable<string, SessionRecord> {
  constructor(records: readonly SessionRecord[], context: StoreContext) {
    super(records, (session) => session.tokenHash, context);
  }

  /** An opaque bearer token: 14 days with auto-login, else 1 day. */
  issue(ssoUid: string, options: { autoLogin: boolean }): { token: string; expiresAt: number } {
    this.context.sweepIfDue();
    const token = randomSecret(32);
    const createdAt = this.context.now();
    const expiresAt = createdAt + (options.autoLogin ? AUTO_LOGIN_SESSION_LIFETIME_MS : SESSION_LIFETIME_MS);
    this.records.set(digest(token), {
      tokenHash: digest(token),
      ssoUid,
      autoLogin: options.autoLogin,
      createdAt,
      expiresAt,
    });
    this.context.changed();
    return { token, expiresAt };
  }

  /** The account id behind a live token, else null; an expired session found is dropped. */
  ownerOf(token: string): string | null {
    const session = this.records.get(digest(token));
    if (!session) return null;
    if (session.expiresAt <= this.context.now()) {
      this.records.delete(session.tokenHash);
      this.context.changed();
      return null;
    }
    return session.ssoUid;
  }

  /** Logs the user out everywhere (but the session of `except`, a token); returns how many ended. */
  revoke(ssoUid: string, except?: string): number {
    const kept = except === undefined ? undefined : digest(except);
    return removeWhere(
      this.context,
      this.records,
      (session, key) => session.ssoUid === ssoUid && key !== kept,
    );
  }

  sweep(): void {
    removeExpired(this.context, this.records);
  }
}
