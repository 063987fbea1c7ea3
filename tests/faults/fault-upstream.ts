/**
 * A fault-injecting upstream: a reverse proxy on loopback in front of a real (local) UAA that
 * forwards every request faithfully unless told to fail. A fault is chosen per request, from
 * the request id the BFF forwards (`fault-<name>-…`), else from the current default mode, so
 * several faults can be in flight at once. Used by the vitest fault suites and the browser
 * fault spec (no vitest import here).
 */
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const FAULTS = [
  'refuse', // nothing listens: connection refused
  'hang', // accepts and never answers
  'slowInside', // forwards, answers after a third of the BFF's budget (inside it)
  'slowBeyond', // forwards, answers after twice the budget (outside it)
  'midBody', // sends headers and half a JSON body, then resets
  'nonJson', // an HTML error page, as a proxy in front of the UAA would send
  'huge', // a JSON reply of 8 MB
  'http500', // HTTP 500 with the legacy envelope
  'dropBefore', // resets the connection before the UAA sees the request
  'dropAfter', // lets the UAA process the request, then resets instead of answering
] as const;
export type Fault = (typeof FAULTS)[number];
export type Mode = Fault | 'none';

export interface FaultUpstream {
  url: string;
  /** The fault every request without a `fault-…` request id gets from now on. */
  set(mode: Mode): Promise<void>;
  /** Requests that reached the double, and faults it injected. */
  stats: { requests: number; faults: number; forwarded: number };
  close(): Promise<void>;
}

const FAULT_ID = /^fault-([A-Za-z0-9]+)-/;

function faultOf(req: IncomingMessage, mode: Mode): Mode {
  const id = req.headers['x-request-id'];
  const named = typeof id === 'string' ? FAULT_ID.exec(id)?.[1] : undefined;
  return named && (FAULTS as readonly string[]).includes(named) ? (named as Fault) : mode;
}

/** Forwards the request to the target; resolves with the full reply (status, headers, body). */
function forward(
  target: URL,
  req: IncomingMessage,
  body: Buffer,
): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(
      {
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host, 'content-length': String(body.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}

/**
 * The fault-injecting proxy in front of `targetUrl`. `budgetMs` is the BFF's upstream timeout the
 * slow faults are measured against: the tests inject a short one, since what they check is what
 * the BFF does at its budget, not the production 6 s itself (bff/config.test.ts holds that).
 */
export async function startFaultUpstream(
  targetUrl: string,
  { budgetMs, port = 0 }: { budgetMs: number; port?: number },
): Promise<FaultUpstream> {
  const target = new URL(targetUrl);
  let mode: Mode = 'none';
  const stats = { requests: 0, faults: 0, forwarded: 0 };
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> => {
    stats.requests++;
    const fault = faultOf(req, mode);
    if (fault !== 'none') stats.faults++;
    const reply = async (delayMs = 0) => {
      const answer = await forward(target, req, body);
      stats.forwarded++;
      const send = () => {
        if (res.destroyed) return;
        const headers = { ...answer.headers };
        delete headers['transfer-encoding'];
        delete headers.connection;
        res.writeHead(answer.status, { ...headers, 'content-length': String(answer.body.length) });
        res.end(answer.body);
      };
      if (delayMs > 0) later(delayMs, send);
      else send();
    };
    switch (fault) {
      case 'none':
        return reply();
      case 'refuse': // a request that slipped in while switching: treat as a reset
      case 'dropBefore':
        res.socket?.destroy();
        return;
      case 'hang':
        return;
      case 'slowInside':
        return reply(Math.round(budgetMs / 3));
      case 'slowBeyond':
        return reply(budgetMs * 2);
      case 'dropAfter':
        await forward(target, req, body);
        stats.forwarded++;
        res.socket?.destroy();
        return;
      case 'midBody':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4000' });
        res.write('{"msgCode":"10000","msg":"success","data":{"pubKey":"MIIB');
        later(20, () => res.socket?.destroy());
        return;
      case 'nonJson':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html><body><h1>502 Bad Gateway</h1><p>nginx/1.24 at /srv/uaa/app.jar</p></body></html>');
        return;
      case 'huge': {
        res.writeHead(200, { 'content-type': 'application/json' });
        const piece = 'x'.repeat(64 * 1024);
        res.write('{"msgCode":"10000","msg":"success","data":"');
        let sent = 0;
        const pump = () => {
          while (sent < 8 * 1024 * 1024) {
            sent += piece.length;
            if (!res.write(piece)) return void res.once('drain', pump);
          }
          res.end('"}');
        };
        res.on('error', () => {});
        pump();
        return;
      }
      case 'http500':
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ msgCode: 'B0001', msg: 'System execution error' }));
        return;
    }
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks)).catch(() => res.socket?.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (p: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  await listen(port);
  const boundPort = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${boundPort}`,
    stats,
    async set(next) {
      if (next === 'refuse' && mode !== 'refuse') {
        // Nothing listens on the port while refusing: the BFF's connect fails with ECONNREFUSED.
        await stop();
      } else if (next !== 'refuse' && mode === 'refuse') {
        await listen(boundPort);
      }
      mode = next;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      if (mode !== 'refuse') await stop();
    },
  };
}
