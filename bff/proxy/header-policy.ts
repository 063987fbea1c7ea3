/**
 * What crosses the proxy. Upstream requests carry only the headers on this list, whatever the
 * browser sent (its Cookie, Authorization, X-Forwarded-* and X-Real-IP in any spelling are
 * dropped); the BFF then sets its own forwarding headers and the bearer token.
 */
import { HEADERS } from '@shared/api/envelope';

const PASSED_TO_UPSTREAM = new Set<string>([
  'accept',
  'accept-language',
  'content-type',
  // A streamed upload's declared length (a parsed JSON body gets the length of its exact bytes).
  'content-length',
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

// What the browser may see of the upstream's reply headers: an allow-list, so that its cookies,
// hop-by-hop and encoding headers, CORS grants (`Access-Control-Allow-*`, which would open the
// API to other origins), server banners and whatever else an upstream adds stay behind.
const PASSED_TO_BROWSER = new Set(['content-language', 'retry-after']);

/** `name` as undici gives header names (the upstream's reply), in lower case. */
export function isPassedToBrowser(name: string): boolean {
  return PASSED_TO_BROWSER.has(name);
}
