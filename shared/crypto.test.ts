import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptPassword, encryptPassword } from './crypto';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

describe('password encryption', () => {
  it('round-trips the envelope with the timestamp in seconds', () => {
    const cipher = encryptPassword(publicKey, 'Secret123!', 'login', 1_700_000_000_999);
    expect(decryptPassword(privateKey, cipher)).toEqual({
      password: 'Secret123!',
      timestamp: 1_700_000_000,
      scene: 'login',
    });
  });
  it('refuses garbage', () => {
    expect(decryptPassword(privateKey, 'not-base64!!')).toBeNull();
    expect(decryptPassword(privateKey, 42)).toBeNull();
    expect(decryptPassword(privateKey, '')).toBeNull();
  });
});
