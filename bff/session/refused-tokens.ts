/**
 * Session tokens the UAA has just refused (401), remembered briefly by their HMAC (issue 30): a
 * flood of documents carrying the same bogus or expired cookie costs the UAA one call, not one
 * per document. Bounded, in this process only (each replica learns for itself), and never the
 * token itself.
 */
import { createHmac, randomBytes } from 'node:crypto';

export interface RefusedTokens {
  remember(token: string): void;
  has(token: string): boolean;
}

export const REFUSED_TOKEN_TTL_MS = 60_000;
export const REFUSED_TOKENS_MAX = 10_000;

export function createRefusedTokens(
  opts: { ttlMs?: number; max?: number; now?: () => number } = {},
): RefusedTokens {
  const ttlMs = opts.ttlMs ?? REFUSED_TOKEN_TTL_MS;
  const max = opts.max ?? REFUSED_TOKENS_MAX;
  const now = opts.now ?? Date.now;
  const key = randomBytes(32);
  // Insertion order is expiry order: the oldest entry is the first to go.
  const until = new Map<string, number>();
  const digest = (token: string) => createHmac('sha256', key).update(token).digest('base64url');
  return {
    remember(token) {
      const id = digest(token);
      until.delete(id);
      until.set(id, now() + ttlMs);
      if (until.size > max) until.delete(until.keys().next().value as string);
    },
    has(token) {
      const id = digest(token);
      const expiry = until.get(id);
      if (expiry === undefined) return false;
      if (expiry > now()) return true;
      until.delete(id);
      return false;
    },
  };
}
