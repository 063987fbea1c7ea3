/**
 * The BFF's one client for everything upstream (DESIGN.md §5): the gateway, the one-time-code
 * call of /authentication, the allow-list fetch, /readyz and the demo's /__dev pages all go
 * through it. It is undici used as documented: one Agent (keep-alive pool per origin, TLS with
 * the operator's extra CA). A reply is decoded with Node's zlib (gzip, deflate, br), so a UAA
 * behind an nginx with `gzip on` answers the BFF in plain bytes whatever the browser asked for.
 * Every call has one deadline for the whole answer, headers and body alike (not a socket idle
 * timer).
 */
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { rootCertificates } from 'node:tls';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, inflateRaw, type ZlibOptions } from 'node:zlib';
import type { Request, Response } from 'express';
import type { OutboxMessage } from '@shared/api/dev-paths';
import { Agent, type Dispatcher } from 'undici';
import { HEADERS } from '@shared/api/envelope';

export const UPSTREAM_TIMEOUT_MS = 6000;
/** The most a reply may hold once decoded (a JSON answer, or a decompression bomb cut short). */
export const MAX_REPLY_BYTES = 5 * 1024 * 1024;
/** What the BFF asks the upstream for: it decodes these itself, so the browser's wish does not matter. */
export const UPSTREAM_ACCEPT_ENCODING = 'gzip, deflate, br';

/** The upstream did not answer in full within the deadline. */
export class UpstreamTimeoutError extends Error {
  constructor() {
    super('upstream timeout');
    this.name = 'UpstreamTimeoutError';
  }
}

/** The upstream could not be reached, reset the connection or sent a reply that cannot be read. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

export type UpstreamHeaders = Record<string, string | string[] | undefined>;

export interface UpstreamCall {
  method: string;
  /** The absolute URL (the upstream's base, its path prefix included, and the call's path). */
  url: string;
  headers?: Record<string, string | string[]>;
  body?: Buffer | string | Readable | null;
  /** Default: the client's timeout (6000 ms, spec §7). */
  timeoutMs?: number;
  /** The caller's own abort (the browser hung up); the deadline aborts through it too. */
  abort?: AbortController;
}

export interface UpstreamReply {
  status: number;
  /** Names in lower case, as the upstream sent them. */
  headers: UpstreamHeaders;
  /** The body decoded (at most MAX_REPLY_BYTES); rejects with UpstreamTimeoutError past the deadline. */
  bytes(): Promise<Buffer>;
  /** The body as it came, still encoded (the deadline still applies); call done() once consumed. */
  stream: Readable;
  /** Stops the deadline and releases the connection (the unread rest of the body is dropped). */
  done(): void;
}

export interface UpstreamClient {
  call(call: UpstreamCall): Promise<UpstreamReply>;
  close(): Promise<void>;
}

export interface UpstreamClientOptions {
  /** PEM bundle of extra CAs trusted for the upstream (UAA_CA_FILE), on top of the system's. */
  caFile?: string;
  timeoutMs?: number;
}

function asUpstreamError(err: unknown): UpstreamError {
  const e = err as { message?: string; code?: string; cause?: { code?: string; message?: string } };
  const code = e.cause?.code ?? e.code;
  return new UpstreamError(e.cause?.message ?? e.message ?? 'upstream error', code);
}

export function createUpstreamClient(opts: UpstreamClientOptions = {}): UpstreamClient {
  const defaultTimeout = opts.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const ca = opts.caFile ? [...rootCertificates, readFileSync(opts.caFile, 'utf8')] : undefined;
  const agent = new Agent({
    // Idle upstream connections are reused, and dropped before a Node or Java upstream drops them
    // (the server's Keep-Alive hint, when it sends one, wins), so a reused socket is never stale.
    keepAliveTimeout: 4000,
    // The deadline below is the rule, for headers and body together.
    headersTimeout: 0,
    bodyTimeout: 0,
    // A reply larger than this is no UAA answer (decode() bounds the decoded size alike).
    maxResponseSize: MAX_REPLY_BYTES,
    connect: { timeout: 5000, ...(ca ? { ca } : {}) },
  });
  const dispatcher: Dispatcher = agent;

  // Parsed once per base URL, not once per call.
  const origins = new Map<string, string>();
  const originOf = (url: string): string => {
    const at = url.indexOf('/', url.indexOf('//') + 2);
    const head = at === -1 ? url : url.slice(0, at);
    let origin = origins.get(head);
    if (origin === undefined) {
      origin = new URL(head).origin;
      if (origins.size < 64) origins.set(head, origin);
    }
    return origin;
  };

  async function call(c: UpstreamCall): Promise<UpstreamReply> {
    const controller = c.abort ?? new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new UpstreamTimeoutError());
    }, c.timeoutMs ?? defaultTimeout);
    const fail = (err: unknown): Error => (timedOut ? new UpstreamTimeoutError() : asUpstreamError(err));
    const done = (): void => clearTimeout(timer);

    let res: Dispatcher.ResponseData;
    try {
      const origin = originOf(c.url);
      res = await dispatcher.request({
        method: c.method as Dispatcher.HttpMethod,
        origin,
        path: c.url.slice(origin.length) || '/',
        headers: c.headers,
        body: c.body ?? null,
        signal: controller.signal,
      });
    } catch (err) {
      done();
      throw fail(err);
    }
    const body = res.body;
    return {
      status: res.statusCode,
      headers: res.headers as UpstreamHeaders,
      stream: body,
      done: () => {
        done();
        if (!body.readableEnded) {
          // Dropped unread: an abort is expected, not an error anyone waits for.
          body.on('error', () => {});
          body.destroy();
        }
      },
      bytes: async () => {
        let raw: Buffer;
        try {
          raw = Buffer.from(await body.arrayBuffer());
        } catch (err) {
          throw fail(err);
        } finally {
          done();
        }
        return decode(raw, headerValue(res.headers as UpstreamHeaders, 'content-encoding'));
      },
    };
  }

  return { call, close: () => agent.close() };
}

