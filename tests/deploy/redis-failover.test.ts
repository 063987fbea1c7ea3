/**
 * Redis Sentinel failover (issue 27): Debian's redis-server as a primary, a replica and three
 * sentinels (quorum 2, down after 1 s) on loopback, the BFF reaching the primary through them as
 * an ACL user with docs/operations.md's command set; two BFF replicas (the built bundle) behind
 * nginx, the local UAA upstream, and a load of pages and calls through nginx. The primary is
 * killed (SIGKILL): during the gap the general rule (failMode open) lets requests through and the
 * code rule (closed) refuses code sends with 503 B0300, nothing else fails; bff_rate_limit_store_up
 * is 0 and the log says so; once the sentinels have promoted the replica, the counts it holds
 * still count (a phone's next code beyond the limit is refused) and the metric is 1 again.
 *
 * Needs a build, as scale-out.test.ts: DEPLOY_CLIENT_DIST and DEPLOY_SERVER_DIST (scripts/test-deploy.sh
 * sets them to the Dockerfile's runtime tree; `npm run build` and dist/client, dist/server will do).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_DIST,
  freePort,
  GW,
  NODE_FLAGS,
  REDIS,
  redisPing,
  requireDeployTree,
  ROOT,
  selfSignedCertificate,
  send,
  SERVER_DIST,
  start,
  startLocalUaa,
  startNginx,
  stop,
  tail,
  waitFor,
  type Proc,
  type Reply,
} from './harness';

const MASTER_NAME = 'uaa-sso';
const HASH_KEY = 'failover-test-hash-key-0123456789';
/** The BFF's ACL user: docs/operations.md "Redis Sentinel and Cluster" gives it these commands. */
const ACL_USER = 'uaa-sso-bff';
const ACL_PASSWORD = 'failover-test-acl-password-6f1d';
const ACL_COMMANDS =
  '+eval +evalsha +script|load +get +set +incr +decr +del +pttl +pexpire +sadd +srem +sismember +scard';
const CODE_LIMIT = 2;

type Name = 'primary' | 'replica' | 's1' | 's2' | 's3' | 'uaa' | 'a' | 'b' | 'http' | 'https';
let dir: string;
let ports: Record<Name, number>;
let procs: Partial<Record<string, Proc>> = {};
let tls: Agent;
let origin: string;

/** A data node's configuration: no persistence, the BFF's ACL user beside the default one. */
function dataNodeConf(port: number, replicaOf?: number): string {
  return [
    `port ${port}`,
    'bind 127.0.0.1',
    `dir ${dir}`,
    'save ""',
    'appendonly no',
    // A replica syncs at once instead of waiting for others (the default waits 5 s).
    'repl-diskless-sync-delay 0',
    `user ${ACL_USER} on >${ACL_PASSWORD} resetkeys ~bff:rl:* resetchannels -@all ${ACL_COMMANDS}`,
    ...(replicaOf ? [`replicaof 127.0.0.1 ${replicaOf}`] : []),
  ].join('\n');
}

/** A sentinel's configuration (it rewrites the file as it learns): quorum 2, down after 1 s. */
function sentinelConf(port: number): string {
  return [
    `port ${port}`,
    'bind 127.0.0.1',
    `dir ${dir}`,
    `sentinel monitor ${MASTER_NAME} 127.0.0.1 ${ports.primary} 2`,
    `sentinel down-after-milliseconds ${MASTER_NAME} 1000`,
    `sentinel failover-timeout ${MASTER_NAME} 6000`,
    `sentinel parallel-syncs ${MASTER_NAME} 1`,
  ].join('\n');
}

function startRedis(name: Name, conf: string, sentinel = false): Proc {
  const file = path.join(dir, `${name}.conf`);
  writeFileSync(file, conf);
  return start(name, REDIS, sentinel ? [file, '--sentinel'] : [file], { dir });
}

