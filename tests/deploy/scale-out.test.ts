/**
 * Scale-out (issue 8): Debian's nginx, rendered from the repository's nginx.conf, terminates TLS
 * on loopback in front of two BFF replicas (the built bundle, as deployed) that share one
 * redis-server; the local UAA is the upstream. Checks the login journey through nginx, the
 * static files nginx serves itself, a rate limit exact across replicas, no lost request when a
 * replica dies, and the SIGTERM drain.
 *
 * Needs a build: scripts/test-deploy.sh points DEPLOY_CLIENT_DIST and DEPLOY_SERVER_DIST at the
 * runtime tree of the Dockerfile it performed (defaults dist/client-deploy, dist/server-deploy).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { Agent } from 'node:https';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWLIST_JSON_PATH } from '@shared/contract/endpoints';
import { LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import { encryptPassword } from '@shared/crypto';
// @ts-expect-error -- a plain .mjs module without types
import { renderNginx } from '../../scripts/render-nginx.mjs';
// @ts-expect-error -- a plain .mjs module without types
import { imageNodeFlags as untypedImageNodeFlags } from '../../scripts/image-node-flags.mjs';
import { freePort, send, start, stop, tail, waitFor, type Proc, type Reply } from './harness';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The node flags of the Dockerfile's CMD: each replica runs as the image runs it. */
const NODE_FLAGS = (untypedImageNodeFlags as () => string[])();
const CLIENT_DIST = path.resolve(ROOT, process.env.DEPLOY_CLIENT_DIST ?? 'dist/client-deploy');
const SERVER_DIST = path.resolve(ROOT, process.env.DEPLOY_SERVER_DIST ?? 'dist/server-deploy');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const REDIS = process.env.REDIS_BIN ?? '/usr/bin/redis-server';
const LIMIT = 7;
const GW = '/gw/uaa-be/api/v1';
const HASH_KEY = 'deploy-test-hash-key-0123456789';

let dir: string;
let ports: Record<'redis' | 'uaa' | 'slow' | 'a' | 'b' | 'http' | 'https', number>;
let procs: Record<string, Proc | undefined> = {};
let slowUpstream: Server | undefined;
let tls: Agent;
let origin: string;

function replicaEnv(port: number, upstream: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    UAA_UPSTREAM: upstream,
    APP_ENV: 'staging',
    CAPTCHA_PROVIDER: 'local',
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    RATE_LIMIT_HASH_KEY: HASH_KEY,
    TRUST_PROXY: 'loopback',
    STATIC_DIR: CLIENT_DIST,
    RATE_LIMITS_FILE: path.join(dir, 'rate-limits.json'),
    LOG_LEVEL: 'info',
  };
}

async function startReplica(name: 'a' | 'b', upstream: string): Promise<Proc> {
  const port = ports[name];
  const proc = start(
    name === 'a' ? 'bff-a' : 'bff-b',
    process.execPath,
    [...NODE_FLAGS, path.join(SERVER_DIST, 'index.js')],
    {
      dir,
      cwd: ROOT,
      env: replicaEnv(port, upstream),
    },
  );
  await waitFor(
    `BFF replica ${name}`,
    async () => (await send(`http://127.0.0.1:${port}/readyz`, { timeoutMs: 1000 })).status === 200,
    proc,
  );
  return proc;
}

/** Through nginx, over HTTPS, trusting only the throwaway certificate. */
function viaNginx(pathAndQuery: string, opts: Parameters<typeof send>[1] = {}): Promise<Reply> {
  return send(`${origin}${pathAndQuery}`, { agent: tls, ...opts });
}

/** Sum of bff_http_requests_total for one route label, read from a replica directly. */
async function served(port: number, route: string): Promise<number> {
  const text = (await send(`http://127.0.0.1:${port}/metrics`)).text;
  let sum = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('bff_http_requests_total{') && line.includes(`route="${route}"`)) {
      sum += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return sum;
}

/** One unlabelled metric of a replica, read directly. */
async function metric(port: number, name: string): Promise<number> {
  const line = (await send(`http://127.0.0.1:${port}/metrics`)).text
    .split('\n')
    .find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
}

