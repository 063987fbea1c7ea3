/**
 * The one way the BFF calls the UAA for a request's session outside the gateway: the account
 * guard's user info, a signed-in page's first screen and /authentication's one-time code. Like the
 * SPA's own call: a POST of the endpoint table with the session's bearer, the browser's language
 * and the forwarding headers; counted in the request's log line and metrics as the gateway's are.
 */
import type { Request } from 'express';
import type { Endpoint } from '@shared/contract/endpoints';
import { noteUpstreamCall, sessionCallHeaders, type PublicOrigin, type UpstreamClient } from './client';

/** Where a session's calls go: the client, the UAA's base URL and the host it is told. */
export interface SessionCallTarget {
  client: UpstreamClient;
  /** The UAA's base URL, its path prefix included. */
  upstream: string;
  publicOrigin: PublicOrigin;
}

export interface SessionCallOptions {
  timeoutMs: number;
  /** Ends the call (the browser hung up). */
  abort?: AbortController;
  /** A larger reply is read as none. */
  maxBytes?: number;
  /** Read the body of a reply other than 200 too (its envelope's msgCode); else it is left unread. */
  readErrors?: boolean;
}

/**
 * The UAA's status, and its JSON body: undefined for a 401 (the session is over), for any other
 * status but 200 unless `readErrors` asks for it, and for a body that is not JSON or one past
 * `maxBytes`. A call that fails or overruns its deadline throws, as the
 * client's do (UpstreamTimeoutError, UpstreamError).
 */
export async function callWithSession(
  target: SessionCallTarget,
  req: Request,
  token: string,
  endpoint: Endpoint,
  payload: unknown,
  options: SessionCallOptions,
): Promise<{ status: number; body: unknown }> {
  const startedAt = performance.now();
  const reply = await target.client.call({
    method: 'POST',
    url: `${target.upstream}${endpoint.path}`,
    headers: sessionCallHeaders(req, token, target.publicOrigin),
    body: JSON.stringify(payload),
    timeoutMs: options.timeoutMs,
    abort: options.abort,
  });
  noteUpstreamCall(req.res, startedAt);
  if (reply.status === 401 || (reply.status !== 200 && !options.readErrors)) {
    reply.done();
    return { status: reply.status, body: undefined };
  }
  const bytes = await reply.bytes();
  if (options.maxBytes !== undefined && bytes.length > options.maxBytes)
    return { status: reply.status, body: undefined };
  try {
    return { status: reply.status, body: JSON.parse(bytes.toString('utf8')) };
  } catch {
    return { status: reply.status, body: undefined };
  }
}
