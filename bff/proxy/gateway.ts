/**
 * The gateway to the legacy UAA (DESIGN.md §5). The browser's request is cut down to the
 * allowed headers, the bearer comes from the httpOnly cookie, and any token in a reply is moved
 * into that cookie before the body reaches the browser.
 */
import {
  Agent as HttpAgent,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Request, Response, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { ENDPOINTS, endpointForPath } from '@shared/api/endpoints';
import { HEADERS, IFRAME_MARKER_VALUE, type Envelope } from '@shared/api/envelope';
import { sendError } from '../http-errors';
import { hasBody } from '../request-body';
import { clearSessionCookie, readSessionToken, setSessionCookie, type CookiePolicy } from '../session/cookie';
import { isPassedToBrowser, isPassedToUpstream } from './header-policy';
import type { StreamedBodyRequest } from './upload-limit';

export const UPSTREAM_TIMEOUT_MS = 6000;
const MAX_JSON_REPLY_BYTES = 5 * 1024 * 1024;
const IDEMPOTENT = new Set(['GET', 'HEAD']);

/** What the JSON parser leaves on the request so the exact bytes can be forwarded. */
export interface GatewayRequest extends StreamedBodyRequest {
  upstreamTimedOut?: boolean;
  upstreamStart?: number;
}

export interface GatewayOptions {
  target: string;
  cookie: CookiePolicy;
  tokenJsonPaths: readonly string[];
  logger: Logger;
  timeoutMs?: number;
}

function pathOf(req: Request): string {
  return (req.url.split('?')[0] ?? '').replace(/\/+$/, '') || '/';
}

/** Removes and returns a string at a dotted path (`data.token`). */
export function takeAt(body: unknown, dotted: string): string | undefined {
  const keys = dotted.split('.');
  let node: unknown = body;
  for (const key of keys.slice(0, -1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  const last = keys.at(-1);
  if (typeof node !== 'object' || node === null || last === undefined) return undefined;
  const record = node as Record<string, unknown>;
  const value = record[last];
  if (typeof value !== 'string' || value === '') return undefined;
  delete record[last];
  return value;
}

function tokenFromSetCookie(headers: IncomingMessage['headers'], name: string): string | undefined {
  for (const line of headers['set-cookie'] ?? []) {
    const [pair] = line.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (pair && eq > 0 && pair.slice(0, eq).trim() === name) {
      const value = decodeURIComponent(pair.slice(eq + 1).trim());
      if (value) return value;
    }
  }
  return undefined;
}

export function createGateway(opts: GatewayOptions): RequestHandler {
  const timeoutMs = opts.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const logoutPath = ENDPOINTS.logoutAll.path;
  const target = new URL(opts.target);
  const https = target.protocol === 'https:';
  const send = https ? httpsRequest : httpRequest;
  const basePath = target.pathname.replace(/\/+$/, '');
  // Upstream connections are kept alive and reused (one TCP connection per request cost the BFF
  // most of its throughput), and never held idle longer than a Node upstream keeps them (5 s):
  // a socket the upstream closes just as it is reused fails the request with "socket hang up".
  const agentOptions = { keepAlive: true, timeout: 4000, scheduling: 'lifo' as const };
  const agent = https ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);

  /** The browser's request cut down to the allowed headers, plus the BFF's own. */
  function upstreamHeaders(req: GatewayRequest): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && isPassedToUpstream(name)) headers[name] = value;
    }
    headers.host = target.host;
    const ip = req.ip ?? '';
    headers['x-forwarded-for'] = ip;
    headers['x-real-ip'] = ip;
    headers['x-forwarded-proto'] = req.protocol;
    headers['x-forwarded-host'] = req.get('host') ?? '';
    headers[HEADERS.requestId] = req.id;
    const endpoint = endpointForPath(pathOf(req));
    const token = readSessionToken(req, opts.cookie);
    if (token && !endpoint?.open) headers.authorization = `Bearer ${token}`;
    // express.json consumed the stream: the exact bytes it read are forwarded.
    if (req.rawBody) {
      headers['content-length'] = req.rawBody.length;
      delete headers['transfer-encoding'];
    }
    return headers;
  }

  function copyHeaders(proxyRes: IncomingMessage, res: Response): void {
    for (const [name, value] of Object.entries(proxyRes.headers)) {
      // The BFF's own headers (security policy, request id, cookie clearing) win over the upstream's.
      if (value !== undefined && isPassedToBrowser(name) && !res.hasHeader(name)) res.setHeader(name, value);
    }
    res.setHeader('cache-control', 'no-store');
  }

  function onProxyRes(proxyRes: IncomingMessage, req: GatewayRequest, res: Response): void {
    if (res.headersSent) {
      // Already answered (an upload cut off at its limit): the upstream's reply goes nowhere.
      proxyRes.resume();
      return;
    }
    res.locals.upstreamMs =
      req.upstreamStart === undefined ? undefined : performance.now() - req.upstreamStart;
    const path = pathOf(req);
    const status = proxyRes.statusCode ?? 502;
    const isLogout = path === logoutPath;
    if (status === 401 || isLogout) clearSessionCookie(req, res, opts.cookie);
    if (isLogout) res.setHeader('Clear-Site-Data', '"cookies"');

    // No body to read or rewrite: a HEAD reply, 204 or 304 passes on as it is.
    if (req.method === 'HEAD' || status === 204 || status === 304) {
      res.status(status);
      copyHeaders(proxyRes, res);
      proxyRes.resume();
      res.end();
      return;
    }
    const type = proxyRes.headers['content-type'] ?? '';
    const isJson = /\bjson\b/i.test(type);
    // An HTML page or a non-JSON 5xx is a proxy's or a server's error page, never a UAA answer:
    // the browser gets the gateway's envelope, not the page (which may name internal hosts).
    if (!isJson && (status >= 500 || /^\s*text\/html\b/i.test(type))) {
      proxyRes.resume();
      sendError(req, res, 502, 'B0300', 'upstreamUnavailable');
      return;
    }
    if (!isJson) {
      res.status(status);
      copyHeaders(proxyRes, res);
      proxyRes.pipe(res);
      return;
    }

    const chunks: Buffer[] = [];
    let size = 0;
    proxyRes.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_JSON_REPLY_BYTES) {
        proxyRes.destroy();
        sendError(req, res, 502, 'B0300', 'upstreamUnavailable');
        return;
      }
      chunks.push(chunk);
    });
    proxyRes.on('error', () => sendError(req, res, 502, 'B0300', 'upstreamUnavailable'));
    proxyRes.on('end', () => {
      if (res.headersSent) return;
      let text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        sendError(req, res, 502, 'B0300', 'upstreamUnavailable');
        return;
      }
      // Rate-limit rules that count failures or successes read the envelope's verdict.
      res.locals.upstreamMsgCode = (body as Partial<Envelope> | null)?.msgCode;
      let token = tokenFromSetCookie(proxyRes.headers, opts.cookie.name);
      for (const dotted of opts.tokenJsonPaths) token = takeAt(body, dotted) ?? token;
      if (token && status < 400 && !isLogout) {
        const reqBody = req.body as { autoLogin?: unknown } | undefined;
        setSessionCookie(req, res, opts.cookie, token, {
          autoLogin: reqBody?.autoLogin === true || reqBody?.autoLogin === 'true',
          embedded: req.headers[HEADERS.iframe] === IFRAME_MARKER_VALUE,
        });
        text = JSON.stringify(body);
      } else if (token) {
        text = JSON.stringify(body);
      }
      res.status(status);
      copyHeaders(proxyRes, res);
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(text);
    });
  }

  function onError(err: Error, req: GatewayRequest, res: Response): void {
    // The upload limiter has answered 413 and aborted this upstream request on purpose; or the
    // browser went away, and there is no one left to answer.
    if (req.bodyTooLarge || res.writableEnded || res.destroyed) return;
    if (pathOf(req) === logoutPath && !res.headersSent) {
      clearSessionCookie(req, res, opts.cookie);
      res.setHeader('Clear-Site-Data', '"cookies"');
    }
    if (req.upstreamTimedOut) {
      opts.logger.warn({ reqId: req.id }, 'upstream timeout');
      sendError(req, res, 504, 'B0300', 'upstreamTimeout');
    } else {
      opts.logger.warn({ reqId: req.id, err: err.message }, 'upstream unreachable');
      sendError(req, res, 502, 'B0300', 'upstreamUnavailable');
    }
  }

  return (incoming, res) => {
    const req = incoming as GatewayRequest;
    // The upload limiter has already answered 413: no upstream connection is made.
    if (req.bodyTooLarge) return;
    const bodyless = !hasBody(req);
    const headers = upstreamHeaders(req);
    let proxyReq: ClientRequest;
    const forward = (mayRetry: boolean): void => {
      proxyReq = send({
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: `${basePath}${req.url}`,
        headers,
        agent,
      });
      // The upload limiter aborts this request if the body outgrows its limit later on.
      req.proxyReq = proxyReq;
      req.upstreamStart = performance.now();
      const sent = proxyReq;
      sent.setTimeout(timeoutMs, () => {
        req.upstreamTimedOut = true;
        sent.destroy(new Error('upstream timeout'));
      });
      sent.on('error', (err: NodeJS.ErrnoException) => {
        // A kept-alive connection the upstream closed just as it was reused: a request that
        // cannot have changed anything (GET or HEAD without a body) is sent once more.
        const stale = sent.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE');
        if (mayRetry && stale && bodyless && IDEMPOTENT.has(req.method) && !res.headersSent) {
          forward(false);
          return;
        }
        onError(err, req, res);
      });
      sent.on('response', (proxyRes) => onProxyRes(proxyRes, req, res));
      if (req.rawBody) sent.end(req.rawBody);
      else if (bodyless) sent.end();
      else req.pipe(sent);
    };
    forward(true);
    // The browser went away before the reply: the upstream request goes too.
    res.on('close', () => {
      if (!res.writableFinished) proxyReq.destroy();
    });
  };
}
