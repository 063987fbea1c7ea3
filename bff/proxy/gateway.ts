/**
 * The gateway to the legacy UAA (DESIGN.md §5). Only the calls of the endpoint table go through,
 * whatever their spelling, and upstream they go in the table's own spelling. The browser's
 * request is cut down to the allowed headers, the bearer comes from the httpOnly cookie, the
 * reply is decoded, and any token in it is moved into that cookie before the body reaches the
 * browser. Whatever is not a JSON answer (an HTML error page, a redirect, an empty body) never
 * reaches the browser: it gets the gateway's envelope instead.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { ENDPOINTS, type Endpoint } from '@shared/contract/endpoints';
import { SUCCESS_CODE, type Envelope } from '@shared/api/envelope';
import { loginData } from '@shared/contract/login';
import { compressedFor } from '../compress';
import { sendError } from '../http-errors';
import { hasBody } from '../request-body';
import {
  clearSessionCookie,
  fitsSessionCookie,
  readSessionToken,
  setSessionCookie,
  type CookiePolicy,
} from '../session/cookie';
import {
  abortOnHangUp,
  forwardingHeaders,
  headerValue,
  noteUpstreamCall,
  UPSTREAM_ACCEPT_ENCODING,
  UpstreamTimeoutError,
  type PublicOrigin,
  type UpstreamClient,
  type UpstreamReply,
} from '../upstream/client';
import { isPassedToBrowser, isPassedToUpstream } from './header-policy';
import { type GatewayCall, type GatewayRequest } from './gateway-call';
import { takeAt } from '../session/reply-token';

export interface GatewayOptions {
  client: UpstreamClient;
  /** The upstream's base URL, its path prefix included. */
  target: string;
  cookie: CookiePolicy;
  tokenJsonPaths: readonly string[];
  /** PUBLIC_ORIGIN: the host the UAA is told. */
  publicOrigin: PublicOrigin;
  /** A session token the UAA answered 401 for (documents then spare it the next calls). */
  onRefusedToken?: (token: string) => void;
  logger: Logger;
  timeoutMs?: number;
  /** Called with the reply's msgCode before the answer leaves (its headers can still be set). */
  onAnswer?: (req: Request, res: Response, msgCode: unknown) => void;
}

/**
 * The session token a `Set-Cookie` of the UAA names: its value; null when it clears the cookie
 * (no value, `Max-Age` of 0 or less, an `Expires` past); undefined when none names it.
 */
function tokenFromSetCookie(headers: UpstreamReply['headers'], name: string): string | null | undefined {
  const raw = headers['set-cookie'];
  for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // Not percent-encoded: taken as it is.
    }
    const expired = attributes.some((attribute) => {
      const [key = '', setting = ''] = attribute.split('=').map((part) => part.trim());
      if (/^max-age$/i.test(key)) return Number(setting) <= 0;
      return /^expires$/i.test(key) && Date.parse(setting) <= Date.now();
    });
    return value && !expired ? value : null;
  }
  return undefined;
}

const LOGOUT = ENDPOINTS.logoutAll;

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** Only the named fields that hold a string, a number or null. */
function pick(record: unknown, names: readonly string[]): Json {
  const picked: Json = {};
  if (!isRecord(record)) return picked;
  for (const name of names) {
    const value = record[name];
    if (value === null || typeof value === 'string' || typeof value === 'number') picked[name] = value;
  }
  return picked;
}

/**
 * What the browser gets of a token-issuing reply: the spec's login response (§3: msgCode, msg,
 * ssouid, phone, data.ssoCode, data.data.username) and nothing else, so a token the UAA puts
 * anywhere the configured paths do not name (`Token`, `accessToken`, at the top) stays here.
 */
function loginResponse(body: unknown): Json {
  const data = isRecord(body) ? body.data : undefined;
  return {
    ...pick(body, ['msgCode', 'msg', 'ssouid', 'phone']),
    ...(isRecord(data)
      ? {
          data: {
            ...pick(data, ['ssoCode']),
            ...(isRecord(data.data) ? { data: pick(data.data, ['username']) } : {}),
          },
        }
      : {}),
  };
}

/** The calls that issue a session: their reply is the login response. */
const ISSUES_TOKEN = new Set(Object.values(ENDPOINTS).filter((endpoint) => endpoint.reply === loginData));