async function replicaBff(name: 'a' | 'b', rulesFile: string): Promise<Proc> {
  const port = ports[name];
  const proc = start(`bff-${name}`, process.execPath, [...NODE_FLAGS, path.join(SERVER_DIST, 'index.js')], {
    dir,
    cwd: ROOT,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      UAA_UPSTREAM: `http://127.0.0.1:${ports.uaa}`,
      APP_ENV: 'staging',
      CAPTCHA_PROVIDER: 'local',
      PUBLIC_ORIGIN: origin,
      STATIC_DIR: CLIENT_DIST,
      TRUST_PROXY: 'loopback',
      RATE_LIMITS_FILE: rulesFile,
      RATE_LIMIT_HASH_KEY: HASH_KEY,
      REDIS_SENTINELS: [ports.s1, ports.s2, ports.s3].map((p) => `127.0.0.1:${p}`).join(','),
      REDIS_SENTINEL_NAME: MASTER_NAME,
      REDIS_USERNAME: ACL_USER,
      REDIS_PASSWORD: ACL_PASSWORD,
      LOG_LEVEL: 'info',
    },
  });
  await waitFor(
    `BFF replica ${name}`,
    async () => (await send(`http://127.0.0.1:${port}/readyz`, { timeoutMs: 1000 })).status === 200,
    proc,
  );
  return proc;
}

function viaNginx(pathAndQuery: string, opts: Parameters<typeof send>[1] = {}): Promise<Reply> {
  return send(`${origin}${pathAndQuery}`, { agent: tls, timeoutMs: 5000, ...opts });
}

/** A code sent to `phone` through nginx (the local captcha passes; the UAA may still refuse). */
function sendCode(phone: string): Promise<Reply> {
  return viaNginx(`${GW}/login/getSmsCode`, {
    method: 'POST',
    headers: { 'X-CSRF': '1', 'Content-Type': 'application/json', lang: 'en-US' },
    body: JSON.stringify({ phone }),
  });
}

/** One unlabelled metric of a replica, read directly (loopback, no proxy: allowed). */
async function metric(name: 'a' | 'b', metricName: string): Promise<number> {
  const text = (await send(`http://127.0.0.1:${ports[name]}/metrics`, { timeoutMs: 2000 })).text;
  const line = text.split('\n').find((l) => l.startsWith(`${metricName} `));
  return Number(line?.split(' ')[1]);
}

const storeUp = (name: 'a' | 'b') => metric(name, 'bff_rate_limit_store_up');

/** Polls `check` every 50 ms until it holds; throws what was last seen after `timeoutMs`. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

/** Pages, calls and health checks through nginx, four at a time, until stopped; every failure kept. */
function load(): { stop(): Promise<{ total: number; failures: string[] }> } {
  let done = false;
  let total = 0;
  const failures: string[] = [];
  const targets = [`${GW}/login/getLocationInfo`, '/login', '/healthz', `${GW}/login/getLocationInfo`];
  const worker = async (target: string) => {
    while (!done) {
      total += 1;
      try {
        const r = await viaNginx(target, { headers: { 'X-CSRF': '1' } });
        if (r.status !== 200) failures.push(`${target}: ${r.status} ${r.text.slice(0, 120)}`);
      } catch (err) {
        failures.push(`${target}: ${(err as Error).message}`);
      }
    }
  };
  const running = Promise.all(targets.map(worker));
  return {
    stop: async () => {
      done = true;
      await running;
      return { total, failures };
    },
  };
}

/** The BFF log lines (pino JSON) whose message starts with `prefix`. */
function logLines(name: 'a' | 'b', prefix: string): Array<Record<string, unknown>> {
  const proc = procs[name];
  if (!proc) return [];
  return readFileSync(proc.log, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => String(entry.msg).startsWith(prefix));
}

