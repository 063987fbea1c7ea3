import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { encryptPassword } from '@shared/crypto';
import { decryptEnvelope } from './passwords';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const other = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});

/** A raw 256-byte RSA block of our choosing, encrypted without padding (to test the padding check). */
function rawBlock(bytes: number[]): string {
  expect(bytes.length).toBe(256);
  const key = forge.pki.publicKeyFromPem(publicKey);
  return forge.util.encode64(key.encrypt(Buffer.from(bytes).toString('binary'), 'RAW'));
}

describe('the native envelope decryption', () => {
  it.each([
    ['ASCII, the timestamp floored to seconds', 'Secret123!', 1_700_000_000_999],
    ['non-ASCII', 'Pässwörd密码123', 1_700_000_000_000],
  ])('opens what the browser encrypts (node-forge, PKCS#1 v1.5): %s', (_, password, sentAt) => {
    const cipher = encryptPassword(publicKey, password, 'login', sentAt);
    expect(decryptEnvelope(privateKey, cipher)).toEqual({
      password,
      timestamp: 1_700_000_000,
      scene: 'login',
    });
  });

  it('refuses another key, garbage, wrong types and over-long input', () => {
    const cipher = encryptPassword(publicKey, 'Secret123', 'register');
    expect(decryptEnvelope(other.privateKey, cipher)).toBeNull();
    for (const bad of ['not-base64!!', '', 'AAAA', 42, null, undefined, 'A'.repeat(5000)])
      expect(decryptEnvelope(privateKey, bad)).toBeNull();
  });

  it('refuses a block without the 00 02 padding or with fewer than eight padding bytes', () => {
    const body = [...Buffer.from(JSON.stringify({ password: 'x', timestamp: 1, scene: 'login' }))];
    const fill = (n: number, byte = 7) => Array.from({ length: n }, () => byte);
    const padded = 256 - 3 - body.length;
    expect(decryptEnvelope(privateKey, rawBlock([0, 2, ...fill(padded), 0, ...body]))).toEqual({
      password: 'x',
      timestamp: 1,
      scene: 'login',
    });
    expect(decryptEnvelope(privateKey, rawBlock([0, 1, ...fill(padded), 0, ...body]))).toBeNull();
    // Seven padding bytes, the rest of the block JSON whitespace: only the padding rule refuses it.
    const short = [0, 2, ...fill(7), 0, ...body];
    expect(decryptEnvelope(privateKey, rawBlock([...short, ...fill(256 - short.length, 0x20)]))).toBeNull();
    expect(decryptEnvelope(privateKey, rawBlock([0, 2, ...fill(254)]))).toBeNull();
  });
});
