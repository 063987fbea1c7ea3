/**
 * The BFF's one client for everything upstream (DESIGN.md §5): the gateway, the one-time-code
 * call of /authentication, the allow-list fetch, /readyz and the demo's /__dev pages all go
 * through it. It is undici used as documented: one Agent (keep-alive pool per origin, TLS with
 * the operator's extra CA) composed with undici's decompress interceptor, so a UAA behind an
 * nginx with `gzip on` answers the BFF in plain bytes whatever the browser asked for. Every call
 * has one deadline for the whole answer, headers and body alike (not a socket idle timer).
 */
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { rootCertificates } from 'node:tls';
import type { Request } from 'express';
import { Agent, interceptors, type Dispatcher } from 'undici';
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
  /** The caller's own abort (the browser hung up). */
  signal?: AbortSignal;
}

export interface UpstreamReply {
  status: number;
  /** Names in lower case; Content-Encoding and Content-Length are gone once the body was decoded. */
  headers: UpstreamHeaders;
  /** The decoded body, at most MAX_REPLY_BYTES; rejects with UpstreamTimeoutError past the deadline. */
  bytes(limit?: number): Promise<Buffer>;
  /** The body as a stream (the deadline still applies); call done() once it has been consumed. */
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
    // The deadline below is the rule; these only bound a call whose caller set none.
    headersTimeout: 0,
    bodyTimeout: 0,
    connect: { timeout: 5000, ...(ca ? { ca } : {}) },
  });
  const dispatcher: Dispatcher = agent.compose(
    interceptors.decompress({ skipErrorResponses: false, maxSize: MAX_REPLY_BYTES }),
  );

  async function call(c: UpstreamCall): Promise<UpstreamReply> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new UpstreamTimeoutError());
    }, c.timeoutMs ?? defaultTimeout);
    const signal = c.signal ? AbortSignal.any([controller.signal, c.signal]) : controller.signal;
    const fail = (err: unknown): Error => (timedOut ? new UpstreamTimeoutError() : asUpstreamError(err));
    const done = (): void => clearTimeout(timer);

    let res: Dispatcher.ResponseData;
    try {
      res = await dispatcher.request({
        method: c.method as Dispatcher.HttpMethod,
        origin: new URL(c.url).origin,
        path: c.url.slice(new URL(c.url).origin.length) || '/',
        headers: c.headers,
        body: c.body ?? null,
        signal,
      });
    } catch (err) {
      done();
      throw fail(err);
    }
    return {
      status: res.statusCode,
      headers: res.headers as UpstreamHeaders,
      stream: res.body,
      done: () => {
        done();
        if (!res.body.readableEnded) {
          // Dropped unread: an abort is expected, not an error anyone waits for.
          res.body.on('error', () => {});
          res.body.destroy();
        }
      },
      bytes: async (limit = MAX_REPLY_BYTES) => {
        const chunks: Buffer[] = [];
        let size = 0;
        try {
          for await (const chunk of res.body as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size > limit) throw new UpstreamError(`reply larger than ${limit} bytes`, 'TOO_LARGE');
            chunks.push(chunk);
          }
        } catch (err) {
          res.body.destroy();
          throw err instanceof UpstreamError ? err : fail(err);
        } finally {
          done();
        }
        return Buffer.concat(chunks);
      },
    };
  }

  return { call, close: () => agent.close() };
}

/**
 * The headers every upstream call made on a browser's behalf carries: who asked (the address
 * Express worked out under TRUST_PROXY, never the browser's own X-Forwarded-For), over what, and
 * the request id that ties the BFF's log line to the UAA's.
 */
export function forwardingHeaders(req: Request): Record<string, string> {
  const ip = req.ip ?? '';
  return {
    'x-forwarded-for': ip,
    'x-real-ip': ip,
    'x-forwarded-proto': req.protocol,
    'x-forwarded-host': req.get('host') ?? '',
    [HEADERS.requestId]: String(req.id),
  };
}

/** One header's value as a single string (the first of a repeated one). */
export function headerValue(headers: UpstreamHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
