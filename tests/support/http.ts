/** Loopback HTTP for tests: listening on a free port, raw requests, and reading Set-Cookie lines. */
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';

/** A free loopback port (asked of the kernel, then released: whoever binds it next may race). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function shut(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The bytes as sent, not decoded (supertest would undo a Content-Encoding). */
  body: Buffer;
}

/** A request whose path goes out exactly as written (supertest and URL() would normalize it). */
export function rawRequest(
  base: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, method: opts.method ?? 'GET', path: opts.path, headers: opts.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: body.toString(), body });
        });
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** The Set-Cookie lines for one cookie name. */
export function setCookiesFor(headers: Record<string, unknown>, name = 'uaa-token'): string[] {
  const raw = headers['set-cookie'];
  const lines = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  return lines.filter((line) => line.startsWith(`${name}=`));
}

/** The one Set-Cookie line that gives the cookie a value (not a clearing line). */
export function issuedCookie(headers: Record<string, unknown>, name = 'uaa-token'): string | undefined {
  const issued = setCookiesFor(headers, name).filter((line) => !line.startsWith(`${name}=;`));
  if (issued.length > 1) throw new Error(`more than one ${name} issued: ${issued.join(' | ')}`);
  return issued[0];
}

/** Attribute names and values of a Set-Cookie line, names lower-cased. */
export function cookieAttributes(line: string): Map<string, string> {
  const [, ...attrs] = line.split(';');
  return new Map(
    attrs.map((attr) => {
      const [name = '', ...value] = attr.trim().split('=');
      return [name.toLowerCase(), value.join('=')];
    }),
  );
}

/** True when the line clears the cookie: empty value and already expired. */
export function isClearing(line: string): boolean {
  const attrs = cookieAttributes(line);
  const expires = attrs.get('expires');
  return (
    /^[^=]+=;/.test(line) &&
    (attrs.get('max-age') === '0' || (expires !== undefined && Date.parse(expires) < Date.now()))
  );
}

/**
 * Polls `check` every `intervalMs` (20 ms) until it holds; fails after `timeoutMs`, naming what it
 * waited for.
 */
export async function until(
  what: string | (() => string),
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
  intervalMs = 20,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * A free port below the ephemeral range: while the server a test stops and starts again (Redis,
 * rsyslog) is down, no server another test opens on port 0 can take it.
 */
export async function freeFixedPort(): Promise<number> {
  for (;;) {
    const candidate = 20_000 + Math.floor(Math.random() * 10_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createNetServer();
      probe.once('error', () => resolve(false));
      probe.listen(candidate, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return candidate;
  }
}