/** Idempotent GETs through nginx, `workers` at a time, until `until` resolves; every failure kept. */
async function getLoop(until: Promise<unknown>): Promise<{ total: number; failures: string[] }> {
  let done = false;
  void until.finally(() => (done = true));
  const failures: string[] = [];
  let total = 0;
  const worker = async (i: number): Promise<void> => {
    while (!done) {
      const target = i % 2 === 0 ? `${GW}/login/getLocationInfo` : '/healthz';
      total += 1;
      try {
        const r = await viaNginx(target, { headers: { 'X-CSRF': '1' }, timeoutMs: 15_000 });
        if (r.status !== 200) failures.push(`${target}: ${r.status} ${r.text.slice(0, 120)}`);
      } catch (err) {
        failures.push(`${target}: ${(err as Error).message}`);
      }
    }
  };
  await Promise.all([0, 1, 2, 3, 4, 5].map(worker));
  return { total, failures };
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

beforeAll(async () => {
  for (const [what, p] of [
    ['the deploy client build', path.join(CLIENT_DIST, 'index.html')],
    ['the deploy server build', path.join(SERVER_DIST, 'index.js')],
    ['nginx', NGINX],
    ['redis-server', REDIS],
  ] as const) {
    if (!existsSync(p)) throw new Error(`${what} is missing (${p}): run scripts/test-deploy.sh`);
  }
  dir = mkdtempSync(path.join(tmpdir(), 'uaa-deploy-'));
  ports = {
    redis: await freePort(),
    uaa: await freePort(),
    slow: await freePort(),
    a: await freePort(),
    b: await freePort(),
    http: await freePort(),
    https: await freePort(),
  };
  origin = `https://localhost:${ports.https}`;

  // A throwaway certificate for localhost; the client trusts exactly it.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'tls.key'),
      '-out',
      path.join(dir, 'tls.crt'),
    ],
    { stdio: 'ignore' },
  );
  tls = new Agent({ ca: readFileSync(path.join(dir, 'tls.crt')), keepAlive: true, maxSockets: 16 });

  writeFileSync(
    path.join(dir, 'rate-limits.json'),
    JSON.stringify([
      { name: 'deploy-test', match: [`${GW}/register/deactivate`], key: 'ip', limit: LIMIT, windowS: 600 },
    ]),
  );

  procs.redis = start(
    'redis',
    REDIS,
    ['--port', String(ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { dir },
  );
  await waitFor('redis-server', () => ping(ports.redis), procs.redis);

  procs.uaa = start('local-uaa', process.execPath, [path.join(SERVER_DIST, 'local-uaa.js')], {
    dir,
    cwd: ROOT,
    env: { UAA_PORT: String(ports.uaa), LOCAL_UAA_PUBLIC_URL: origin },
  });
  const uaa = `http://127.0.0.1:${ports.uaa}`;
  await waitFor(
    'local UAA',
    async () => (await send(`${uaa}${ALLOWLIST_JSON_PATH}`, { timeoutMs: 1000 })).status === 200,
    procs.uaa,
  );

  // Replica b's upstream: the local UAA behind a forwarder that holds a request `delayMs` long
  // when the query asks for it (the local UAA has no slow route; the drain test needs one).
  slowUpstream = createServer((req, res) => {
    const delay = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('delayMs') ?? 0);
    setTimeout(() => {
      const upstreamReq = httpRequest(
        `${uaa}${req.url}`,
        { method: req.method, headers: { ...req.headers, host: `127.0.0.1:${ports.uaa}` } },
        (upstreamRes) => {
          res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
          upstreamRes.pipe(res);
        },
      );
      upstreamReq.on('error', () => res.destroy());
      req.pipe(upstreamReq);
    }, delay);
  });
  await new Promise<void>((resolve) => slowUpstream!.listen(ports.slow, '127.0.0.1', resolve));

  procs.a = await startReplica('a', uaa);
  procs.b = await startReplica('b', `http://127.0.0.1:${ports.slow}`);

  mkdirs(['tmp', 'logs']);
  const conf = renderNginx(readFileSync(path.join(ROOT, 'nginx.conf'), 'utf8'), {
    SERVER_NAME: 'localhost',
    // Workers as this user: the temporary directory and the checkout may be private to it.
    WORKER_USER: userInfo().username,
    HTTP_LISTEN: `127.0.0.1:${ports.http}`,
    HTTPS_LISTEN: `127.0.0.1:${ports.https}`,
    HTTPS_PORT_SUFFIX: `:${ports.https}`,
    TLS_CERTIFICATE: path.join(dir, 'tls.crt'),
    TLS_CERTIFICATE_KEY: path.join(dir, 'tls.key'),
    STATIC_ROOT: CLIENT_DIST,
    BFF_SERVER: `127.0.0.1:${ports.a} 127.0.0.1:${ports.b}`,
    PID_FILE: path.join(dir, 'nginx.pid'),
    LOG_DIR: path.join(dir, 'logs'),
    TEMP_DIR: path.join(dir, 'tmp'),
  }) as string;
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  procs.nginx = start('nginx', NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    dir,
  });
  await waitFor(
    'nginx',
    async () => (await viaNginx('/healthz', { timeoutMs: 1000 })).status === 200,
    procs.nginx,
  );
});

