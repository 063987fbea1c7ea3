/**
 * Codes handed to one party to redeem once, kept only as digests: the authorization codes a
 * sub-platform receives after login (internal/auth, 1 minute) and the codes the simulated
 * third-party consent pages hand the callback route (5 minutes). Presenting a code uses it up,
 * whoever presents it.
 */
import type { OauthProvider } from '@shared/contract/login';
import type { AuthCodeRecord, OauthCodeRecord } from '../records';
import { digest, randomSecret } from '../secrets';
import { MINUTE_MS, removeExpired, removeWhere, type StoreContext } from './context';
import { RecordTable } from './record-table';

export const AUTH_CODE_LIFETIME_MS = MINUTE_MS;
export const OAUTH_CODE_LIFETIME_MS = 5 * MINUTE_MS;

interface CodeRecord {
  codeHash: string;
  expiresAt: number;
}

class OneTimeCodes<R extends CodeRecord> extends RecordTable<string, R> {
  constructor(
    records: readonly R[],
    context: StoreContext,
    private readonly lifetimeMs: number,
  ) {
    super(records, (record) => record.codeHash, context);
  }

  protected add(fields: Omit<R, keyof CodeRecord>): { code: string; expiresAt: number } {
    this.context.sweepIfDue();
    const code = randomSecret(24);
    const expiresAt = this.context.now() + this.lifetimeMs;
    this.records.set(digest(code), { codeHash: digest(code), ...fields, expiresAt } as R);
    this.context.changed();
    return { code, expiresAt };
  }

  /** The record behind a live code presented by its rightful party, else null; the code is used up either way. */
  protected take(code: string, rightful: (record: R) => boolean): R | null {
    const key = digest(code);
    const record = this.records.get(key);
    if (!record) return null;
    this.records.delete(key);
    this.context.changed();
    return rightful(record) && record.expiresAt > this.context.now() ? record : null;
  }

  sweep(): void {
    removeExpired(this.context, this.records);
  }
}

export class AuthCodes extends OneTimeCodes<AuthCodeRecord> {
  constructor(records: readonly AuthCodeRecord[], context: StoreContext) {
    super(records, context, AUTH_CODE_LIFETIME_MS);
  }

  issue(ssoUid: string, clientId: string): { code: string; expiresAt: number } {
    return this.add({ ssoUid, clientId });
  }

  /**
   * The account a live code was issued to for this client, once. A code presented by another
   * client is burnt too: a leaked code must not stay usable by its rightful owner's attacker
   * after a wrong guess.
   */
  redeem(code: string, clientId: string): string | null {
    return this.take(code, (record) => record.clientId === clientId)?.ssoUid ?? null;
  }

  forgetUser(ssoUid: string): void {
    removeWhere(this.context, this.records, (record) => record.ssoUid === ssoUid);
  }
}

export class OauthCodes extends OneTimeCodes<OauthCodeRecord> {
  constructor(records: readonly OauthCodeRecord[], context: StoreContext) {
    super(records, context, OAUTH_CODE_LIFETIME_MS);
  }

  /** What the consent page's Approve hands the callback route: 5 minutes, single use. */
  issue(provider: OauthProvider, subject: string): string {
    return this.add({ provider, subject }).code;
  }

  /** The third-party account name behind a live code of that provider, once; else null. */
  redeem(code: string, provider: OauthProvider): string | null {
    return this.take(code, (record) => record.provider === provider)?.subject ?? null;
  }
}
