/**
 * The shared store against a real Redis Cluster (Debian's redis-server, three masters with a
 * replica each made one cluster by `redis-cli --cluster create`) on loopback, reached through its
 * nodes as the BFF's ACL user: two replicas count together, a rule's keys spread over the masters,
 * the distinct-target script works on whichever node holds its key; and when a master dies, the
 * closed rule refuses until the cluster has promoted its replica, then counting goes on.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { createClient } from 'redis';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBff, writeRulesFile, type TestBff } from '@tests/support/bff-harness';
import { startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';
import { forgetsAcrossReplicas, TARGETS_PER_IP } from '@tests/support/replica-targets';
import { REDIS_KEY_PREFIX } from './store';

const REDIS_SERVER = '/usr/bin/redis-server';
const REDIS_CLI = '/usr/bin/redis-cli';
const GW = '/gw/uaa-be/api/v1';
const LOGIN_SMS = `${GW}/login/getSmsCode`;
const USER = 'uaa-sso-bff';
const PASSWORD = 'cluster-test-acl-password-0123';
// The user docs/operations.md ("Redis Sentinel and Cluster") tells operators to create, on every
// node, with a Cluster's two more commands (the client reads the slots; a moving slot answers ASK).
const ACL = [
  ...[USER, 'on', `>${PASSWORD}`, 'resetkeys', `~${REDIS_KEY_PREFIX}*`, 'resetchannels', '-@all'],
  ...['+eval', '+evalsha', '+script|load', '+get', '+set', '+incr', '+decr', '+del', '+pttl'],
  ...['+pexpire', '+sadd', '+srem', '+sismember', '+scard', '+cluster|slots', '+asking'],
];

const RULES = [
  {
    name: 'code-per-phone',
    match: [LOGIN_SMS],
    key: 'identifier',
    identifierField: 'phone',
    limit: 2,
    windowS: 60,
    failMode: 'closed',
  },
  TARGETS_PER_IP,
];

let ports: number[] = [];
let dir: string;
const nodes: ChildProcess[] = [];
let upstream: UpstreamDouble;
let a: TestBff;
let b: TestBff;

/** Free ports below the ephemeral range whose cluster bus ports (+10000) are free too. */
async function freeNodePorts(count: number): Promise<number[]> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 9_000);
    const candidates = Array.from({ length: count }, (_, i) => base + i);
    const all = await Promise.all(candidates.flatMap((p) => [free(p), free(p + 10_000)]));
    if (all.every(Boolean)) return candidates;
  }
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One command to one node as the default user. */
async function onNode(port: number, args: string[]): Promise<string> {
  const client = createClient({ socket: { host: '127.0.0.1', port, reconnectStrategy: false } });
  client.on('error', () => {});
  await client.connect();
  try {
    return String(await client.sendCommand(args));
  } finally {
    client.destroy();
  }
}

/** The ports of the nodes that are masters now. */
async function masters(): Promise<number[]> {
  const live = ports.filter((_, i) => nodes[i]?.exitCode === null && nodes[i]?.signalCode === null);
  const roles = await Promise.all(live.map((port) => onNode(port, ['ROLE'])));
  return live.filter((_, i) => roles[i]!.startsWith('master'));
}

async function replica(): Promise<TestBff> {
  return startBff({
    upstream: upstream.url,
    env: {
      RATE_LIMITS_FILE: writeRulesFile(RULES),
      // Some nodes: the client learns the others from the first that answers.
      REDIS_CLUSTER_NODES: ports.map((port) => `127.0.0.1:${port}`).join(','),
      REDIS_USERNAME: USER,
      REDIS_PASSWORD: PASSWORD,
      RATE_LIMIT_HASH_KEY: 'test-hash-key-shared-by-replicas',
    },
  });
}

const sms = (bff: TestBff, phone: string) =>
  request(bff.url).post(LOGIN_SMS).set('X-CSRF', '1').set('lang', 'en-US').send({ phone });

