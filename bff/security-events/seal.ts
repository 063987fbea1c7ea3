/**
 * The security events' seal (ADR 0010): each line of a replica's stream carries its place in the
 * stream (stream id, sequence number, key epoch), the MAC of the line before it and its own MAC
 * under the epoch's key. The key of epoch 0 is drawn at start and leaves the process only
 * encrypted to the security team's public key; each epoch's key is the HMAC of the one before,
 * which is then overwritten, so a key read from the host today seals no line of an earlier epoch.
 *
 * A line is sealed as written: `{…event…,"seal":{"stream":S,"seq":N,"epoch":E,"prev":P,"mac":M}}`,
 * M = HMAC-SHA256(k_E, P's bytes ‖ the line up to `,"mac"`). The verifier checks those bytes, so a
 * shipper must pass the line on unchanged.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createPublicKey,
  constants,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

/** What the key of each epoch is made from: k_{i+1} = HMAC(k_i, NEXT). */
const NEXT = 'next';
/** The epoch-0 key of a stream no public key seals: known to everyone, so its MACs are a hash chain. */
export const UNKEYED_K0 = createHash('sha256').update('uaa-sso security events: no seal key').digest();
const HKDF_INFO = 'uaa-sso security events seal key v1';
/** Each seal key's life by default (SECURITY_LOG_SEAL_EPOCH_S): systemd-journald's sealing interval. */
export const DEFAULT_SEAL_EPOCH_S = 900;

export function nextKey(key: Buffer): Buffer {
  return createHmac('sha256', key).update(NEXT).digest();
}

/** The MAC of a line: the key of its epoch over the MAC before it (none at a start) and the line's text. */
export function macOf(key: Buffer, prev: string | undefined, body: string): string {
  const hmac = createHmac('sha256', key);
  if (prev !== undefined) hmac.update(Buffer.from(prev, 'base64url'));
  return hmac.update(body).digest('base64url');
}

/** A public key's short name, so the team knows which private key opens a stream's key. */
export function keyIdOf(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64url').slice(0, 16);
}

/** Why a PEM cannot seal the stream, or the key itself: X25519, or RSA of 2048 bits or more. */
export function sealPublicKey(pem: string): { ok: true; key: KeyObject } | { ok: false; error: string } {
  if (/PRIVATE KEY/.test(pem))
    return { ok: false, error: 'is a private key: the replica must hold the public key only' };
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    return { ok: false, error: 'is no PEM public key (-----BEGIN PUBLIC KEY-----)' };
  }
  const type = key.asymmetricKeyType;
  if (type === 'x25519') return { ok: true, key };
  if (type === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048) return { ok: true, key };
  return { ok: false, error: `is ${type ?? 'an unknown'} key: must be X25519 or RSA of 2048 bits or more` };
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');

/**
 * The epoch-0 key encrypted to the team's public key, bound to its stream (the AEAD's additional
 * data; RSA-OAEP's label): `x25519.<ephemeral public key>.<iv>.<ciphertext and tag>` (ECIES:
 * X25519, HKDF-SHA256, AES-256-GCM) or `rsa-oaep-256.<ciphertext>`.
 */
export function wrapKey(publicKey: KeyObject, key: Buffer, streamId: string): string {
  if (publicKey.asymmetricKeyType === 'rsa') {
    const sealed = publicEncrypt(
      {
        key: publicKey,
        padding: constants.RSA_PKCS1_OAEP_PADDING,
        oaepHash: 'sha256',
        oaepLabel: Buffer.from(streamId),
      },
      key,
    );
    return `rsa-oaep-256.${b64(sealed)}`;
  }
  const ephemeral = generateKeyPairSync('x25519');
  const ephemeralPublic = ephemeral.publicKey.export({ type: 'spki', format: 'der' });
  const secret = diffieHellman({ privateKey: ephemeral.privateKey, publicKey });
  const aesKey = Buffer.from(hkdfSync('sha256', secret, ephemeralPublic, HKDF_INFO, 32));
  secret.fill(0);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey, iv).setAAD(Buffer.from(streamId));
  const sealed = Buffer.concat([cipher.update(key), cipher.final(), cipher.getAuthTag()]);
  aesKey.fill(0);
  return `x25519.${b64(ephemeralPublic)}.${b64(iv)}.${b64(sealed)}`;
}

