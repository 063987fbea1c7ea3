/**
 * The strict upstream double: a legacy-UAA look-alike on plain node:http (optionally HTTPS with
 * the test CA of nginx-upstream.ts) for the reply shapes that neither the local UAA nor nginx in
 * front of it shows: `application/json;charset=UTF-8`, chunked and compressed bodies (gzip, br or
 * deflate, as the request accepts), the token only in a Set-Cookie, HTML error pages from the
 * servlet container, redirects to internal hosts, empty bodies, the upstream's own CORS headers.
 * Records every request it receives. For the conformance tests; no vitest import here.
 */
import { generateKeyPair } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  createServer as createHttpServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  brotliCompressSync,
  brotliDecompressSync,
  deflateSync,
  gunzipSync,
  gzipSync,
  inflateSync,
} from 'node:zlib';
import { testCa } from './nginx-upstream';

/** The session token the double issues (in `Set-Cookie: uaa-token=…` only) and requires. */
export const STRICT_TOKEN = 'tok-strict-alice';
/** The one account that logs in (any non-empty password). */
export const STRICT_ACCOUNT = 'alice';
/** The one-time code `internal/auth` hands out. */
export const STRICT_CODE = 'otc-123';
/** The internal host name that leaks in the double's error pages and redirect. */
export const INTERNAL_HOST = 'uaa-01.corp';
export const INTERNAL_REDIRECT = 'http://uaa-internal.corp/login';

/** The legacy service's spelling: no space before charset, upper case. */
export const JSON_UTF8 = 'application/json;charset=UTF-8';
export const HTML_UTF8 = 'text/html;charset=UTF-8';

export interface StrictRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The request body, decompressed when it came with a Content-Encoding the double knows. */
  body: Buffer;
}

export interface StrictUpstreamOptions {
  /** HTTPS with the test CA's server certificate (127.0.0.1 / localhost); default false. */
  tls?: boolean;
  /** The path prefix the routes live under; default `/uaa-be`. */
  prefix?: string;
}

export interface StrictUpstream {
  /** The upstream base including the prefix, e.g. `http://127.0.0.1:PORT/uaa-be`. */
  url: string;
  /** The CA that signed the server certificate (only with tls). */
  caFile?: string;
  /** Every request received, in order. */
  requests: StrictRequest[];
  close(): Promise<void>;
}

type Encoding = 'gzip' | 'br' | 'deflate';

/** gzip when accepted (or `*`), else br, else deflate; entries with q=0 do not count. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of [acceptEncoding ?? ''].flat().join(',').split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  if (accepted.has('br')) return 'br';
  if (accepted.has('deflate')) return 'deflate';
  return undefined;
}

function encode(body: Buffer, encoding: Encoding | undefined): Buffer {
  switch (encoding) {
    case 'gzip':
      return gzipSync(body);
    case 'br':
      return brotliCompressSync(body);
    case 'deflate':
      return deflateSync(body);
    default:
      return body;
  }
}

function decode(body: Buffer, contentEncoding: string | undefined): Buffer {
  try {
    switch (contentEncoding?.trim().toLowerCase()) {
      case 'gzip':
        return gunzipSync(body);
      case 'br':
        return brotliDecompressSync(body);
      case 'deflate':
        return inflateSync(body);
      default:
        return body;
    }
  } catch {
    return body; // recorded as received
  }
}

interface SendOptions {
  status: number;
  headers?: OutgoingHttpHeaders;
  body: string;
  /** No Content-Length, the body in two writes: Transfer-Encoding: chunked. */
  chunked?: boolean;
  /** Compressed as the request's Accept-Encoding allows. */
  compress?: boolean;
}