beforeAll(async () => {
  for (const binary of [REDIS_SERVER, REDIS_CLI])
    if (!existsSync(binary)) throw new Error(`${binary} is missing: apt-get install redis-server`);
  ports = await freeNodePorts(6);
  // The nodes' cluster files (nodes-<port>.conf).
  dir = mkdtempSync(path.join(tmpdir(), 'redis-cluster-'));
  for (const port of ports) {
    const node = spawn(
      REDIS_SERVER,
      [
        ...['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        ...['--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--dir', dir],
        // A master is failed over after 1 s without an answer.
        ...['--cluster-node-timeout', '1000', '--repl-diskless-sync-delay', '0'],
        ...['--user', ...ACL],
      ],
      { stdio: 'ignore' },
    );
    nodes.push(node);
  }
  await until('the nodes to listen', async () => {
    await Promise.all(ports.map((port) => onNode(port, ['PING'])));
    return true;
  });
  await promisify(execFile)(REDIS_CLI, [
    '--cluster',
    'create',
    ...ports.map((port) => `127.0.0.1:${port}`),
    ...['--cluster-replicas', '1', '--cluster-yes'],
  ]);
  await until('the cluster to be ok on every node, each replica in sync', async () => {
    const infos = await Promise.all(ports.map((port) => onNode(port, ['INFO'])));
    return (
      infos.every(
        (info) =>
          info.includes('cluster_enabled:1') &&
          (info.includes('role:master') || info.includes('master_link_status:up')),
      ) &&
      (await Promise.all(ports.map((port) => onNode(port, ['CLUSTER', 'INFO'])))).every((info) =>
        info.includes('cluster_state:ok'),
      )
    );
  });
  upstream = await startUpstream();
  [a, b] = await Promise.all([replica(), replica()]);
  await until(
    'both replicas to reach every master',
    async () => a.rateLimits.storeUp() === true && b.rateLimits.storeUp() === true,
  );
}, 30_000);

afterAll(async () => {
  // The nodes first: nothing this file started outlives it, even when a close hangs.
  for (const node of nodes) node.kill('SIGKILL');
  await Promise.all([a?.close(), b?.close()]);
  await upstream?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('counts exactly across two replicas, its keys spread over the masters', async () => {
  const phones = Array.from({ length: 9 }, (_, i) => `1381111000${i}`);
  for (const phone of phones) {
    const replies = [];
    for (const bff of [a, b, a]) replies.push((await sms(bff, phone)).status);
    expect(replies, phone).toEqual([200, 200, 429]);
  }
  // The rule's keys landed on more than one master (nine keys on one of three: 1 in 6561).
  const sizes = await Promise.all(
    (await masters()).map(async (port) => Number(await onNode(port, ['DBSIZE']))),
  );
  expect(sizes.filter((size) => size > 0).length, String(sizes)).toBeGreaterThan(1);
  expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(phones.length);
});

it('counts distinct targets across two replicas (the abuse shield)', async () => {
  expect(await forgetsAcrossReplicas(a, b)).toEqual([200, 200, 429, 200]);
});

it('refuses code sends while a master is gone, and counts again once its replica is promoted', async () => {
  const [victim] = await masters();
  const node = nodes[ports.indexOf(victim!)]!;
  const exited = new Promise((resolve) => node.once('exit', resolve));
  node.kill('SIGKILL');
  await exited;
  await until(
    'the replicas to see a master gone',
    async () => !a.rateLimits.storeUp() && !b.rateLimits.storeUp(),
    5000,
  );
  // Closed: refused on both replicas, whichever master the phone's key is on.
  for (const bff of [a, b]) expect((await sms(bff, '13811112000')).status).toBe(503);

  await until(
    'the cluster to promote the replica and the BFF to find it',
    async () => a.rateLimits.storeUp() === true && b.rateLimits.storeUp() === true,
    20_000,
  );
  expect(await masters()).toHaveLength(3);
  const replies = [];
  for (const bff of [a, b, a]) replies.push((await sms(bff, '13811112001')).status);
  expect(replies).toEqual([200, 200, 429]);
}, 30_000);
