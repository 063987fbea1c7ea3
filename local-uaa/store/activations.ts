/**
 * E-mail activation links: a sign naming the link and a token proving it (kept as a digest),
 * single use, valid 2 hours. A used link is remembered for 30 days, so that a second click says
 * the account is active already instead of "activation failed".
 */
import type { ActivationRecord } from '../records';
import { digest, randomSecret, sameDigest } from '../secrets';
import { HOUR_MS, removeWhere, type StoreContext } from './context';
import { RecordTable } from './record-table';

export const ACTIVATION_LIFETIME_MS = 2 * HOUR_MS;
export const USED_LINK_MEMORY_MS = 30 * 24 * HOUR_MS;

export type Redemption = { ssoUid: string; already: boolean } | 'expired' | null;

const forgotten = (link: ActivationRecord, now: number) =>
  link.usedAt === undefined ? link.expiresAt <= now : link.usedAt + USED_LINK_MEMORY_MS <= now;

export class Activations extends RecordTable<string, ActivationRecord> {
  constructor(records: readonly ActivationRecord[], context: StoreContext) {
    super(records, (link) => link.sign, context);
  }

  /** A single-use sign/token pair for the activation link, valid 2 hours. */
  create(ssoUid: string): { sign: string; token: string; expiresAt: number } {
    this.context.sweepIfDue();
    const sign = randomSecret(16);
    const token = randomSecret(24);
    const expiresAt = this.context.now() + ACTIVATION_LIFETIME_MS;
    this.records.set(sign, { sign, tokenHash: digest(token), ssoUid, expiresAt });
    this.context.changed();
    return { sign, token, expiresAt };
  }

  /**
   * Uses a live link up and names its account; a used one names it as `already` activated;
   * 'expired' for a link whose time is up (left for the sweep, which also drops the registration
   * it abandons); null for an unknown sign or a wrong token.
   */
  redeem(sign: string, token: string): Redemption {
    const link = this.records.get(sign);
    if (!link || !sameDigest(link.tokenHash, digest(token))) return null;
    const now = this.context.now();
    if (forgotten(link, now)) return link.usedAt === undefined ? 'expired' : null;
    if (link.usedAt !== undefined) return { ssoUid: link.ssoUid, already: true };
    this.records.set(sign, { ...link, usedAt: now });
    this.context.changed();
    return { ssoUid: link.ssoUid, already: false };
  }

  forgetUser(ssoUid: string): void {
    removeWhere(this.context, this.records, (link) => link.ssoUid === ssoUid);
  }

  /** Drops expired links; returns the accounts they leave without a live one (abandoned registrations). */
  sweep(): Set<string> {
    const now = this.context.now();
    const abandoned = new Set<string>();
    removeWhere(this.context, this.records, (link) => {
      if (!forgotten(link, now)) return false;
      if (link.usedAt === undefined) abandoned.add(link.ssoUid);
      return true;
    });
    for (const link of this.records.values()) abandoned.delete(link.ssoUid);
    return abandoned;
  }
}
