/**
 * The Redis backend's connection against a peer that cuts every connection on its first bytes,
 * as a dying Redis does to a replica reconnecting at that moment: the replica must go on
 * reconnecting, never settle on the dead socket. And the client each way of reaching Redis gets
 * (one Redis, Sentinel, Cluster), with its user and TLS (tests/deploy/redis-failover.test.ts runs
 * them against real sentinels and a real cluster).
 */
import { createServer, type Server, type Socket } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as Redis from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log';
import { redisBackend, redisConnection, StoreUnavailableError, type CounterBackend } from './store';

let server: Server;
let port: number;
let connections = 0;
const sockets = new Set<Socket>();
let backend: CounterBackend | undefined;

beforeAll(async () => {
  server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.once('data', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await backend?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

it('keeps reconnecting when connections die as they open, and refuses meanwhile', async () => {
  backend = redisBackend({ mode: 'single', url: `redis://127.0.0.1:${port}` }, createLogger('silent'));
  const distinct = backend.distinctFor('cut');
  const deadline = Date.now() + 5000;
  // Each attempt either finds the store down or has its connection cut under it: never a verdict.
  while (connections < 3) {
    if (Date.now() > deadline) throw new Error(`stuck after ${connections} connection(s)`);
    await expect(distinct.admit('k', 'm', 1, 1000)).rejects.toBeInstanceOf(StoreUnavailableError);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(connections).toBeGreaterThanOrEqual(3);
});

describe('the client for each way of reaching Redis', () => {
  const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
  const caFile = path.join(mkdtempSync(path.join(tmpdir(), 'redis-ca-')), 'ca.pem');
  writeFileSync(caFile, CA);

  /** node-redis's three factories, recording what they are asked for; no connection is made. */
  function fakeRedis() {
    const made: Array<{ factory: string; options: Record<string, unknown> }> = [];
    const client = (factory: string) => (options: Record<string, unknown>) => {
      made.push({ factory, options });
      return {
        on() {
          return this;
        },
        connect: () => new Promise(() => {}),
        destroy: async () => {},
        isOpen: false,
        getMasterNode: () => undefined,
        masters: [],
        replicas: [],
      };
    };
    const redis = {
      createClient: client('createClient'),
      createSentinel: client('createSentinel'),
      createCluster: client('createCluster'),
    } as unknown as typeof Redis;
    return { made, redis };
  }
  const failFast = {
    disableOfflineQueue: true,
    disableClientInfo: true,
    socket: expect.objectContaining({ connectTimeout: 2000, reconnectStrategy: expect.any(Function) }),
  };

  it('gives REDIS_URL one client, as before, with only the CAs added', async () => {
    const { made, redis } = fakeRedis();
    const connection = redisConnection(
      { mode: 'single', url: 'redis://r:6379' },
      createLogger('silent'),
      redis,
    );
    redisConnection(
      { mode: 'single', url: 'rediss://r:6380', tls: { caFile } },
      createLogger('silent'),
      redis,
    );
    expect(made.map((m) => m.factory)).toEqual(['createClient', 'createClient']);
    expect(made[0]!.options).toEqual({ url: 'redis://r:6379', ...failFast });
    expect(made[0]!.options.socket).not.toHaveProperty('tls');
    expect(made[1]!.options.socket).toMatchObject({ tls: true, ca: CA });
    expect(connection.up()).toBe(false);
    await connection.close();
  });

  it('gives Sentinel a sentinel client: the master name, the sentinels, each side its user, TLS', async () => {
    const { made, redis } = fakeRedis();
    const connection = redisConnection(
      {
        mode: 'sentinel',
        name: 'uaa-sso',
        sentinels: [{ host: 's0', port: 26379 }],
        auth: { username: 'bff', password: 'node-pw' },
        sentinelAuth: { password: 'sentinel-pw' },
        tls: { caFile },
      },
      createLogger('silent'),
      redis,
    );
    expect(made).toHaveLength(1);
    expect(made[0]!.factory).toBe('createSentinel');
    expect(made[0]!.options).toMatchObject({
      name: 'uaa-sso',
      sentinelRootNodes: [{ host: 's0', port: 26379 }],
      // Fail fast: no retries inside node-redis.
      maxCommandRediscovers: 0,
      nodeClientOptions: { ...failFast, username: 'bff', password: 'node-pw' },
      sentinelClientOptions: { password: 'sentinel-pw' },
    });
    const options = made[0]!.options as {
      nodeClientOptions: { socket: object };
      sentinelClientOptions: { socket: object };
    };
    expect(options.nodeClientOptions.socket).toMatchObject({ tls: true, ca: CA });
    expect(options.sentinelClientOptions.socket).toMatchObject({ tls: true, ca: CA });
    expect(options.sentinelClientOptions).toMatchObject({ username: undefined });
    // No primary known yet: down, so that no command waits for one.
    expect(connection.up()).toBe(false);
    await connection.close();
  });

  it("gives Cluster a cluster client: its root nodes, and the user and TLS as every node's default", async () => {
    const { made, redis } = fakeRedis();
    const connection = redisConnection(
      {
        mode: 'cluster',
        nodes: [
          { host: 'c0', port: 7000 },
          { host: 'c1', port: 7001 },
        ],
        auth: { username: 'bff', password: 'pw' },
      },
      createLogger('silent'),
      redis,
    );
    expect(made.map((m) => m.factory)).toEqual(['createCluster']);
    expect(made[0]!.options).toEqual({
      rootNodes: [{ socket: { host: 'c0', port: 7000 } }, { socket: { host: 'c1', port: 7001 } }],
      // No reconnecting to a node: the store makes the client anew, which asks for the slots again.
      defaults: {
        ...failFast,
        username: 'bff',
        password: 'pw',
        socket: expect.objectContaining({ connectTimeout: 2000, reconnectStrategy: false }),
      },
    });
    expect(connection.up()).toBe(false);
    await connection.close();
  });
});

it("is not up while a Cluster's connect is still discovering, though every master it names is ready", async () => {
  // What node-redis 5 does after a failover: one root node's slots reach ready masters, the
  // discovery still fails (a closed client of the dead master throws as it is dropped), and the
  // connect goes on to the next root node, which may name the dead master again.
  let settle = (_: unknown) => {};
  const cluster = {
    on() {
      return this;
    },
    connect: () => new Promise((resolve) => (settle = resolve)),
    isOpen: true,
    masters: [{ client: { isReady: true, isOpen: true, destroy() {} } }],
    replicas: [],
  };
  const redis = { createCluster: () => cluster } as unknown as typeof Redis;
  const connection = redisConnection(
    { mode: 'cluster', nodes: [{ host: 'c0', port: 7000 }] },
    createLogger('silent'),
    redis,
  );
  expect(connection.up()).toBe(false);
  settle(cluster);
  await new Promise((resolve) => setImmediate(resolve));
  expect(connection.up()).toBe(true);
  await connection.close();
});

it("is node-redis 5, whose failures ADR 0012's bends answer: a new major re-checks them", () => {
  const { version } = createRequire(import.meta.url)('@redis/client/package.json') as { version: string };
  expect(version.split('.')[0], 're-check docs/adr/0012-node-redis-as-the-store-uses-it.md').toBe('5');
});