/** The epoch-0 key back, with the team's private key; undefined when this key did not seal it. */
export function unwrapKey(privateKey: KeyObject, wrapped: string, streamId: string): Buffer | undefined {
  const [scheme, ...parts] = wrapped.split('.');
  try {
    if (scheme === 'rsa-oaep-256' && parts.length === 1)
      return privateDecrypt(
        {
          key: privateKey,
          padding: constants.RSA_PKCS1_OAEP_PADDING,
          oaepHash: 'sha256',
          oaepLabel: Buffer.from(streamId),
        },
        Buffer.from(parts[0]!, 'base64url'),
      );
    if (scheme !== 'x25519' || parts.length !== 3) return undefined;
    const [ephemeralPublic, iv, sealed] = parts.map((part) => Buffer.from(part, 'base64url')) as [
      Buffer,
      Buffer,
      Buffer,
    ];
    const publicKey = createPublicKey({ key: ephemeralPublic, format: 'der', type: 'spki' });
    const secret = diffieHellman({ privateKey, publicKey });
    const aesKey = Buffer.from(hkdfSync('sha256', secret, ephemeralPublic, HKDF_INFO, 32));
    const decipher = createDecipheriv('aes-256-gcm', aesKey, iv).setAAD(Buffer.from(streamId));
    decipher.setAuthTag(sealed.subarray(-16));
    return Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]);
  } catch {
    return undefined;
  }
}

export interface SealerOptions {
  /** The security team's public key; without it the chain is kept under UNKEYED_K0 (a hash chain). */
  publicKey?: KeyObject;
  /** How long each key lives (SECURITY_LOG_SEAL_EPOCH_S). */
  epochMs: number;
  /** The start of epoch 0: the time of the stream's start event. */
  origin: number;
}

export interface Sealer {
  readonly streamId: string;
  readonly epoch: number;
  /** The epoch-0 key for the start event, encrypted to the public key; undefined without one. */
  readonly wrappedKey: string | undefined;
  readonly keyId: string | undefined;
  /** The epoch a time falls in. */
  epochAt(time: number): number;
  /** The line (a JSON object and its newline, as pino writes it) with its seal: one HMAC. */
  seal(line: string): string;
  /** Moves on to the next epoch's key and overwrites the one before. */
  advance(): void;
  /** Overwrites the key: nothing more can be sealed (the stream's close). */
  erase(): void;
}

/** A seal's bytes at their most (a 16-byte stream id, the largest seq and epoch, two MACs): what a line's bound leaves it. */
export const SEAL_MAX_BYTES = Buffer.byteLength(
  `,"seal":{"stream":"${'x'.repeat(22)}","seq":9007199254740991,"epoch":9007199254740991,"prev":"${'x'.repeat(43)}","mac":"${'x'.repeat(43)}"}`,
);

export function createSealer(opts: SealerOptions): Sealer {
  const streamId = b64(randomBytes(16));
  let key: Buffer = opts.publicKey ? randomBytes(32) : Buffer.from(UNKEYED_K0);
  const wrappedKey = opts.publicKey ? wrapKey(opts.publicKey, key, streamId) : undefined;
  let epoch = 0;
  let seq = 0;
  let prev: string | undefined;
  let erased = false;
  const streamField = `"seal":{"stream":"${streamId}","seq":`;
  return {
    streamId,
    wrappedKey,
    keyId: opts.publicKey ? keyIdOf(opts.publicKey) : undefined,
    get epoch() {
      return epoch;
    },
    epochAt: (time) => Math.max(0, Math.floor((time - opts.origin) / opts.epochMs)),
    seal(line) {
      if (erased) throw new Error('the stream is closed: its key is erased');
      const end = line.endsWith('}\n') ? line.length - 2 : line.endsWith('}') ? line.length - 1 : -1;
      if (end < 1) throw new Error('a security event line must be one JSON object');
      const body = `${line.slice(0, end)},${streamField}${seq},"epoch":${epoch}${prev === undefined ? '' : `,"prev":"${prev}"`}`;
      const mac = macOf(key, prev, body);
      seq += 1;
      prev = mac;
      return `${body},"mac":"${mac}"}}\n`;
    },
    advance() {
      const next = nextKey(key);
      key.fill(0);
      key = next;
      epoch += 1;
    },
    erase() {
      key.fill(0);
      erased = true;
    },
  };
}
