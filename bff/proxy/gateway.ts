/**
 * The gateway to the legacy UAA (DESIGN.md §5), the last of its stages (bff/stages/gateways.ts
 * orders the guards before it). Only the calls of the endpoint table go through
 * (gateway-call.ts), and upstream they go in the table's own spelling. The browser's request is
 * cut down to the allowed headers and the bearer comes from the httpOnly cookie; the reply becomes
 * the browser's answer in gateway-reply.ts, and a call that fails or overruns is the envelope's
 * 502 or 504 here.
 */
import type { RequestHandler, Response } from 'express';
import { ENDPOINTS, type Endpoint } from '@shared/contract/endpoints';
import { sendError } from '../http-errors';
import { hasBody } from '../request-body';
import { clearSessionCookie, readSessionToken } from '../session/cookie';
import {
  abortOnHangUp,
  forwardingHeaders,
  UPSTREAM_ACCEPT_ENCODING,
  UpstreamTimeoutError,
  type PublicOrigin,
  type UpstreamClient,
} from '../upstream/client';
import type { GatewayCall, GatewayRequest } from './gateway-call';
import { answer, type AnswerOptions } from './gateway-reply';
import { isPassedToUpstream } from './header-policy';

export interface GatewayOptions extends AnswerOptions {
  client: UpstreamClient;
  /** The upstream's base URL, its path prefix included. */
  target: string;
  /** PUBLIC_ORIGIN: the host the UAA is told. */
  publicOrigin: PublicOrigin;
  timeoutMs?: number;
}

/** The browser's request cut down to the allowed headers, plus the BFF's own. */
function upstreamHeaders(
  opts: GatewayOptions,
  req: GatewayRequest,
  endpoint: Endpoint,
): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && isPassedToUpstream(name)) headers[name] = value;
  }
  Object.assign(headers, forwardingHeaders(req, opts.publicOrigin));
  headers['accept-encoding'] = UPSTREAM_ACCEPT_ENCODING;
  const token = readSessionToken(req, opts.cookie);
  if (token && !endpoint.open) headers.authorization = `Bearer ${token}`;
  // A GET forwards no body, so none of the browser's body headers either; a JSON body is the
  // validated one express.json read, in UTF-8 whatever the browser's charset was.
  if (req.method === 'GET') {
    delete headers['content-length'];
    delete headers['content-type'];
  } else if (req.forwardBody) {
    headers['content-type'] = 'application/json;charset=UTF-8';
    headers['content-length'] = String(req.forwardBody.length);
  }
  return headers;
}

/** The call failed or overran its deadline: the envelope's 502 or 504, unless no one is left to answer. */
function onError(
  opts: GatewayOptions,
  err: unknown,
  req: GatewayRequest,
  res: Response,
  call: GatewayCall,
): void {
  // The upload limiter has answered 413 and aborted this upstream request on purpose; or the
  // browser went away, and there is no one left to answer.
  if (req.bodyTooLarge || res.writableEnded || res.destroyed) return;
  if (call.endpoint === ENDPOINTS.logoutAll && !res.headersSent) {
    clearSessionCookie(req, res, opts.cookie);
    res.setHeader('Clear-Site-Data', '"cookies"');
  }
  if (err instanceof UpstreamTimeoutError) {
    opts.logger.warn({ reqId: req.id }, 'upstream timeout');
    sendError(req, res, 504, 'B0300', 'upstreamTimeout');
  } else {
    opts.logger.warn({ reqId: req.id, err: (err as Error).message }, 'upstream unreachable');
    sendError(req, res, 502, 'B0300', 'upstreamUnavailable');
  }
}

export function createGateway(opts: GatewayOptions): RequestHandler {
  const { client } = opts;
  const base = opts.target.replace(/\/+$/, '');

  return (incoming, res) => {
    const req = incoming as GatewayRequest;
    // The upload limiter has already answered 413: no upstream connection is made.
    if (req.bodyTooLarge) return;
    const call = req.gatewayCall;
    if (!call) return sendError(req, res, 404, 'A0100', 'notFound', { reason: 'unknown-call' });
    // A browser that hangs up ends the call; so does the upload limiter, for a body past its limit.
    const aborter = abortOnHangUp(res);
    req.abortUpstream = () => aborter.abort();
    const body = req.method === 'GET' ? null : (req.forwardBody ?? (hasBody(req) ? req : null));
    req.upstreamStart = performance.now();
    // From here on the call counts as made, whatever the browser does next (DESIGN.md §6).
    res.locals.upstreamDispatched = true;
    client
      .call({
        method: req.method,
        url: `${base}${call.upstreamPath}`,
        headers: upstreamHeaders(opts, req, call.endpoint),
        body,
        timeoutMs: opts.timeoutMs,
        abort: aborter,
      })
      .then((reply) => answer(opts, req, res, call, reply))
      .catch((err: unknown) => onError(opts, err, req, res, call));
  };
}
