/**
 * Personal data in a security event, minimised (PIPL): a phone or an e-mail is shown masked
 * (`138****8000`, `a***@example.com`), and joined across events by an HMAC of its canonical
 * spelling, never kept in clear.
 */
import { createHmac } from 'node:crypto';
import { canonicalIdentifier } from '@shared/validation/canonical';

/** `138****8000`: the first three and last four digits of a phone, the rest starred. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return '*'.repeat(Math.max(3, digits.length));
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
}

/** `a***@example.com`: the first character of the mailbox, the domain as it is. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** A target named by a phone, an e-mail or an account name, masked as what it looks like. */
export function maskTarget(value: string): string {
  if (value.includes('@')) return maskEmail(value);
  if (/^[+\d][\d\s()-]*$/.test(value)) return maskPhone(value);
  // An account name: its first character, so that a security team can tell two apart at a glance.
  return `${value.slice(0, 1)}***`;
}

export interface MaskedTarget {
  masked: string;
  /** HMAC of the canonical, lower-cased spelling: the same person's events join on it. */
  hash: string;
}

export function targetOf(value: string, key: string | Buffer): MaskedTarget {
  const canonical = canonicalIdentifier(value).toLowerCase();
  return { masked: maskTarget(canonical), hash: hmac(key, `target\u0000${canonical}`) };
}

export function hmac(key: string | Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url').slice(0, 32);
}