function send(req: IncomingMessage, res: ServerResponse, o: SendOptions): void {
  const encoding = o.compress ? pickEncoding(req.headers['accept-encoding']) : undefined;
  const data = encode(Buffer.from(o.body), encoding);
  const headers: OutgoingHttpHeaders = {
    ...o.headers,
    ...(o.compress ? { Vary: 'Accept-Encoding' } : {}),
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    ...(o.chunked ? {} : { 'Content-Length': String(data.length) }),
  };
  res.writeHead(o.status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (!o.chunked) {
    res.end(data);
    return;
  }
  // Two chunks, the second on a later turn of the event loop: a reader must wait for the end.
  const cut = Math.max(1, Math.floor(data.length / 2));
  res.write(data.subarray(0, cut));
  setImmediate(() => res.end(data.subarray(cut)));
}

function sendJson(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: OutgoingHttpHeaders = {},
): void {
  send(req, res, {
    status,
    headers: { 'Content-Type': JSON_UTF8, ...headers },
    body: JSON.stringify(value),
    chunked: true,
    compress: true,
  });
}

function sendHtml(req: IncomingMessage, res: ServerResponse, status: number, html: string): void {
  send(req, res, { status, headers: { 'Content-Type': HTML_UTF8 }, body: html });
}

const ok = (data: unknown) => ({ msgCode: '10000', msg: 'success', data });

function jsonBody(body: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

let pubKeyPromise: Promise<string> | undefined;
/** A real RSA public key (PEM, SPKI), made once per process, so a client can encrypt with it. */
function pubKey(): Promise<string> {
  pubKeyPromise ??= new Promise((resolve, reject) =>
    generateKeyPair(
      'rsa',
      {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      },
      (err, publicKey) => (err ? reject(err) : resolve(publicKey)),
    ),
  );
  return pubKeyPromise;
}

type Route = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void | Promise<void>;

const bearer = (req: IncomingMessage) => req.headers.authorization === `Bearer ${STRICT_TOKEN}`;

const ROUTES: Record<string, Route> = {
  'POST /api/v1/login/byAccount': (req, res, body) => {
    const b = jsonBody(body);
    if (b?.account !== STRICT_ACCOUNT || typeof b.password !== 'string' || b.password === '') {
      sendJson(req, res, 200, { msgCode: 'A0202', msg: 'account or password is incorrect' });
      return;
    }
    sendJson(req, res, 200, ok({ username: STRICT_ACCOUNT }), {
      'Set-Cookie': [`uaa-token=${STRICT_TOKEN}; Path=/; HttpOnly`, 'JSESSIONID=abc; Path=/'],
    });
  },
  'POST /api/v1/login/getUserInfo': (req, res) => {
    if (!bearer(req)) {
      sendHtml(
        req,
        res,
        401,
        `<html><body><h1>401 Unauthorized</h1>Tomcat internal host ${INTERNAL_HOST}</body></html>`,
      );
      return;
    }
    sendJson(req, res, 200, ok({ username: STRICT_ACCOUNT, phone: '13800000000' }));
  },
  'POST /api/v1/internal/auth': (req, res) => {
    if (!bearer(req)) {
      sendJson(req, res, 401, { msgCode: 'A0211', msg: 'expired' });
      return;
    }
    sendJson(req, res, 200, ok({ code: STRICT_CODE }));
  },
  'GET /static/redirect-white-list.json': (req, res) => {
    sendJson(req, res, 200, { redirectWhiteList: ['localhost', '127.0.0.1', 'example.com'] });
  },
  'POST /api/v1/register/check': (req, res) => {
    send(req, res, { status: 302, headers: { Location: INTERNAL_REDIRECT }, body: '' });
  },
  'POST /api/v1/personal/item/check': (req, res) => {
    sendHtml(
      req,
      res,
      500,
      '<!doctype html><html><head><title>HTTP Status 500 – Internal Server Error</title></head><body>' +
        '<h1>HTTP Status 500 – Internal Server Error</h1><p>java.lang.NullPointerException at ' +
        `com.corp.uaa.PersonalController.check(PersonalController.java:88)</p><hr><h3>Apache Tomcat on ${INTERNAL_HOST}</h3>` +
        '</body></html>',
    );
  },
  // 200, no body, no Content-Type.
  'POST /api/v1/logout/all': (req, res) => {
    send(req, res, { status: 200, body: '' });
  },
  'POST /api/v1/cipher/getPubKey': async (req, res) => {
    sendJson(req, res, 200, ok({ pubKey: await pubKey() }), {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Credentials': 'true',
      'X-Powered-By': 'Servlet/3.0',
      Server: 'Apache-Coyote/1.1',
    });
  },
};

const NOT_FOUND =
  '<!doctype html><html><head><title>HTTP Status 404 – Not Found</title></head>' +
  '<body><h1>HTTP Status 404 – Not Found</h1></body></html>';

/** Starts the double on a loopback port. */
export async function startStrictUpstream(opts: StrictUpstreamOptions = {}): Promise<StrictUpstream> {
  const prefix = opts.prefix ?? '/uaa-be';
  if (!/^(\/[A-Za-z0-9._~-]+)*$/.test(prefix)) {
    throw new Error(`prefix must look like /name[/name...] without a trailing slash, got ${prefix}`);
  }
  const requests: StrictRequest[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? '';
      const url = req.url ?? '';
      const contentEncoding = req.headers['content-encoding'];
      const body = decode(Buffer.concat(chunks), contentEncoding);
      requests.push({ method, url, headers: req.headers, body });

      const pathname = url.split('?')[0] ?? '';
      if (pathname === prefix || pathname === `${prefix}/`) {
        if (method === 'GET' || method === 'HEAD') {
          send(req, res, { status: 200, headers: { 'Content-Type': 'text/plain' }, body: 'ok' });
          return;
        }
      }
      const route = pathname.startsWith(`${prefix}/`)
        ? ROUTES[`${method} ${pathname.slice(prefix.length)}`]
        : undefined;
      if (!route) {
        sendHtml(req, res, 404, NOT_FOUND);
        return;
      }
      Promise.resolve(route(req, res, body)).catch((err: unknown) => {
        if (!res.headersSent) sendHtml(req, res, 500, `<html><body>${String(err)}</body></html>`);
        else res.destroy();
      });
    });
  };

  let server: Server;
  let caFile: string | undefined;
  if (opts.tls) {
    const ca = await testCa();
    caFile = ca.caFile;
    server = createHttpsServer({ cert: readFileSync(ca.certFile), key: readFileSync(ca.keyFile) }, handler);
  } else {
    server = createHttpServer(handler);
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}${prefix}`,
    ...(caFile ? { caFile } : {}),
    requests,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
