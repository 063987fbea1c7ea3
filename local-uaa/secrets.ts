/** Random secrets and their digests: what the store hands out and what it keeps instead. */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const digest = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export const randomSecret = (bytes: number): string => randomBytes(bytes).toString('base64url');

/** Six decimal digits, uniformly drawn (leading zeros kept). */
export const randomDigits = (length = 6): string =>
  Array.from({ length }, () => String(randomInt(10))).join('');

export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