function mkdirs(names: string[]): void {
  for (const name of names) execFileSync('mkdir', ['-p', path.join(dir, name)]);
}

afterAll(async () => {
  // Every process this file started, by its own pid.
  await Promise.all(
    ['nginx', 'a', 'b', 'uaa', 'redis'].map((name) => stop(procs[name]).catch(() => undefined)),
  );
  await new Promise((resolve) => (slowUpstream ? slowUpstream.close(resolve) : resolve(undefined)));
  slowUpstream?.closeAllConnections();
  tls?.destroy();
  if (dir && !process.env.KEEP_DEPLOY_DIR) rmSync(dir, { recursive: true, force: true });
  else if (dir) console.log(`deploy test files kept in ${dir}`);
  procs = {};
});

describe('nginx in front of two BFF replicas sharing Redis', () => {
  it('redirects HTTP to HTTPS and shows no server version', async () => {
    const r = await send(`http://127.0.0.1:${ports.http}/login?clientId=uaa-media`, {
      headers: { Host: 'localhost' },
    });
    expect(r.status).toBe(301);
    expect(r.headers.location).toBe(`https://localhost:${ports.https}/login?clientId=uaa-media`);
    expect(r.headers.server).toBe('nginx');
    const page = await viaNginx('/login');
    expect(page.headers.server).toBe('nginx');
    expect(page.headers['x-powered-by']).toBeUndefined();
    // Whatever comes through nginx carries X-Forwarded-For: /metrics is for direct scrapers only.
    expect((await viaNginx('/metrics')).status).toBe(404);
    expect((await send(`http://127.0.0.1:${ports.a}/metrics`)).status).toBe(200);
  });

  it('serves the login journey over HTTPS: public key, login, cookie, user info', async () => {
    const json = { 'X-CSRF': '1', 'Content-Type': 'application/json' };
    const pubKey = await viaNginx(`${GW}/cipher/getPubKey`, { method: 'POST', headers: json, body: '{}' });
    expect(pubKey.status).toBe(200);
    const key = pubKey.json<{ msgCode: string; data: { pubKey: string } }>();
    expect(key.msgCode).toBe('10000');

    const login = await viaNginx(`${GW}/login/byAccount`, {
      method: 'POST',
      headers: { ...json, captchaVerifyParam: LOCAL_CAPTCHA_PASS, sceneId: 'local', prefix: 'local' },
      body: JSON.stringify({
        account: 'admin',
        password: encryptPassword(key.data.pubKey, 'Admin12345', 'login'),
        autoLogin: false,
      }),
    });
    expect(login.json().msgCode).toBe('10000');
    // A login first clears any old cookie (`uaa-token=;`), then issues the new one.
    const issued = (login.headers['set-cookie'] ?? []).filter(
      (c) => c.startsWith('uaa-token=') && !c.startsWith('uaa-token=;'),
    );
    expect(issued).toHaveLength(1);
    const setCookie = issued[0];
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*Secure/i);
    expect(login.text).not.toContain(setCookie!.split(';')[0]!.slice('uaa-token='.length));
    const cookie = setCookie!.split(';')[0]!;

    // Two calls, so that round robin sends them to both replicas: no sticky session needed.
    for (let i = 0; i < 2; i += 1) {
      const me = await viaNginx(`${GW}/login/getUserInfo`, {
        method: 'POST',
        headers: { ...json, Cookie: cookie },
        body: '{}',
      });
      expect(me.json().msgCode).toBe('10000');
      expect(me.text).toContain('admin');
      expect((await viaNginx('/bff/session', { headers: { Cookie: cookie } })).json()).toEqual({
        authenticated: true,
      });
    }
  });

  it('serves hashed assets itself, precompressed gzip and immutable; pages no-store', async () => {
    const jsDir = path.join(CLIENT_DIST, 'static', 'js');
    const file = readdirSync(jsDir).find((f) => f.endsWith('.js') && existsSync(path.join(jsDir, `${f}.gz`)));
    expect(file, 'a hashed .js with a .gz beside it').toBeDefined();
    const original = readFileSync(path.join(jsDir, file!));
    const before = (await served(ports.a, 'static')) + (await served(ports.b, 'static'));

    const gz = await viaNginx(`/static/js/${file}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gz.headers['content-type']).toMatch(/javascript/);
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(gz.body).equals(original)).toBe(true);

    const plain = await viaNginx(`/static/js/${file}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    expect((await viaNginx('/static/js/no-such-file.js')).status).toBe(404);
    // nginx answered all of these: no replica saw a static request.
    expect((await served(ports.a, 'static')) + (await served(ports.b, 'static'))).toBe(before);

    for (const page of ['/', '/login', '/index.html']) {
      const r = await viaNginx(page);
      expect(r.status, page).toBe(200);
      expect(r.headers['cache-control'], page).toBe('no-store');
      expect(r.text, page).toContain('id="app-config"');
    }
  });

  it(`enforces a rate limit of ${LIMIT} exactly across both replicas`, async () => {
    const route = 'gateway:/api/v1/register/deactivate';
    const before = [await served(ports.a, route), await served(ports.b, route)];
    const statuses: number[] = [];
    let refusal: Reply | undefined;
    for (let i = 0; i < LIMIT + 3; i += 1) {
      // A forged X-Forwarded-For changes nothing: nginx sets the header, the BFF trusts one hop.
      const r = await viaNginx(`${GW}/register/deactivate`, {
        headers: { 'X-CSRF': '1', 'X-Forwarded-For': `203.0.113.${i}` },
      });
      statuses.push(r.status);
      if (r.status === 429) refusal ??= r;
    }
    const after = [await served(ports.a, route), await served(ports.b, route)];
    expect(
      statuses.slice(0, LIMIT).every((s) => s !== 429),
      String(statuses),
    ).toBe(true);
    expect(statuses.slice(LIMIT), String(statuses)).toEqual([429, 429, 429]);
    expect(refusal!.json().msgCode).toBe('A0301');
    expect(Number(refusal!.headers['retry-after'])).toBeGreaterThan(0);
    // Both replicas answered some of them (so the count really was shared).
    expect(after[0]! - before[0]!, 'replica a').toBeGreaterThan(0);
    expect(after[1]! - before[1]!, 'replica b').toBeGreaterThan(0);
    expect(after[0]! - before[0]! + after[1]! - before[1]!).toBe(LIMIT + 3);
  });

  it('loses no request when a replica is killed (kill -9) mid-run', async () => {
    const killed = new Promise<void>((resolve) =>
      setTimeout(() => {
        procs.a!.child.kill('SIGKILL');
        resolve();
      }, 1000),
    );
    const run = getLoop(killed.then(() => new Promise((r) => setTimeout(r, 2500))));
    const { total, failures } = await run;
    // Sizing figure for the README: the surviving replica's memory after carrying the load.
    const rssMb = (await metric(ports.b, 'bff_process_resident_memory_bytes')) / 2 ** 20;
    console.log(
      `kill -9: ${total} GETs through nginx, ${failures.length} failed; replica b RSS ${rssMb.toFixed(0)} MB`,
    );
    expect((await procs.a!.exited).signal).toBe('SIGKILL');
    expect(failures, `${failures.length} of ${total} failed`).toEqual([]);
    expect(total).toBeGreaterThan(50);

    // The replica comes back and nginx sends it traffic again (after fail_timeout).
    procs.a = await startReplica('a', `http://127.0.0.1:${ports.uaa}`);
    await waitFor(
      'nginx to use the restarted replica',
      async () => {
        await viaNginx('/healthz');
        return (await served(ports.a, 'healthz')) > 0;
      },
      procs.nginx,
      15_000,
    );
  });

  it('drains an in-flight request on SIGTERM, exits 0 within 10 s, and nginx loses nothing', async () => {
    const b = procs.b!;
    const slow = send(`http://127.0.0.1:${ports.b}${GW}/login/getLocationInfo?delayMs=3000`, {
      headers: { 'X-CSRF': '1' },
    });
    await new Promise((r) => setTimeout(r, 500));
    const termAt = Date.now();
    b.child.kill('SIGTERM');
    const exitedIn = b.exited.then((e) => ({ ...e, ms: Date.now() - termAt }));
    const loop = getLoop(exitedIn);

    const reply = await slow;
    expect(reply.status).toBe(200);
    expect(reply.json().msgCode).toBe('10000');
    const exit = await exitedIn;
    expect(exit.code, tail(b)).toBe(0);
    expect(exit.ms).toBeLessThan(10_000);
    const { total, failures } = await loop;
    console.log(
      `SIGTERM: drained and exited ${exit.code} after ${exit.ms} ms; ${total} GETs, ${failures.length} failed`,
    );
    expect(failures, `${failures.length} of ${total} failed`).toEqual([]);
  });
});
