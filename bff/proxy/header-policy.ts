/**
 * What crosses the proxy. Upstream requests carry only the headers on this list, whatever the
 * browser sent (its Cookie, Authorization, X-Forwarded-* and X-Real-IP in any spelling are
 * dropped); the BFF then sets its own forwarding headers and the bearer token.
 */
import { HEADERS } from '@shared/api/envelope';

const PASSED_TO_UPSTREAM = new Set<string>([
  'accept',
  'accept-encoding',
  'accept-language',
  'content-type',
  'content-length',
  'transfer-encoding',
  'user-agent',
  HEADERS.lang,
  HEADERS.iframe,
  HEADERS.captchaVerifyParam,
  HEADERS.captchaSceneId,
  HEADERS.captchaPrefix,
]);

/** `name` as Node gives header names (`req.headers`), in lower case. */
export function isPassedToUpstream(name: string): boolean {
  return PASSED_TO_UPSTREAM.has(name);
}

// Hop-by-hop and session headers never go back to the browser from the upstream.
const DROPPED_FROM_UPSTREAM = new Set([
  'set-cookie',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'x-powered-by',
  'server',
]);

/** `name` as Node gives header names (`res.headers` of the upstream's reply), in lower case. */
export function isPassedToBrowser(name: string): boolean {
  return !DROPPED_FROM_UPSTREAM.has(name);
}
