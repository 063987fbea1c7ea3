/**
 * Processes for the deploy tests: each started on loopback with its output in a log file, waited
 * for, and stopped by its own pid. Nothing here binds a privileged or a fixed port.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { type Agent, request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { ALLOWLIST_JSON_PATH } from '@shared/contract/endpoints';
// @ts-expect-error -- a plain .mjs module without types
import { imageNodeFlags as untypedImageNodeFlags } from '../../scripts/image-node-flags.mjs';
// @ts-expect-error -- a plain .mjs module without types
import { renderNginx } from '../../scripts/render-nginx.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The node flags of the Dockerfile's CMD: each replica runs as the image runs it. */
export const NODE_FLAGS = (untypedImageNodeFlags as () => string[])();
/** The runtime tree of the Dockerfile scripts/test-deploy.sh performed (else a build of one's own). */
export const CLIENT_DIST = path.resolve(ROOT, process.env.DEPLOY_CLIENT_DIST ?? 'dist/client-deploy');
export const SERVER_DIST = path.resolve(ROOT, process.env.DEPLOY_SERVER_DIST ?? 'dist/server-deploy');
export const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
export const REDIS = process.env.REDIS_BIN ?? '/usr/bin/redis-server';
/** The gateway's base for the UAA's API. */
export const GW = '/gw/uaa-be/api/v1';

/** Fails at once, naming what is missing, without the runtime tree or Debian's nginx and Redis. */
export function requireDeployTree(): void {
  for (const [what, p] of [
    ['the deploy client build', path.join(CLIENT_DIST, 'index.html')],
    ['the deploy server build', path.join(SERVER_DIST, 'index.js')],
    ['nginx', NGINX],
    ['redis-server', REDIS],
  ] as const) {
    if (!existsSync(p)) throw new Error(`${what} is missing (${p}): run scripts/test-deploy.sh`);
  }
}

export interface Proc {
  name: string;
  child: ChildProcess;
  log: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A free loopback port (asked of the kernel, then released): one helper for every harness. */
export { freePort } from '../support/http';

export function start(
  name: string,
  command: string,
  args: string[],
  opts: { dir: string; env?: Record<string, string>; cwd?: string },
): Proc {
  const log = path.join(opts.dir, `${name}.log`);
  const out = createWriteStream(log, { flags: 'a' });
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { name, child, log, exited };
}

export function tail(proc: Proc, lines = 30): string {
  try {
    return readFileSync(proc.log, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Stops a process by its pid: SIGTERM, then SIGKILL after a grace period. */
export async function stop(proc: Proc | undefined, graceMs = 5000): Promise<void> {
  if (!proc || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
  await proc.exited;
  clearTimeout(timer);
}

/** Polls until `check` resolves true, or throws with the process's log tail. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  proc?: Proc,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc && (proc.child.exitCode !== null || proc.child.signalCode !== null)) break;
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up${proc ? `; its log:\n${tail(proc)}` : ''}`);
}

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  /** The header lines as sent (name, value, name, value, ...): repeats kept, none merged. */
  rawHeaders: string[];
  body: Buffer;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
}

/** One HTTP(S) request with the raw reply (no decompression, no redirect following). */
export function send(url: string, opts: RequestOptions & { agent?: Agent } = {}): Promise<Reply> {
  const u = new URL(url);
  const fn = u.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = fn(
      u,
      {
        method: opts.method ?? 'GET',
        headers: {
          ...(opts.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(opts.body)) }),
          ...opts.headers,
        },
        ...(opts.agent ? { agent: opts.agent } : {}),
        timeout: opts.timeoutMs ?? 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            body,
            text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${opts.method ?? 'GET'} ${url}`)));
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** The values of every `name` header line of a reply, in order (duplicates kept). */
export function headerLines(reply: Reply, name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i + 1 < reply.rawHeaders.length; i += 2) {
    if (reply.rawHeaders[i]!.toLowerCase() === name.toLowerCase()) values.push(reply.rawHeaders[i + 1]!);
  }
  return values;
}

/** A throwaway certificate for localhost (and 127.0.0.1) in `dir`: tls.crt and tls.key. */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'tls.crt');
  const key = path.join(dir, 'tls.key');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost'],
      ...['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert],
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

export interface NginxOptions {
  /** The process's name (its log is `<dir>/<name>.log`). */
  name: string;
  /** Where the processes' logs go. */
  dir: string;
  /** nginx's prefix: its rendered nginx.conf, logs/, tmp/ and pid file. */
  prefix: string;
  listen: { http: number; https: number };
  replicaPorts: number[];
  certificate: { cert: string; key: string };
  /** The SPA's built files, which nginx serves itself under /static/. */
  staticRoot: string;
}

/**
 * Renders the repository's nginx.conf for loopback into `prefix` (with its logs/ and tmp/) and
 * starts Debian's nginx on it, in front of the replicas on `replicaPorts`.
 */
export function startNginx(opts: NginxOptions): Proc {
  const { prefix, listen } = opts;
  for (const sub of ['tmp', 'logs']) mkdirSync(path.join(prefix, sub), { recursive: true });
  const conf = renderNginx(readFileSync(path.join(ROOT, 'nginx.conf'), 'utf8'), {
    // The tests' clients name localhost (SNI and Host): any other name meets the default servers.
    SERVER_NAME: 'localhost',
    // Workers as this user: the temporary directory and the checkout may be private to it.
    WORKER_USER: userInfo().username,
    HTTP_LISTEN: `127.0.0.1:${listen.http}`,
    HTTPS_LISTEN: `127.0.0.1:${listen.https}`,
    HTTPS_PORT_SUFFIX: `:${listen.https}`,
    TLS_CERTIFICATE: opts.certificate.cert,
    TLS_CERTIFICATE_KEY: opts.certificate.key,
    STATIC_ROOT: opts.staticRoot,
    BFF_SERVER: opts.replicaPorts.map((p) => `127.0.0.1:${p}`).join(' '),
    PID_FILE: path.join(prefix, 'nginx.pid'),
    LOG_DIR: path.join(prefix, 'logs'),
    TEMP_DIR: path.join(prefix, 'tmp'),
  }) as string;
  writeFileSync(path.join(prefix, 'nginx.conf'), conf);
  return start(opts.name, NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    dir: opts.dir,
  });
}

/** The built local UAA (`<serverDist>/local-uaa.js`) on `port`, answering once it serves its allow-list. */
export async function startLocalUaa(opts: {
  dir: string;
  serverDist: string;
  port: number;
  /** The origin people reach the service at (the addresses the UAA builds). */
  publicUrl: string;
  /** Node's flags before the script (an `--import` of an agent, say) and more of the environment. */
  nodeArgs?: string[];
  env?: Record<string, string>;
}): Promise<Proc> {
  const script = path.join(opts.serverDist, 'local-uaa.js');
  const proc = start('local-uaa', process.execPath, [...(opts.nodeArgs ?? []), script], {
    dir: opts.dir,
    cwd: ROOT,
    env: { ...opts.env, UAA_PORT: String(opts.port), LOCAL_UAA_PUBLIC_URL: opts.publicUrl },
  });
  const url = `http://127.0.0.1:${opts.port}`;
  await waitFor(
    'local UAA',
    async () => (await send(`${url}${ALLOWLIST_JSON_PATH}`, { timeoutMs: 1000 })).status === 200,
    proc,
  );
  return proc;
}

/** Whether a Redis (or a sentinel) on a loopback port answers PING. */
export function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}
