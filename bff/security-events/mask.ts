/**
 * Personal data in a security event, minimised (PIPL): a phone or an e-mail is shown masked
 * (`138****8000`, `a***@example.com`), and joined across events by an HMAC of the spelling the
 * rate limits count (`+86 138-0013-8000` is `13800138000`), never kept in clear.
 */
import { createHmac } from 'node:crypto';
import { maskEmail, maskPhone } from '@shared/mask';
import { normalizeIdentifier } from '../rate-limit/keys';

/** A target named by a phone, an e-mail or an account name, masked as what it looks like. */
export function maskTarget(value: string): string {
  if (value.includes('@')) return maskEmail(value);
  if (/^[+\d][\d\s()-]*$/.test(value)) return maskPhone(value);
  // An account name: its first character, so that a security team can tell two apart at a glance.
  return `${value.slice(0, 1)}***`;
}

export interface MaskedTarget {
  masked: string;
  /** HMAC of the spelling the rate limits count (../rate-limit/keys.ts): the same person's events join on it. */
  hash: string;
}

export function targetOf(value: string, key: string | Buffer): MaskedTarget {
  // The account field takes a phone, an e-mail or a name: its normalization tells them apart.
  const canonical = normalizeIdentifier('account', value);
  return { masked: maskTarget(canonical), hash: hmac(key, `target\u0000${canonical}`) };
}

export function hmac(key: string | Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url').slice(0, 32);
}
