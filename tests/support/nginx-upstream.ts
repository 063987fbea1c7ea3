/**
 * Debian's nginx in front of an upstream, the way the legacy UAA (a Java service) is usually
 * exposed: TLS with a private CA, gzip on proxied replies, and a path prefix, so that
 * `https://127.0.0.1:PORT/uaa-be/api/v1/...` reaches `<target>/api/v1/...`. Also the throwaway CA
 * (openssl CLI) that the strict upstream double reuses. For the conformance tests (vitest) and the
 * e2e stack; no vitest import here. Needs /usr/sbin/nginx (or NGINX_BIN) and openssl, which
 * scripts/test.sh installs when missing.
 */
import { execFile, spawn } from 'node:child_process';
import { createPrivateKey, randomBytes, X509Certificate } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect as netConnect, type Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { promisify } from 'node:util';
import { freePort } from './http';

export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

const run = promisify(execFile);

// ---------------------------------------------------------------------------------------------
// The throwaway CA
// ---------------------------------------------------------------------------------------------

/** A private CA and a server certificate it signed for 127.0.0.1 / localhost (PEM files). */
export interface TestCa {
  dir: string;
  /** The CA certificate: what a client trusts. */
  caFile: string;
  /** The server certificate (CN=127.0.0.1, SAN IP:127.0.0.1, DNS:localhost) and its key. */
  certFile: string;
  keyFile: string;
}

const CA_DAYS = 30;
let caPromise: Promise<TestCa> | undefined;

async function openssl(args: string[], cwd: string): Promise<void> {
  try {
    await run('openssl', args, { cwd });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new Error('openssl is not installed (apt-get install openssl; scripts/test.sh does it)');
    }
    throw new Error(`openssl ${args[0]} failed: ${e.stderr?.trim() || e.message}`);
  }
}

async function generate(dir: string): Promise<void> {
  const p = (name: string) => path.join(dir, name);
  // EC P-256 keys: generated in milliseconds, unlike RSA.
  const ecKey = ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out'];
  await openssl([...ecKey, p('ca.key')], dir);
  await openssl(
    [
      'req',
      '-x509',
      '-new',
      '-key',
      p('ca.key'),
      '-subj',
      '/CN=uaa-sso test CA',
      '-days',
      String(CA_DAYS),
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
      '-out',
      p('ca.pem'),
    ],
    dir,
  );
  await openssl([...ecKey, p('server.key')], dir);
  await openssl(
    ['req', '-new', '-key', p('server.key'), '-subj', '/CN=127.0.0.1', '-out', p('server.csr')],
    dir,
  );
  writeFileSync(
    p('server.ext'),
    [
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
      'subjectKeyIdentifier=hash',
      'authorityKeyIdentifier=keyid',
      '',
    ].join('\n'),
  );
  await openssl(
    [
      'x509',
      '-req',
      '-in',
      p('server.csr'),
      '-CA',
      p('ca.pem'),
      '-CAkey',
      p('ca.key'),
      '-set_serial',
      `0x${randomBytes(8).toString('hex')}`,
      '-days',
      String(CA_DAYS),
      '-extfile',
      p('server.ext'),
      '-out',
      p('server.pem'),
    ],
    dir,
  );
  rmSync(p('server.csr'));
  rmSync(p('server.ext'));
}

function files(dir: string): TestCa {
  const p = (name: string) => path.join(dir, name);
  return { dir, caFile: p('ca.pem'), certFile: p('server.pem'), keyFile: p('server.key') };
}