// At most MAX_REPLY_BYTES once decoded: a decompression bomb stops there.
const LIMIT: ZlibOptions = { maxOutputLength: MAX_REPLY_BYTES };
const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliDecompress);
const inflateAsync = promisify(inflate);
const inflateRawAsync = promisify(inflateRaw);

const DECODERS: Record<string, (data: Buffer) => Promise<Buffer>> = {
  gzip: (data) => gunzipAsync(data, LIMIT),
  'x-gzip': (data) => gunzipAsync(data, LIMIT),
  br: (data) => brotliAsync(data, LIMIT),
  // HTTP's deflate is zlib-wrapped; some servers send it raw.
  deflate: (data) => inflateAsync(data, LIMIT).catch(() => inflateRawAsync(data, LIMIT)),
  identity: async (data) => data,
};

/** A body undone of its Content-Encoding (several, last applied first); an unknown one is an error. */
export async function decode(data: Buffer, contentEncoding: string | undefined): Promise<Buffer> {
  if (!contentEncoding || data.length === 0) return data;
  const codings = contentEncoding
    .toLowerCase()
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  if (codings.length > 3) throw new UpstreamError('too many content codings', 'BAD_ENCODING');
  let out = data;
  for (const coding of codings.reverse()) {
    const decoder = DECODERS[coding];
    if (!decoder) throw new UpstreamError(`unsupported content coding ${coding}`, 'BAD_ENCODING');
    try {
      out = await decoder(out);
    } catch (err) {
      throw new UpstreamError(`reply cannot be decoded (${(err as Error).message})`, 'BAD_ENCODING');
    }
  }
  return out;
}

/**
 * The headers every upstream call made on a browser's behalf carries: who asked (the address
 * Express worked out under TRUST_PROXY, never the browser's own X-Forwarded-For), over what, and
 * the request id that ties the BFF's log line to the UAA's.
 */
/** The origin the UAA is told for a request (bff/config.ts `publicOriginFor`). */
export type PublicOrigin = (req: Request) => URL;

/**
 * What the UAA is told of the request: the client's address (as TRUST_PROXY lets Express read
 * it) and the request id; and as the host and scheme, the configured public origin
 * (PUBLIC_ORIGIN), never the browser's Host or X-Forwarded-Host, so that a UAA building
 * activation or reset links from these headers builds them to this service (issue 30).
 */
export function forwardingHeaders(req: Request, publicOrigin: PublicOrigin): Record<string, string> {
  const ip = req.ip ?? '';
  const origin = publicOrigin(req);
  return {
    'x-forwarded-for': ip,
    'x-real-ip': ip,
    'x-forwarded-proto': origin.protocol.slice(0, -1),
    'x-forwarded-host': origin.host,
    [HEADERS.requestId]: String(req.id),
  };
}

/** The headers of a JSON call the BFF makes upstream itself, for the session whose token it holds. */
export function sessionCallHeaders(
  req: Request,
  token: string,
  publicOrigin: PublicOrigin,
): Record<string, string> {
  return {
    ...forwardingHeaders(req, publicOrigin),
    'content-type': 'application/json',
    accept: 'application/json',
    'accept-encoding': UPSTREAM_ACCEPT_ENCODING,
    authorization: `Bearer ${token}`,
    lang: req.get('lang') ?? 'zh-CN',
  };
}

/**
 * Counts an upstream call a response made, for its log line and the metrics: `upstreamCalls`,
 * and `upstreamMs`, the time spent waiting for the UAA (a document's calls added up).
 */
export function noteUpstreamCall(res: Response | undefined, startedAt: number): void {
  if (!res) return;
  res.locals.upstreamCalls = (res.locals.upstreamCalls ?? 0) + 1;
  res.locals.upstreamMs = (res.locals.upstreamMs ?? 0) + performance.now() - startedAt;
}

/** An abort for an upstream call that fires when the browser hangs up before its answer is sent. */
export function abortOnHangUp(res: Response): AbortController {
  const aborter = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) aborter.abort();
  });
  return aborter;
}

/** The outbox of a local UAA reached over HTTP (demo mode and the realistic test stack). */
export function localUaaOutbox(client: UpstreamClient, base: string): () => Promise<OutboxMessage[]> {
  return async () => {
    const reply = await client.call({ method: 'GET', url: `${base}/__dev/outbox` });
    return JSON.parse((await reply.bytes()).toString('utf8')) as OutboxMessage[];
  };
}

/** One header's value as a single string (the first of a repeated one). */
export function headerValue(headers: UpstreamHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
