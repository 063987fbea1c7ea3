/**
 * Rate-limit keys. Clients are told apart by address (IPv6 grouped by /56, IPv4-mapped IPv6
 * counted as IPv4) and by the phone, e-mail or account they name in the body. Every key is an
 * HMAC, so neither an address nor an identifier is kept or logged in clear.
 */
import { createHmac } from 'node:crypto';
import { isIPv4 } from 'node:net';
import { ipKeyGenerator } from 'express-rate-limit';
import type { Endpoint, IdentifierField } from '@shared/contract/endpoints';
import { canonicalIdentifier, plainPhone } from '@shared/validation/canonical';

export const IPV6_SUBNET = 56;

export function ipKey(ip: string | undefined): string {
  return ip ? ipKeyGenerator(ip, IPV6_SUBNET) : 'unknown';
}

/** The /24 of an IPv4 address (IPv4-mapped IPv6 included), the /56 of an IPv6 one. */
export function subnetKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const v4 = ip.replace(/^::ffff:/i, '');
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  return ipKeyGenerator(ip, IPV6_SUBNET);
}

/**
 * One target, one count: the canonical spelling (shared/validation/canonical.ts: NFKC, no format
 * characters, no trailing dot on a domain), lower-cased; a phone loses spaces, dashes, brackets and
 * the +86 country code; an e-mail loses its `+tag` (alice+1@x and Alice@x reach one mailbox).
 */
export function normalizeIdentifier(field: IdentifierField, value: string): string {
  const trimmed = canonicalIdentifier(value).toLowerCase();
  if (field === 'phone' || /^[+\d(][\d\s()-]*$/.test(trimmed)) return plainPhone(trimmed);
  const at = trimmed.lastIndexOf('@');
  if (at > 0) {
    const local = trimmed.slice(0, at);
    const plus = local.indexOf('+');
    return `${plus > 0 ? local.slice(0, plus) : local}${trimmed.slice(at)}`;
  }
  return trimmed;
}

/**
 * The target a call names, from the one body field the endpoint table gives it: its normalized
 * value; undefined when the call has no identifier field or the body leaves it out or blank;
 * null when the field holds anything but a string (an array, a number, an object), which
 * the gateway refuses before the upstream sees it.
 */
export function identifierOf(endpoint: Endpoint | undefined, body: unknown): string | undefined | null {
  const field = endpoint?.identifier;
  if (!field || typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  if (!Object.hasOwn(body, field)) return undefined;
  const value: unknown = (body as Record<string, unknown>)[field];
  if (typeof value !== 'string') return null;
  const target = normalizeIdentifier(field, value);
  return target === '' ? undefined : target;
}

export function hashKey(secret: string | Buffer, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\u0000')).digest('base64url');
}