/** The CA in `dir` when it is ours alone (mode 0700, our uid), complete, and valid for a day more. */
function usable(dir: string): TestCa | undefined {
  const ca = files(dir);
  try {
    const st = lstatSync(dir);
    const uid = process.getuid?.();
    if (!st.isDirectory() || (uid !== undefined && st.uid !== uid) || (st.mode & 0o077) !== 0)
      return undefined;
    const caCert = new X509Certificate(readFileSync(ca.caFile));
    const cert = new X509Certificate(readFileSync(ca.certFile));
    const dayAhead = Date.now() + 24 * 3600_000;
    if (Date.parse(caCert.validTo) < dayAhead || Date.parse(cert.validTo) < dayAhead) return undefined;
    if (!cert.checkIssued(caCert) || !cert.verify(caCert.publicKey)) return undefined;
    if (!cert.checkPrivateKey(createPrivateKey(readFileSync(ca.keyFile)))) return undefined;
    return ca;
  } catch {
    return undefined;
  }
}

/**
 * The CA lives in one directory per user under the temp dir and is reused while valid, so test
 * processes and vitest workers (which get no reliable exit hook) leave nothing behind. A new one is
 * made aside and renamed into place, so concurrent makers do not see half-written files.
 */
async function makeCa(): Promise<TestCa> {
  const stable = path.join(tmpdir(), `uaa-sso-test-ca-${process.getuid?.() ?? 'user'}`);
  const found = usable(stable);
  if (found) return found;
  const work = mkdtempSync(`${stable}-new-`);
  try {
    await generate(work);
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      renameSync(work, stable);
      return files(stable);
    } catch {
      // Another process put one there meanwhile (use it), or an old unusable one is in the way.
      const other = usable(stable);
      if (other) {
        rmSync(work, { recursive: true, force: true });
        return other;
      }
      rmSync(stable, { recursive: true, force: true });
    }
  }
  // Could not take the shared place: use ours for this process only.
  process.once('exit', () => rmSync(work, { recursive: true, force: true }));
  return files(work);
}

/** The throwaway CA and server certificate: made on first use (openssl CLI), then reused. */
export function testCa(): Promise<TestCa> {
  caPromise ??= makeCa().catch((err: unknown) => {
    caPromise = undefined;
    throw err;
  });
  return caPromise;
}

// ---------------------------------------------------------------------------------------------
// Ports and probes
// ---------------------------------------------------------------------------------------------