beforeAll(async () => {
  requireDeployTree();
  dir = mkdtempSync(path.join(tmpdir(), 'uaa-failover-'));
  const names: Name[] = ['primary', 'replica', 's1', 's2', 's3', 'uaa', 'a', 'b', 'http', 'https'];
  ports = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await freePort()]))) as Record<
    Name,
    number
  >;
  origin = `https://localhost:${ports.https}`;
  const certificate = selfSignedCertificate(dir);
  tls = new Agent({ ca: readFileSync(certificate.cert), keepAlive: true, maxSockets: 16 });

  procs.primary = startRedis('primary', dataNodeConf(ports.primary));
  procs.replica = startRedis('replica', dataNodeConf(ports.replica, ports.primary));
  await waitFor('the primary', () => redisPing(ports.primary), procs.primary);
  await waitFor(
    'the replica in sync',
    async () => (await info(ports.replica, 'replication')).includes('master_link_status:up'),
    procs.replica,
  );
  for (const s of ['s1', 's2', 's3'] as const) procs[s] = startRedis(s, sentinelConf(ports[s]), true);
  for (const s of ['s1', 's2', 's3'] as const)
    await waitFor(`sentinel ${s}`, () => redisPing(ports[s]), procs[s]);

  const rulesFile = path.join(dir, 'rate-limits.json');
  writeFileSync(
    rulesFile,
    JSON.stringify([
      {
        name: 'code-per-phone',
        match: [`${GW}/login/getSmsCode`],
        key: 'identifier',
        identifierField: 'phone',
        limit: CODE_LIMIT,
        windowS: 600,
        failMode: 'closed',
      },
      { name: 'general', match: ['/gw/*'], key: 'ip', limit: 100_000, windowS: 60, failMode: 'open' },
    ]),
  );
  procs.uaa = await startLocalUaa({ dir, serverDist: SERVER_DIST, port: ports.uaa, publicUrl: origin });
  [procs.a, procs.b] = await Promise.all([replicaBff('a', rulesFile), replicaBff('b', rulesFile)]);
  procs.nginx = startNginx({
    name: 'nginx',
    dir,
    prefix: path.join(dir, 'nginx'),
    listen: { http: ports.http, https: ports.https },
    replicaPorts: [ports.a, ports.b],
    certificate,
    staticRoot: CLIENT_DIST,
  });
  await waitFor(
    'nginx',
    async () => (await viaNginx('/healthz', { timeoutMs: 1000 })).status === 200,
    procs.nginx,
  );
  await until(
    'both replicas to find the primary through the sentinels',
    async () => {
      return (await storeUp('a')) === 1 && (await storeUp('b')) === 1;
    },
    10_000,
  );
}, 90_000);

afterAll(async () => {
  // Every process this file started, by its own pid.
  await Promise.all(
    ['nginx', 'a', 'b', 'uaa', 's1', 's2', 's3', 'replica', 'primary'].map((name) =>
      stop(procs[name]).catch(() => undefined),
    ),
  );
  tls?.destroy();
  if (dir && !process.env.KEEP_DEPLOY_DIR) rmSync(dir, { recursive: true, force: true });
  else if (dir) console.log(`failover test files kept in ${dir}`);
  procs = {};
});

/** One INFO section of a data node, asked as the default user. */
async function info(port: number, section: string): Promise<string> {
  const client = createClient({
    socket: { host: '127.0.0.1', port, connectTimeout: 1000, reconnectStrategy: false },
  });
  client.on('error', () => {});
  await client.connect();
  try {
    return await client.info(section);
  } finally {
    client.destroy();
  }
}

/** WAIT on the primary: the writes so far have reached the replica. */
async function replicated(): Promise<number> {
  const client = createClient({
    socket: { host: '127.0.0.1', port: ports.primary, connectTimeout: 1000, reconnectStrategy: false },
  });
  client.on('error', () => {});
  await client.connect();
  try {
    return Number(await client.sendCommand(['WAIT', '1', '2000']));
  } finally {
    client.destroy();
  }
}

