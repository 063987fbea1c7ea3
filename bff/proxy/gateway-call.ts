/**
 * Which call of the endpoint table a gateway request is (DESIGN.md §5): worked out once, at the
 * gateway's door, and read by name by every stage after it (the guards, the rate limits, the
 * security events, the account guard and the gateway itself). Only the calls of the table have a
 * name: any other path is refused here and never forwarded.
 */
import type { Request, RequestHandler } from 'express';
import {
  ALLOWLIST_FILE,
  ENDPOINTS,
  GATEWAY_BASE,
  normalizePath,
  UPLOAD_GATEWAY_BASE,
  type Endpoint,
} from '@shared/contract/endpoints';
import { sendError } from '../http-errors';

/** Which call a gateway request is, worked out once by resolveGatewayCall. */
export interface GatewayCall {
  endpoint: Endpoint;
  /** The mount and the endpoint in their one normalized spelling: what rate-limit rules match. */
  rulePath: string;
  /** The upstream path: the table's spelling of the call, with the table's query (the browser's is dropped). */
  upstreamPath: string;
}

/** What the guards leave on the request for the gateway. */
export interface GatewayRequest extends Request {
  gatewayCall?: GatewayCall;
  /** The body as the endpoint's request schema read it: only a body it took, never a refused one. */
  checkedBody?: Record<string, unknown>;
  upstreamStart?: number;
  /** A JSON body, parsed and validated (json-body.ts): the bytes the upstream receives. */
  forwardBody?: Buffer;
  /** The upload limiter (upload-limit.ts) answered 413: the gateway makes no call. */
  bodyTooLarge?: boolean;
  /** Set by the gateway once the upstream call is under way: ends it. */
  abortUpstream?: () => void;
}

export function gatewayCallOf(req: Request): GatewayCall | undefined {
  return (req as GatewayRequest).gatewayCall;
}

/**
 * Resolves a request under a gateway mount to an endpoint of the table (or the allow-list file
 * on the UAA mount), or refuses it: 404 for any other path, 405 for another method. Nothing
 * unknown is forwarded, so the UAA's actuator, its dev pages or whatever else it serves outside
 * the contract stay out of reach.
 */
export function resolveGatewayCall(mount: string, endpoints: readonly Endpoint[]): RequestHandler {
  // Worked out once: each allowed call by its normalized path, with its table spelling and rule path.
  const calls = new Map<string, { endpoint: Endpoint; upstreamPath: string; rulePath: string }>();
  for (const endpoint of endpoints) {
    const { normalized, rulePath } = spellingsOf(mount, endpoint);
    calls.set(normalized, { endpoint, upstreamPath: endpoint.path, rulePath });
  }
  return (req, res, next) => {
    // The browser's query is not forwarded: no call of the contract takes one, so nothing the
    // BFF never read (`?phone=`) reaches the UAA. The upload call's own query is the table's.
    const [path = ''] = splitQuery(req.url);
    const normalized = normalizePath(path);
    const found = normalized === undefined ? undefined : calls.get(normalized);
    if (!found) return sendError(req, res, 404, 'A0100', 'notFound', { reason: 'unknown-call' });
    const { endpoint, upstreamPath, rulePath } = found;
    // No HEAD for a GET call: the UAA may run the GET (a cancellation) and the BFF would see no answer.
    if (req.method !== endpoint.method) {
      res.setHeader('Allow', endpoint.method);
      return sendError(req, res, 405, 'A0100', 'methodNotAllowed', { reason: 'method' });
    }
    (req as GatewayRequest).gatewayCall = { endpoint, rulePath, upstreamPath };
    next();
  };
}

function splitQuery(url: string): [string, string | undefined] {
  const at = url.indexOf('?');
  return at === -1 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1)];
}

/** A call's path relative to its mount, and the mount and path together, each in its one normalized spelling. */
function spellingsOf(mount: string, endpoint: Endpoint): { normalized: string; rulePath: string } {
  const tablePath = endpoint.path.split('?')[0] ?? '';
  const normalized = normalizePath(tablePath) ?? tablePath;
  return { normalized, rulePath: `${normalizePath(mount) ?? mount}${normalized}` };
}

/** Every call of the table on the UAA mount, plus the allow-list file. */
export const UAA_GATEWAY_ENDPOINTS: readonly Endpoint[] = [...Object.values(ENDPOINTS), ALLOWLIST_FILE];
/** The upload mount forwards the upload call and nothing else. */
export const UPLOAD_GATEWAY_ENDPOINTS: readonly Endpoint[] = [ENDPOINTS.uploadFile];

/** The path the rate-limit rules know a UAA call by (a document's call counts as the call). */
export const uaaCallRulePath = (endpoint: Endpoint): string => spellingsOf(GATEWAY_BASE, endpoint).rulePath;

/** Every path a rate-limit rule can meet: each gateway call's rule path (a document counts as its call). */
export const GATEWAY_RULE_PATHS: readonly string[] = [
  ...UAA_GATEWAY_ENDPOINTS.map(uaaCallRulePath),
  ...UPLOAD_GATEWAY_ENDPOINTS.map((endpoint) => spellingsOf(UPLOAD_GATEWAY_BASE, endpoint).rulePath),
];
