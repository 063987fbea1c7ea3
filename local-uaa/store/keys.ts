/** Access keys (spec §3 "Credential"): at most two per account, deletable only once disabled. */
import { randomBytes } from 'node:crypto';
import { CLI_KEY_DESCRIPTION, MAX_CREDENTIALS, type CredentialStatus } from '@shared/contract/credential';
import type { CredentialRecord } from '../records';
import { randomSecret } from '../secrets';
import { removeWhere, type StoreContext } from './context';
import { RecordTable } from './record-table';

/** How the list shows a secret: first 4, 16 stars, last 2 (the length never shows). */
export function maskSecret(sk: string): string {
  return `${sk.slice(0, 4)}${'*'.repeat(16)}${sk.slice(-2)}`;
}

const newAccessKey = (): string => `AK${randomBytes(9).toString('hex').toUpperCase()}`;

export type DeleteOutcome = 'deleted' | 'enabled' | 'unknown';

export class KeyRing extends RecordTable<string, CredentialRecord> {
  constructor(records: readonly CredentialRecord[], context: StoreContext) {
    super(records, (record) => record.ak, context);
  }

  /** The user's keys, oldest first. */
  list(ssoUid: string): CredentialRecord[] {
    return [...this.records.values()].filter((k) => k.ssoUid === ssoUid);
  }

  /** A new ENABLED key pair, or null when the account already holds the maximum. */
  create(ssoUid: string, description: string): CredentialRecord | null {
    if (this.list(ssoUid).length >= MAX_CREDENTIALS) return null;
    const record: CredentialRecord = {
      ak: newAccessKey(),
      sk: randomSecret(30),
      type: description === CLI_KEY_DESCRIPTION ? 'CLI' : 'USER',
      status: 'ENABLED',
      description,
      createDate: new Date(this.context.now()).toISOString(),
      ssoUid,
    };
    this.records.set(record.ak, record);
    this.context.changed();
    return record;
  }

  /** One of the user's keys; another user's key is as unknown as a missing one. */
  get(ssoUid: string, ak: string): CredentialRecord | undefined {
    const record = this.records.get(ak);
    return record?.ssoUid === ssoUid ? record : undefined;
  }

  setStatus(ssoUid: string, ak: string, status: CredentialStatus): CredentialRecord | undefined {
    const record = this.get(ssoUid, ak);
    if (!record) return undefined;
    if (record.status !== status) {
      record.status = status;
      this.context.changed();
    }
    return record;
  }

  delete(ssoUid: string, ak: string): DeleteOutcome {
    const record = this.get(ssoUid, ak);
    if (!record) return 'unknown';
    if (record.status === 'ENABLED') return 'enabled';
    this.records.delete(ak);
    this.context.changed();
    return 'deleted';
  }

  forgetUser(ssoUid: string): void {
    removeWhere(this.context, this.records, (key) => key.ssoUid === ssoUid);
  }
}
