/**
 * The whole product started the realistic way, for Playwright's webServer
 * (`npx tsx tests/support/e2e-stack.ts`): the built local UAA as its own process, Debian's nginx
 * in front of it (TLS with a throwaway CA, gzip, the `/uaa-be` prefix), and the built BFF talking
 * to it through nginx (UAA_UPSTREAM, UAA_CA_FILE) while serving the local UAA's dev pages
 * (DEV_UPSTREAM). Each child's output is printed line by line with its name in front. SIGTERM or
 * SIGINT stops everything; the stack exits when the BFF exits, with its status.
 *
 * Environment: E2E_PORT (the BFF's public port, default 18080, for the local UAA's links),
 * E2E_SERVER_DIR (the server build, default dist/server), and whatever the BFF reads (PORT, …).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { freePort } from './http';
import { startNginxUpstream, type NginxUpstream } from './nginx-upstream';

const SERVER_DIR = process.env.E2E_SERVER_DIR ?? 'dist/server';
const PUBLIC_PORT = process.env.E2E_PORT ?? '18080';

interface Child {
  name: string;
  proc: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: Child[] = [];
let nginx: NginxUpstream | undefined;
let stopping: Promise<never> | undefined;

function log(name: string, stream: NodeJS.WriteStream, line: string): void {
  stream.write(`[${name}] ${line}\n`);
}

/** Writes a readable stream's lines, prefixed, to one of ours. */
function relay(name: string, from: NodeJS.ReadableStream | null, to: NodeJS.WriteStream): void {
  if (!from) return;
  let partial = '';
  from.setEncoding('utf8');
  from.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) log(name, to, line);
  });
  from.on('end', () => {
    if (partial) log(name, to, partial);
  });
}

function startChild(name: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const proc = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  relay(name, proc.stdout, process.stdout);
  relay(name, proc.stderr, process.stderr);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    proc.once('exit', (code, signal) => resolve({ code, signal }));
    proc.once('error', (err) => {
      log(name, process.stderr, `cannot start: ${err.message}`);
      resolve({ code: 1, signal: null });
    });
  });
  const child = { name, proc, exited };
  children.push(child);
  return child;
}

const running = (c: Child) => c.proc.exitCode === null && c.proc.signalCode === null;

/** SIGTERM to a child, SIGKILL after the grace period. */
async function stopChild(c: Child, graceMs = 8000): Promise<void> {
  if (!running(c)) return;
  c.proc.kill('SIGTERM');
  const timer = setTimeout(() => {
    log('stack', process.stderr, `${c.name} did not stop within ${graceMs} ms: SIGKILL`);
    c.proc.kill('SIGKILL');
  }, graceMs);
  await c.exited;
  clearTimeout(timer);
}

/** Stops everything (the BFF first, then nginx, then the local UAA) and exits. */
function shutdown(code: number, why: string): Promise<never> {
  stopping ??= (async () => {
    log('stack', process.stderr, `${why}: stopping`);
    const bff = children.find((c) => c.name === 'bff');
    if (bff) await stopChild(bff);
    await nginx?.close().catch((err: unknown) => log('stack', process.stderr, `nginx: ${String(err)}`));
    await Promise.all(children.map((c) => stopChild(c)));
    process.exit(code);
  })();
  return stopping;
}

for (const sig of ['SIGTERM', 'SIGINT'] as const) {
  process.on(sig, () => void shutdown(0, sig));
}

/** Polls an HTTP URL every 20 ms until anything answers, or fails when the child exits. */
async function waitForHttp(url: string, child: Child, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && running(child)) {
    const answered = await new Promise<boolean>((resolve) => {
      const req = request(url, { method: 'GET', timeout: 1000 }, (res) => {
        res.resume();
        resolve(true);
      });
      req.once('timeout', () => req.destroy());
      req.once('error', () => resolve(false));
      req.end();
    });
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(
    running(child) ? `${child.name} did not answer at ${url}` : `${child.name} exited while starting`,
  );
}

async function main(): Promise<void> {
  for (const file of ['local-uaa.js', 'index.js']) {
    if (!existsSync(path.join(SERVER_DIR, file))) {
      throw new Error(`${path.join(SERVER_DIR, file)} is missing: run npm run build first`);
    }
  }

  const uaaPort = await freePort();
  const uaa = startChild('uaa', ['--enable-source-maps', path.join(SERVER_DIR, 'local-uaa.js')], {
    ...process.env,
    UAA_PORT: String(uaaPort),
    LOCAL_UAA_PUBLIC_URL: `http://localhost:${PUBLIC_PORT}`,
  });
  const uaaUrl = `http://127.0.0.1:${uaaPort}`;
  await waitForHttp(`${uaaUrl}/static/redirect-white-list.json`, uaa);
  if (stopping) return;

  nginx = await startNginxUpstream({
    target: uaaUrl,
    prefix: '/uaa-be',
    tls: true,
    gzip: true,
    onLog: (line) => log('nginx', process.stderr, line),
  });
  log('stack', process.stderr, `local UAA ${uaaUrl}, through nginx at ${nginx.url}`);
  void nginx.exited.then(() => shutdown(1, 'nginx exited'));
  if (stopping) return;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    UAA_UPSTREAM: nginx.url,
    UAA_CA_FILE: nginx.caFile,
    DEV_UPSTREAM: uaaUrl,
  };
  delete env.ALLOWLIST_URL;
  const bff = startChild('bff', ['--enable-source-maps', path.join(SERVER_DIR, 'index.js')], env);

  // Any child leaving on its own ends the stack; the BFF's status is the stack's.
  void bff.exited.then(({ code, signal }) =>
    shutdown(code ?? (signal ? 1 : 0), `the BFF exited (${signal ?? code})`),
  );
  void uaa.exited.then(({ code, signal }) => shutdown(1, `the local UAA exited (${signal ?? code})`));
}

main().catch((err: unknown) => {
  log('stack', process.stderr, err instanceof Error ? err.message : String(err));
  void shutdown(1, 'start failed');
});
