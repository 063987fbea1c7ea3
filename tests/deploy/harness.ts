/**
 * Processes for the deploy tests: each started on loopback with its output in a log file, waited
 * for, and stopped by its own pid. Nothing here binds a privileged or a fixed port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { type Agent, request as httpsRequest } from 'node:https';
import path from 'node:path';

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
