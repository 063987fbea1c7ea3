/** Sub-platforms: the clients that may ask for an authorization code, each with an id and a secret. */
import { randomBytes } from 'node:crypto';
import type { PlatformRecord } from '../records';
import type { StoreContext } from './context';
import { Catalogue } from './record-table';

/** Fields of a platform an administrator writes; id, client id, secret and time are the store's. */
export type PlatformPatch = Partial<
  Pick<PlatformRecord, 'displayName' | 'homePageUrl' | 'callback' | 'logoutUrl' | 'logo' | 'description'>
>;

const newClientSecret = (): string => randomBytes(24).toString('hex');

export class Platforms extends Catalogue<string, PlatformRecord> {
  constructor(records: readonly PlatformRecord[], context: StoreContext) {
    super(records, (platform) => platform.id, context);
  }

  findByClientId(clientId: string): PlatformRecord | undefined {
    for (const platform of this.records.values()) if (platform.clientId === clientId) return platform;
    return undefined;
  }

  add(fields: Required<PlatformPatch>): PlatformRecord {
    let id: string;
    do id = `p${randomBytes(4).toString('hex')}`;
    while (this.records.has(id));
    const platform: PlatformRecord = {
      id,
      ...fields,
      clientId: `uaa-${id}`,
      clientSecret: newClientSecret(),
      createTime: new Date(this.context.now()).toISOString(),
    };
    this.records.set(id, platform);
    this.context.changed();
    return platform;
  }

  update(id: string, patch: PlatformPatch): PlatformRecord | undefined {
    return this.merge(id, patch);
  }

  /** Deletes all or nothing: false (and nothing deleted) when an id is unknown. */
  delete(ids: readonly string[]): boolean {
    if (!ids.every((id) => this.records.has(id))) return false;
    for (const id of ids) this.records.delete(id);
    this.context.changed();
    return true;
  }

  /** New secrets for all or none of the platforms; null when an id is unknown. */
  resetSecrets(ids: readonly string[]): PlatformRecord[] | null {
    if (!ids.every((id) => this.records.has(id))) return null;
    return ids.map((id) => this.merge(id, { clientSecret: newClientSecret() }) as PlatformRecord);
  }
}
