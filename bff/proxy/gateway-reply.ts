/**
 * The gateway's answer (DESIGN.md §5): the UAA's reply, decoded, becomes the browser's. A token
 * in it moves into the httpOnly cookie, an error keeps its envelope alone, a token-issuing reply
 * is cut down to the spec's login response, and whatever is not a JSON answer (an HTML error
 * page, a redirect, an empty body) is the gateway's envelope instead.
 */
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { SUCCESS_CODE, type Envelope } from '@shared/api/envelope';
import { loginData } from '@shared/contract/login';
import { compressedFor } from '../compress';
import { sendError } from '../http-errors';
import {
  clearSessionCookie,
  fitsSessionCookie,
  readSessionToken,
  setSessionCookie,
  type CookiePolicy,
} from '../session/cookie';
import { takeAt } from '../session/reply-token';
import { headerValue, noteUpstreamCall, type UpstreamReply } from '../upstream/client';
import type { GatewayCall, GatewayRequest } from './gateway-call';
import { isPassedToBrowser } from './header-policy';

/** What the answer needs of the gateway's options. */
export interface AnswerOptions {
  cookie: CookiePolicy;
  /** TOKEN_JSON_PATHS: where a reply may carry a token, moved into the cookie. */
  tokenJsonPaths: readonly string[];
  /** A session token the UAA answered 401 for (documents then spare it the next calls). */
  onRefusedToken?: (token: string) => void;
  logger: Logger;
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

function copyHeaders(reply: UpstreamReply, res: Response): void {
  for (const [name, value] of Object.entries(reply.headers)) {
    // The BFF's own headers (security policy, request id, cookie clearing) win over the upstream's.
    if (value !== undefined && isPassedToBrowser(name) && !res.hasHeader(name)) res.setHeader(name, value);
  }
  res.setHeader('cache-control', 'no-store');
}

function refuse(
  opts: AnswerOptions,
  req: GatewayRequest,
  res: Response,
  why: string,
  upstreamStatus: number,
): void {
  opts.logger.warn({ reqId: req.id, upstreamStatus }, `upstream reply refused: ${why}`);
  sendError(req, res, 502, 'B0300', 'upstreamUnavailable');
}

/** The browser's answer from the UAA's reply to its call. */
export async function answer(
  opts: AnswerOptions,
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
    return refuse(opts, req, res, `redirect ${status}`, status);
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
    return refuse(opts, req, res, bytes.length === 0 ? 'empty body' : 'not JSON', status);
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
      return refuse(opts, req, res, 'a token no cookie can carry', status);
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
