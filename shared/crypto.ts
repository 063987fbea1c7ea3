/**
 * Password encryption of DESIGN.md §7: the browser encrypts
 * JSON.stringify({ password, timestamp, scene }) with the UAA's RSA public key (PKCS#1 v1.5)
 * and sends it base64-encoded. The envelope's format lives here; the local UAA decrypts natively
 * and parses with parseEnvelope (local-uaa/passwords.ts). node-forge does the RSA in the browser:
 * WebCrypto has no PKCS#1 v1.5 encryption.
 */
import forge from 'node-forge';

export type PasswordScene = 'register' | 'login' | 'resetPassword';

export interface PasswordEnvelope {
  password: string;
  timestamp: number;
  scene: PasswordScene;
}

export function encryptPassword(
  publicKeyPem: string,
  password: string,
  scene: PasswordScene,
  nowMs: number = Date.now(),
): string {
  const plaintext = JSON.stringify({ password, timestamp: Math.floor(nowMs / 1000), scene });
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  const bytes = key.encrypt(forge.util.encodeUtf8(plaintext), 'RSAES-PKCS1-V1_5');
  return forge.util.encode64(bytes);
}

/** Parses a decrypted envelope; null when it is not a well-formed one. */
export function parseEnvelope(plaintext: string): PasswordEnvelope | null {
  try {
    const parsed = JSON.parse(plaintext) as Partial<PasswordEnvelope>;
    if (
      typeof parsed.password !== 'string' ||
      typeof parsed.timestamp !== 'number' ||
      !['register', 'login', 'resetPassword'].includes(parsed.scene as string)
    ) {
      return null;
    }
    return parsed as PasswordEnvelope;
  } catch {
    return null;
  }
}

/** A cipher text worth trying: a non-empty string no longer than any envelope of ours. */
export function plausibleCipherText(cipherText: unknown): cipherText is string {
  return typeof cipherText === 'string' && cipherText.length > 0 && cipherText.length <= 4096;
}
