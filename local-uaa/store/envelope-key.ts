/** The RSA key pair of the password envelope (the browser encrypts passwords with its public half). */
import { generateKeyPairSync } from 'node:crypto';

export interface KeyPair {
  publicKey: string;
  privateKey: string;
}

let processKeyPair: KeyPair | undefined;

// One key pair per process, made on first use: generating costs ~100 ms, and several local UAAs
// in one process (tests, the BFF embedding one) gain nothing from distinct keys. Envelopes expire
// in 5 minutes, so a new pair at every start loses nothing either.
export function envelopeKeyPair(): KeyPair {
  processKeyPair ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return processKeyPair;
}
