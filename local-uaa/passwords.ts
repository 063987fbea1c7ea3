/**
 * Passwords at rest (scrypt with a per-user salt) and in transit (the browser's RSA envelope of
 * DESIGN.md §7, checked for scene and freshness so a captured value cannot be replayed later or
 * in another flow).
 */
import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { decryptPassword } from '@shared/crypto';
import type { PasswordScene } from '@shared/api/types';
import { UaaError } from './reply';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

// The parameters travel with the hash so they can be raised later without breaking old hashes.
function encode(salt: Buffer, key: Buffer): string {
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return encode(salt, await scryptAsync(password, salt, PARAMS));
}

/** For seeding at start, where there is no request to wait on. */
export function hashPasswordSync(password: string): string {
  const salt = randomBytes(16);
  return encode(salt, scryptSync(password, salt, KEY_LENGTH, PARAMS));
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  try {
    const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    });
    return timingSafeEqual(actual, expected);
  } catch {
    // Parameters scrypt refuses (a hand-edited data file) match nothing.
    return false;
  }
}

let dummyHash: string | undefined;

/**
 * Spends the same scrypt work as a real check, for accounts that do not exist or have no
 * password, so response time does not tell which accounts exist.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPasswordSync(randomBytes(12).toString('base64url'));
  await verifyPassword(password, dummyHash);
  return false;
}

/** How old an envelope may be, and how far in the future (client clock skew). */
export const ENVELOPE_MAX_AGE_S = 5 * 60;
export const ENVELOPE_MAX_SKEW_S = 60;

/** Decrypts the browser's password envelope; any doubt about it is A0216. */
export function openPasswordEnvelope(
  privateKeyPem: string,
  cipherText: string,
  scene: PasswordScene,
  nowMs: number,
): string {
  const envelope = decryptPassword(privateKeyPem, cipherText);
  const nowS = Math.floor(nowMs / 1000);
  if (
    envelope === null ||
    envelope.scene !== scene ||
    nowS - envelope.timestamp > ENVELOPE_MAX_AGE_S ||
    envelope.timestamp - nowS > ENVELOPE_MAX_SKEW_S
  ) {
    throw new UaaError('A0216');
  }
  return envelope.password;
}