export function createGateway(opts: GatewayOptions): RequestHandler {
  const { client, logger } = opts;
  const base = opts.target.replace(/\/+$/, '');

  /** The browser's request cut down to the allowed headers, plus the BFF's own. */
  function upstreamHeaders(req: GatewayRequest, endpoint: Endpoint): Record<string, string | string[]> {
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

  function copyHeaders(reply: UpstreamReply, res: Response): void {
    for (const [name, value] of Object.entries(reply.headers)) {
      // The BFF's own headers (security policy, request id, cookie clearing) win over the upstream's.
      if (value !== undefined && isPassedToBrowser(name) && !res.hasHeader(name)) res.setHeader(name, value);
    }
    res.setHeader('cache-control', 'no-store');
  }

  function refuse(req: GatewayRequest, res: Response, why: string, upstreamStatus: number): void {
    logger.warn({ reqId: req.id, upstreamStatus }, `upstream reply refused: ${why}`);
    sendError(req, res, 502, 'B0300', 'upstreamUnavailable');
  }

  async function answer(
    req: GatewayRequest,
    res: Response,
    call: GatewayCall,
    reply: UpstreamReply,
  ): Promise<void> {
    if (req.upstreamStart !== undefined) noteUpstreamCall(res, req.upstreamStart);
    const status = reply.status;
    const isLogout = call.endpoint === LOGOUT;
    if (status === 401 || isLogout) clearSessionCookie(req, res, opts.cookie);
    // Only a bearer the UAA was sent can have been refused (an open call's 401 says nothing of it).
    if (status === 401 && !call.endpoint.open) {
      const token = readSessionToken(req, opts.cookie);
      if (token !== undefined) opts.onRefusedToken?.(token);
    }
    if (isLogout) res.setHeader('Clear-Site-Data', '"cookies"');

    // No body to read or rewrite: a 204 or 304 passes on as it is.
    if (status === 204 || status === 304) {
      reply.done();
      res.status(status);
      copyHeaders(reply, res);
      res.end();
      return;
    }
    // A redirect is never an answer of the JSON API (a login page of the upstream's own, an
    // internal host): it is neither followed nor shown to the browser.
    if (status >= 300 && status < 400) {
      reply.done();
      return refuse(req, res, `redirect ${status}`, status);
    }
    const bytes = await reply.bytes();
    if (res.headersSent || res.destroyed) return;
    const type = headerValue(reply.headers, 'content-type') ?? '';
    let body: unknown;
    try {
      // An HTML page is a proxy's or a server's error page, never a UAA answer (it may name internal hosts).
      body = /^\s*text\/html\b/i.test(type) ? undefined : JSON.parse(bytes.toString('utf8'));
    } catch {
      body = undefined;
    }
    const msgCode = (body as Partial<Envelope> | null | undefined)?.msgCode;
    // A 401 that is no envelope (an empty body, a proxy's page, a server's default JSON): the BFF's own.
    if (status === 401 && typeof msgCode !== 'string')
      return sendError(req, res, 401, 'A0211', 'identityExpired');
    if (typeof body !== 'object' || body === null) {
      // The cookie is gone whatever the upstream said: an empty success is a logout done.
      if (isLogout && status < 300) {
        res.locals.upstreamMsgCode = SUCCESS_CODE;
        res.status(200).set('cache-control', 'no-store').json({ msgCode: SUCCESS_CODE, msg: 'success' });
        return;
      }
      return refuse(req, res, bytes.length === 0 ? 'empty body' : 'not JSON', status);
    }
    // Rate-limit rules that count failures or successes read the envelope's verdict.
    res.locals.upstreamMsgCode = msgCode;
    const failed = status >= 400;
    if (failed) {
      // An error reaches the browser as its envelope alone: what else the UAA put in it (a stack
      // trace, an internal host, a database's name) stays here.
      if (typeof msgCode !== 'string') return sendError(req, res, status, '-1', { serverCode: '-1' });
      const { msg } = body as Partial<Envelope>;
      body = { msgCode, msg: typeof msg === 'string' ? msg : '' };
    }
    let token = tokenFromSetCookie(reply.headers, opts.cookie.name);
    for (const dotted of opts.tokenJsonPaths) token = takeAt(body, dotted) ?? token;
    // What the security events read of the call (bff/security-events): the reply, token removed.
    res.locals.upstreamReply = body as Record<string, unknown>;
    const succeeded = !failed && msgCode === SUCCESS_CODE && !isLogout;
    if (token === null && !isLogout) clearSessionCookie(req, res, opts.cookie);
    else if (token && succeeded) {
      // A session the cookie cannot carry would look signed in and be none: said, not hidden.
      if (!fitsSessionCookie(token, opts.cookie))
        return refuse(req, res, 'a token no cookie can carry', status);
      res.locals.issuedToken = token;
      // A bind's autoLogin is always true (spec §7), never a tick: a session-only login stays one.
      setSessionCookie(req, res, opts.cookie, token, { remember: call.endpoint !== ENDPOINTS.loginBind });
    }
    opts.onAnswer?.(req, res, failed ? undefined : msgCode);
    const sent = ISSUES_TOKEN.has(call.endpoint) ? loginResponse(body) : body;
    res.status(status);
    copyHeaders(reply, res);
    res.setHeader('content-type', 'application/json; charset=utf-8');
    // A long answer (a user or platform list) leaves compressed when nginx is not there to do it.
    const rewritten = token || failed || sent !== body;
    const out = await compressedFor(req, res, rewritten ? Buffer.from(JSON.stringify(sent)) : bytes);
    if (!res.destroyed) res.end(out);
  }

  function onError(err: unknown, req: GatewayRequest, res: Response, call: GatewayCall): void {
    // The upload limiter has answered 413 and aborted this upstream request on purpose; or the
    // browser went away, and there is no one left to answer.
    if (req.bodyTooLarge || res.writableEnded || res.destroyed) return;
    if (call.endpoint === LOGOUT && !res.headersSent) {
      clearSessionCookie(req, res, opts.cookie);
      res.setHeader('Clear-Site-Data', '"cookies"');
    }
    if (err instanceof UpstreamTimeoutError) {
      logger.warn({ reqId: req.id }, 'upstream timeout');
      sendError(req, res, 504, 'B0300', 'upstreamTimeout');
    } else {
      logger.warn({ reqId: req.id, err: (err as Error).message }, 'upstream unreachable');
      sendError(req, res, 502, 'B0300', 'upstreamUnavailable');
    }
  }

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
        headers: upstreamHeaders(req, call.endpoint),
        body,
        timeoutMs: opts.timeoutMs,
        abort: aborter,
      })
      .then((reply) => answer(req, res, call, reply))
      .catch((err: unknown) => onError(err, req, res, call));
  };
}