describe('a Redis primary killed under load, behind Sentinel', () => {
  const PHONE = '13800001111';

  it('counts through the primary the sentinels name, as the ACL user', async () => {
    // Admitted by the BFF (the local UAA sends the code): one of the phone's two.
    const first = await sendCode(PHONE);
    expect(first.status, first.text).toBe(200);
    // The count sits on the primary and has reached the replica.
    expect(await replicated()).toBe(1);
    for (const name of ['a', 'b'] as const) {
      const found = logLines(name, 'rate-limit store: Redis connected');
      expect(found.at(-1), tail(procs[name]!)).toMatchObject({
        via: 'sentinel',
        primary: `127.0.0.1:${ports.primary}`,
      });
    }
  });

  it('keeps every rule to its failMode in the gap, fails nothing else, and counts on the new primary', async () => {
    const traffic = load();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const killedAt = Date.now();
    procs.primary!.child.kill('SIGKILL');
    await procs.primary!.exited;

    // The gap: both replicas notice at once (the primary's connection closes).
    const noticed = await until(
      'both replicas to report the store down',
      async () => {
        return (await storeUp('a')) === 0 && (await storeUp('b')) === 0;
      },
      5000,
    );
    // Code sends are refused (closed), on either replica (nginx takes turns); ordinary calls keep
    // going through (open): the load's, and these.
    for (const phone of ['13800002222', '13800003333']) {
      const refused = await sendCode(phone);
      expect(refused.status, refused.text).toBe(503);
      expect(refused.json()).toEqual({ msgCode: 'B0300', msg: 'Service temporarily unavailable' });
      const call = await viaNginx(`${GW}/login/getLocationInfo`, { headers: { 'X-CSRF': '1' } });
      expect(call.status).toBe(200);
    }

    // The sentinels promote the replica; each BFF finds it.
    const failover = await until(
      'both replicas to count on the new primary',
      async () => {
        return (await storeUp('a')) === 1 && (await storeUp('b')) === 1;
      },
      30_000,
    );
    const { total, failures } = await traffic.stop();
    console.log(
      `failover: store down on both replicas ${noticed} ms after the kill, up again ${Date.now() - killedAt} ms after it; ` +
        `${total} requests through nginx, ${failures.length} failed`,
    );
    expect(failures, `${failures.length} of ${total} failed`).toEqual([]);
    expect(total).toBeGreaterThan(20);
    expect(failover).toBeGreaterThan(0);

    // The count from before the kill is on the new primary: one more code is admitted (the local
    // UAA answers it with its own 60 s throttle, HTTP 200), the next is the BFF's 429.
    const admitted = await sendCode(PHONE);
    expect(admitted.status, admitted.text).toBe(200);
    const beyond = await sendCode(PHONE);
    expect(beyond.status, beyond.text).toBe(429);
    expect(beyond.json().msgCode).toBe('A0301');
    expect(Number(beyond.headers['retry-after'])).toBeGreaterThan(0);

    // The log shows the gap: the outage once, then the new primary.
    for (const name of ['a', 'b'] as const) {
      const down = logLines(name, 'rate-limit store: Redis unreachable');
      expect(down, tail(procs[name]!)).toHaveLength(1);
      // Written when the state was read (the metric above), flushed to the file a moment later.
      await until(
        `replica ${name} to log the new primary`,
        async () =>
          logLines(name, 'rate-limit store: Redis connected').at(-1)?.primary ===
          `127.0.0.1:${ports.replica}`,
        2000,
      );
      const up = logLines(name, 'rate-limit store: Redis connected').at(-1)!;
      expect(up.via).toBe('sentinel');
      expect(Number(up.time)).toBeGreaterThan(Number(down[0]!.time));
      // The general rule never refused for the outage.
      const metrics = (await send(`http://127.0.0.1:${ports[name]}/metrics`)).text;
      expect(metrics).not.toMatch(/rule="general",reason="store-down"/);
      const log = readFileSync(procs[name]!.log, 'utf8');
      expect(log, 'no password in the log').not.toContain(ACL_PASSWORD);
    }
  }, 60_000);
});
