/**
 * Every call of spec §7, once: method, path, open or bearer, token-issuing, silent, the
 * rate-limit identifier field, and the request and reply schemas (`reply` is the envelope's
 * `data`). Paths are relative to the gateway base (`/gw/uaa-be`) on the browser side and to the
 * UAA root on the upstream side. Calls whose paths the spec does not show carry paths in the same
 * style (marked `inferred`).
 *
 * Written in parts, each the calls of some pages (user-endpoints.ts, credential-endpoints.ts,
 * admin-endpoints.ts): the SPA's `call` takes an endpoint of a part, its body and reply types from
 * its schemas, and checks replies, so a page's download holds only its parts' schemas (/login's
 * not the back office's: issue 39). The local UAA parses requests with these schemas; the BFF
 * reads open calls, identifiers and code senders from the whole table here.
 */
import { z } from 'zod/mini';
import { ADMIN_ENDPOINTS } from './admin-endpoints';
import { CREDENTIAL_ENDPOINTS } from './credential-endpoints';
import { get, type Endpoint } from './endpoint';
import { USER_ENDPOINTS } from './user-endpoints';

export * from './endpoint';
export { actsForShownAccount } from './user-endpoints';

/**
 * Every call, from its part's table: a page loads only its parts' (the SPA's `call` takes the
 * endpoint itself), the BFF and the local UAA all of them.
 */
export const ENDPOINTS = {
  ...USER_ENDPOINTS,
  ...CREDENTIAL_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;
/** What the SPA may send as a call's body. */
export type RequestOf<N extends EndpointName> = z.input<Endpoints[N]['request']>;
/** A call's body as the UAA reads it. */
export type ParsedRequestOf<N extends EndpointName> = z.output<Endpoints[N]['request']>;
/** A call's checked reply data. */
export type ReplyOf<N extends EndpointName> = z.output<Endpoints[N]['reply']>;

/** The static allow-list JSON served beside the API (spec §3: redirectWhiteList), not an envelope. */
export const ALLOWLIST_JSON_PATH = '/static/redirect-white-list.json';
export const redirectWhiteList = z.looseObject({ redirectWhiteList: z.array(z.string()) });
export type RedirectWhiteList = z.output<typeof redirectWhiteList>;
/** The allow-list file as a gateway call: open, GET only (DESIGN.md §5); its reply is the file itself. */
export const ALLOWLIST_FILE: Endpoint = get(ALLOWLIST_JSON_PATH, { open: true, reply: redirectWhiteList });

/**
 * The one normalization of a gateway path (DESIGN.md §5): percent-decoded once, lower case, no
 * empty segment (repeated or trailing slashes). It decides which endpoint a request is, hence
 * open calls, logout, token paths and rate-limit rules alike, so no spelling can mean one thing
 * to the BFF and another to an upstream that is case-insensitive or lenient about slashes.
 * Undefined for a malformed escape. (`..`, `.` and encoded separators are refused earlier.)
 */
export function normalizePath(path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.split('?')[0] ?? '');
  } catch {
    return undefined;
  }
  const segments = decoded.split('/').filter((segment) => segment !== '');
  return `/${segments.join('/')}`.toLowerCase();
}

const byPath = new Map<string, Endpoint>(
  Object.values(ENDPOINTS).map((e: Endpoint) => [normalizePath(e.path) as string, e]),
);

/** The endpoint of an upstream path (relative to the gateway base), whatever its spelling. */
export function endpointForPath(path: string): Endpoint | undefined {
  const normalized = normalizePath(path);
  return normalized === undefined ? undefined : byPath.get(normalized);
}

/** The endpoints that make the UAA send a code (SMS or e-mail). */
export const CODE_SENDING_ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINTS).filter(
  (e: Endpoint) => e.sendsCode === true,
);