/** True when 127.0.0.1:port accepts a connection (a verified TLS handshake when `ca` is given). */
export function accepts(port: number, ca?: Buffer, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket: Socket = ca
      ? tlsConnect({ host: '127.0.0.1', port, ca })
      : netConnect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once(ca ? 'secureConnect' : 'connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// nginx
// ---------------------------------------------------------------------------------------------

export interface NginxUpstreamOptions {
  /** Where nginx forwards to, e.g. `http://127.0.0.1:8090` (a path part is kept). */
  target: string;
  /** The path prefix the upstream is exposed under; default `/uaa-be`. */
  prefix?: string;
  /** HTTPS with the test CA's server certificate; default true. */
  tls?: boolean;
  /** gzip on proxied replies (JSON, text, JS, CSS, HTML); default true. */
  gzip?: boolean;
  /** Receives nginx's stderr (its error log at level warn and above), line by line. */
  onLog?: (line: string) => void;
}

export interface NginxUpstream {
  /** `https://127.0.0.1:PORT/uaa-be` (http when tls is false): the upstream base, no trailing slash. */
  url: string;
  /** The CA certificate that signed nginx's certificate (PEM). */
  caFile: string;
  port: number;
  /** nginx's prefix directory: nginx.conf, error.log, access.log. Removed on close. */
  dir: string;
  /** Settles when the nginx master exits, for whatever reason (close() or a crash). */
  exited: Promise<void>;
  /** Stops nginx (SIGQUIT, then SIGKILL for it and its workers) and removes its directory. */
  close(): Promise<void>;
}

interface ConfOptions {
  dir: string;
  port: number;
  prefix: string;
  target: string;
  tls: boolean;
  gzip: boolean;
  ca: TestCa;
}

function nginxConf(o: ConfOptions): string {
  const d = (name: string) => path.join(o.dir, name);
  const proxy = [
    `proxy_pass ${o.target}/;`,
    'proxy_http_version 1.1;',
    'proxy_set_header Connection "";',
    'proxy_set_header Host $host;',
  ];
  const lines = [
    `# Written by tests/support/nginx-upstream.ts; started with -p ${o.dir}`,
    // As root, workers would otherwise run as nobody, who cannot enter the private temp dir.
    ...(process.getuid?.() === 0 ? [`user ${userInfo().username};`] : []),
    'worker_processes 1;',
    `pid ${d('nginx.pid')};`,
    `error_log ${d('error.log')} warn;`,
    'error_log stderr warn;',
    'events { worker_connections 512; }',
    'http {',
    `  access_log ${d('access.log')};`,
    `  client_body_temp_path ${d('tmp/body')};`,
    `  proxy_temp_path ${d('tmp/proxy')};`,
    `  fastcgi_temp_path ${d('tmp/fastcgi')};`,
    `  uwsgi_temp_path ${d('tmp/uwsgi')};`,
    `  scgi_temp_path ${d('tmp/scgi')};`,
    // Room for the upload endpoint (the BFF's own limit is 5 MB).
    '  client_max_body_size 20m;',
    ...(o.gzip
      ? [
          '  gzip on;',
          '  gzip_proxied any;',
          '  gzip_min_length 1;',
          '  gzip_vary on;',
          '  gzip_types application/json text/plain application/javascript text/css;',
        ]
      : []),
    '  server {',
    `    listen 127.0.0.1:${o.port}${o.tls ? ' ssl' : ''};`,
    '    server_name 127.0.0.1 localhost;',
    ...(o.tls ? [`    ssl_certificate ${o.ca.certFile};`, `    ssl_certificate_key ${o.ca.keyFile};`] : []),
    // The bare base (a readiness HEAD) reaches the upstream's root instead of nginx's own 301.
    `    location = ${o.prefix} {`,
    ...proxy.map((l) => `      ${l}`),
    '    }',
    `    location ${o.prefix}/ {`,
    ...proxy.map((l) => `      ${l}`),
    '    }',
    '  }',
    '}',
    '',
  ];
  return lines.join('\n');
}

function checkOptions(opts: NginxUpstreamOptions): { target: string; prefix: string } {
  const prefix = opts.prefix ?? '/uaa-be';
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(prefix)) {
    throw new Error(`prefix must look like /name[/name...] without a trailing slash, got ${prefix}`);
  }
  if (!URL.canParse(opts.target) || !/^https?:$/.test(new URL(opts.target).protocol)) {
    throw new Error(`target must be an http(s) URL, got ${opts.target}`);
  }
  if (/[\s;{}'"$]/.test(opts.target)) throw new Error(`target has characters nginx.conf cannot hold`);
  return { target: opts.target.replace(/\/+$/, ''), prefix };
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

/** Starts nginx as a child process in front of `target`; resolves once it accepts connections. */
export async function startNginxUpstream(opts: NginxUpstreamOptions): Promise<NginxUpstream> {
  const { target, prefix } = checkOptions(opts);
  const tls = opts.tls ?? true;
  const gzip = opts.gzip ?? true;
  if (!existsSync(NGINX_BIN)) {
    throw new Error(`${NGINX_BIN} is missing (apt-get install nginx; scripts/test.sh does it)`);
  }
  const ca = await testCa();
  const caPem = readFileSync(ca.caFile);
  const dir = mkdtempSync(path.join(tmpdir(), 'uaa-nginx-'));
  mkdirSync(path.join(dir, 'tmp'));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });

  let lastFailure = '';
  // A port found free may be taken before nginx binds it: then try another.
  for (let attempt = 1; attempt <= 5; attempt++) {
    const port = await freePort();
    writeFileSync(path.join(dir, 'nginx.conf'), nginxConf({ dir, port, prefix, target, tls, gzip, ca }));
    rmSync(path.join(dir, 'error.log'), { force: true }); // this attempt's errors only
    const child = spawn(NGINX_BIN, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    let partial = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 64_000) stderr += chunk;
      if (!opts.onLog) return;
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (line) opts.onLog(line);
    });
    let exitCode: number | null | undefined;
    const exited = new Promise<void>((resolve) => {
      child.once('exit', (code, sig) => {
        exitCode = code ?? (sig ? -1 : null);
        resolve();
      });
      // spawn failures (ENOENT, EACCES) come as 'error', with or without an 'exit'.
      child.once('error', (err) => {
        stderr += `\n${err.message}`;
        exitCode = -1;
        resolve();
      });
    });
    const failure = () => {
      let log = '';
      try {
        log = readFileSync(path.join(dir, 'error.log'), 'utf8');
      } catch {
        // not written
      }
      return `stderr:\n${stderr.trim() || '(empty)'}\nerror.log:\n${log.trim() || '(empty)'}`;
    };

    // nginx writes its pid file only once it holds the port (it retries a busy port for 2.5 s):
    // until then, whatever answers there may be someone else.
    const ownsPort = () => {
      try {
        return Number(readFileSync(path.join(dir, 'nginx.pid'), 'utf8').trim()) === child.pid;
      } catch {
        return false;
      }
    };
    const deadline = Date.now() + 5000;
    let ready = false;
    while (exitCode === undefined && Date.now() < deadline) {
      if (ownsPort() && (await accepts(port, tls ? caPem : undefined, 500))) {
        ready = true;
        break;
      }
      await tick(20);
    }
    if (ready && exitCode === undefined) {
      const pid = child.pid!;
      const onExit = () => {
        signal(pid, 'SIGTERM');
        removeDir();
      };
      process.on('exit', onExit);
      // A process that ends without its exit hook (killed, or a vitest worker thread torn down
      // with nginx never closed) must not leave nginx behind: this watchdog holds a pipe from us
      // and stops nginx (SIGTERM: the master stops its workers) once the pipe closes.
      const watchdog = spawn(
        '/bin/sh',
        [
          '-c',
          'while read -r _; do :; done; kill -TERM "$1" 2>/dev/null; rm -rf "$2"',
          'sh',
          String(pid),
          dir,
        ],
        {
          stdio: ['pipe', 'ignore', 'ignore'],
        },
      );
      watchdog.on('error', () => {}); // best effort
      watchdog.stdin.on('error', () => {});
      watchdog.unref();
      (watchdog.stdin as unknown as { unref?: () => void }).unref?.();
      let closing: Promise<void> | undefined;
      const close = () =>
        (closing ??= (async () => {
          process.off('exit', onExit);
          if (watchdog.pid !== undefined) signal(watchdog.pid, 'SIGKILL');
          if (exitCode === undefined) {
            signal(pid, 'SIGQUIT'); // graceful: finishes what is in flight
            let timer: NodeJS.Timeout | undefined;
            const quit = await Promise.race([
              exited.then(() => true),
              new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 3000))),
            ]);
            clearTimeout(timer);
            if (!quit) {
              // A master killed by SIGKILL leaves its workers running: kill those by pid too.
              for (const worker of childrenOf(pid)) signal(worker, 'SIGKILL');
              signal(pid, 'SIGKILL');
              await exited;
            }
          }
          removeDir();
        })());
      const scheme = tls ? 'https' : 'http';
      return { url: `${scheme}://127.0.0.1:${port}${prefix}`, caFile: ca.caFile, port, dir, exited, close };
    }

    // Not ready: stop whatever is left of this attempt.
    const timedOut = exitCode === undefined;
    if (timedOut && child.pid !== undefined) {
      for (const worker of childrenOf(child.pid)) signal(worker, 'SIGKILL');
      signal(child.pid, 'SIGKILL');
    }
    await exited;
    lastFailure = `${timedOut ? 'no answer within 5 s\n' : ''}${failure()}`;
    if (!/Address already in use/.test(lastFailure)) break;
  }
  removeDir();
  throw new Error(`nginx did not start in front of ${target}\n${lastFailure}`);
}
