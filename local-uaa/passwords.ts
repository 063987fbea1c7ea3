/**
 * Passwords at rest (scrypt with a per-user salt) and in transit (the browser's RSA envelope of
 * DESIGN.md §7, checked for scene and freshness so a captured value cannot be replayed later or
 * in another flow).
 */
import {
  constants,
  createPrivateKey,
  privateDecrypt,
  randomBytes,
  scrypt,
  scryptSync,
  timingSafeEqual,
  type KeyObject,
  type ScryptOptions,
} from 'node:crypto';
import { parseEnvelope, plausibleCipherText, type PasswordEnvelope } from '@shared/crypto';
import type { PasswordScene } from '@shared/crypto';
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

const privateKeys = new Map<string, KeyObject>();

/**
 * The browser's RSA envelope (PKCS#1 v1.5, shared/crypto.ts), opened natively: node-forge's
 * JavaScript RSA took about 30 ms of the event loop per login, which queued every other call
 * behind a burst of logins. Node 20 refuses PKCS#1 v1.5 decryption itself (CVE-2023-46809), so
 * the raw RSA is done by OpenSSL and the padding (00 02, at least eight non-zero bytes, 00) is
 * checked here. The local UAA is a test double: it makes no claim against padding oracles.
 */
export function decryptEnvelope(privateKeyPem: string, cipherText: unknown): PasswordEnvelope | null {
  if (!plausibleCipherText(cipherText)) return null;
  try {
    let key = privateKeys.get(privateKeyPem);
    if (!key) {
      key = createPrivateKey(privateKeyPem);
      privateKeys.set(privateKeyPem, key);
    }
    const block = privateDecrypt(
      { key, padding: constants.RSA_NO_PADDING },
      Buffer.from(cipherText, 'base64'),
    );
    const separator = block.indexOf(0, 2);
    if (block[0] !== 0 || block[1] !== 2 || separator < 10) return null;
    return parseEnvelope(new TextDecoder('utf-8', { fatal: true }).decode(block.subarray(separator + 1)));
  } catch {
    return null;
  }
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
  const envelope = decryptEnvelope(privateKeyPem, cipherText);
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
