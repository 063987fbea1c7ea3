/**
 * Rate-limit keys. Clients are told apart by address (IPv6 grouped by /56, IPv4-mapped IPv6
 * counted as IPv4) and by the phone, e-mail or account they name in the body. Every key is an
 * HMAC, so neither an address nor an identifier is kept or logged in clear.
 */
import { createHmac } from 'node:crypto';
import { ipKeyGenerator } from 'express-rate-limit';
import type { IdentifierField } from './rules';

export const IPV6_SUBNET = 56;

export function ipKey(ip: string | undefined): string {
  return ip ? ipKeyGenerator(ip, IPV6_SUBNET) : 'unknown';
}

/** Trimmed and lower-cased; a phone loses spaces, dashes and the +86 country code. */
export function normalizeIdentifier(field: IdentifierField, value: string): string {
  const trimmed = value.trim().toLowerCase();
  if (field === 'phone' || /^[+\d][\d\s-]*$/.test(trimmed)) {
    const digits = trimmed.replace(/[\s-]/g, '');
    return digits.replace(/^(?:\+|00)?86(?=1\d{10}$)/, '');
  }
  return trimmed;
}

/** The first of the fields present in the JSON body, normalized; undefined when none is. */
export function identifierOf(body: unknown, fields: readonly IdentifierField[]): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  for (const field of fields) {
    const value: unknown = (body as Record<string, unknown>)[field];
    if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') {
      return normalizeIdentifier(field, String(value));
    }
  }
  return undefined;
}

export function hashKey(secret: string | Buffer, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\u0000')).digest('base64url');
}
