/**
 * Where the counters live: in this process (one replica), or in Redis shared by all replicas.
 * While Redis is unreachable every store call fails at once with StoreUnavailableError (no
 * offline queue, a short command timeout), and each rule's failMode decides what the request
 * gets; the connection keeps retrying in the background.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MemoryStore, type Options, type Store } from 'express-rate-limit';
import type * as RateLimitRedis from 'rate-limit-redis';
import type { RedisStore } from 'rate-limit-redis';
import type * as Redis from 'redis';
import type { Logger } from 'pino';

// The Redis client and its store are loaded only when a Redis is configured: a replica counting in
// its own memory would otherwise carry them (about 18 MB resident) for nothing.
const load = createRequire(import.meta.url);

export class StoreUnavailableError extends Error {
  constructor(message = 'rate-limit store unavailable', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/** The verdict on one more target for a key: admitted (already known, or room left) or not. */
export interface DistinctVerdict {
  admitted: boolean;
  /** Whether the target was added now (a refund takes it out again). */
  added: boolean;
  /** When the key's window ends. */
  resetAt: number;
}

/** Counts distinct targets per key in fixed windows ("at most N phones a day from one address"). */
export interface DistinctStore {
  admit(key: string, member: string, limit: number, windowMs: number): Promise<DistinctVerdict>;
  remove(key: string, member: string): Promise<void>;
}

/** A distinct-target store of this process, which can say how much it holds. */
interface MemoryDistinctStore extends DistinctStore {
  held(): number;
}

export interface CounterBackend {
  /** A fresh store for one rule: counters of different rules never mix. */
  storeFor(ruleName: string): Store;
  /** A fresh distinct-target store for one rule. */
  distinctFor(ruleName: string): DistinctStore;
  /** Undefined for in-process counters, which cannot be down. */
  up(): boolean | undefined;
  /** The counters held in this process (keys and distinct targets); undefined with Redis. */
  held(): number | undefined;
  close(): Promise<void>;
}

/** Distinct targets in this process; expired windows are swept as the map grows. */
function memoryDistinct(): MemoryDistinctStore {
  const sets = new Map<string, { members: Set<string>; resetAt: number }>();
  let sweepAt = 1024;
  return {
    admit: async (key, member, limit, windowMs) => {
      const now = Date.now();
      if (sets.size >= sweepAt) {
        for (const [k, entry] of sets) if (entry.resetAt <= now) sets.delete(k);
        sweepAt = Math.max(1024, sets.size * 2);
      }
      let entry = sets.get(key);
      if (!entry || entry.resetAt <= now) {
        entry = { members: new Set(), resetAt: now + windowMs };
        sets.set(key, entry);
      }
      if (entry.members.has(member)) return { admitted: true, added: false, resetAt: entry.resetAt };
      if (entry.members.size >= limit) return { admitted: false, added: false, resetAt: entry.resetAt };
      entry.members.add(member);
      return { admitted: true, added: true, resetAt: entry.resetAt };
    },
    remove: async (key, member) => {
      const entry = sets.get(key);
      entry?.members.delete(member);
      // A key whose last target was given back is gone, not an empty set kept for the window.
      if (entry?.members.size === 0) sets.delete(key);
    },
    held: () => {
      let held = 0;
      for (const entry of sets.values()) held += 1 + entry.members.size;
      return held;
    },
  };
}

/**
 * express-rate-limit's MemoryStore, whose counts given back (a request a later rule refused, a
 * code the upstream did not send, a login that succeeded) take the key away once nothing is left
 * in it: its own decrement keeps a zero for the rest of the window (a day for the code rules), so
 * a flood of refused sends to new targets held a key per target (issue 41).
 */
class ForgettingMemoryStore extends MemoryStore {
  override async decrement(key: string): Promise<void> {
    await super.decrement(key);
    if (((await this.get(key))?.totalHits ?? 0) <= 0) await this.resetKey(key);
  }
  held(): number {
    return this.current.size + this.previous.size;
  }
}

export function memoryBackend(): CounterBackend {
  // Stores of rules a reload retired are emptied by their shutdown and count nothing.
  const stores: { held(): number }[] = [];
  const kept = <S extends { held(): number }>(store: S): S => (stores.push(store), store);
  return {
    storeFor: () => kept(new ForgettingMemoryStore()),
    distinctFor: () => kept(memoryDistinct()),
    up: () => undefined,
    held: () => stores.reduce((sum, store) => sum + store.held(), 0),
    close: async () => {},
  };
}

export const REDIS_KEY_PREFIX = 'bff:rl:';

// One round trip, atomic across replicas: a known target passes, a new one is added while there
// is room; the set lives for one window from its first member. Returns {admitted, added, ttl ms}.
const ADMIT_DISTINCT = `
local key = KEYS[1]
if redis.call('SISMEMBER', key, ARGV[1]) == 1 then return {1, 0, redis.call('PTTL', key)} end
if redis.call('SCARD', key) >= tonumber(ARGV[2]) then return {0, 0, redis.call('PTTL', key)} end
redis.call('SADD', key, ARGV[1])
if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[3]) end
return {1, 1, redis.call('PTTL', key)}
`;
// A count given back: the key goes once it is zero, never lives on at zero (or below, without an
// expiry, as a DECR of a key already gone would leave it).
const GIVE_BACK = `
local left = redis.call('DECR', KEYS[1])
if left <= 0 then redis.call('DEL', KEYS[1]) end
return left
`;
/** A Lua script and its SHA1, by which EVALSHA runs it without sending its text each time. */
interface Script {
  source: string;
  sha: string;
}
const script = (source: string): Script => ({ source, sha: createHash('sha1').update(source).digest('hex') });
const ADMIT_DISTINCT_SCRIPT = script(ADMIT_DISTINCT);
const GIVE_BACK_SCRIPT = script(GIVE_BACK);

/**
 * Runs `s` on `key` by its SHA1 (EVALSHA), and by its text (EVAL, which loads it) only when Redis
 * answers NOSCRIPT: its first use, after a restart, a failover or SCRIPT FLUSH. The pattern Redis
 * documents for scripts, as rate-limit-redis does for its own.
 */
async function runScript(
  call: (key: string, ...args: string[]) => Promise<Reply>,
  s: Script,
  key: string,
  ...args: string[]
): Promise<Reply> {
  try {
    return await call(key, 'EVALSHA', s.sha, '1', key, ...args);
  } catch (err) {
    if (!String((err as Error).message).includes('NOSCRIPT')) throw err;
    return call(key, 'EVAL', s.source, '1', key, ...args);
  }
}

export const COMMAND_TIMEOUT_MS = 500;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailableError(`Redis did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A Redis node as host and port (a sentinel, or a cluster node the client starts from). */
export interface RedisNode {
  host: string;
  port: number;
}

/** An ACL user (username and password), or a password alone (requirepass, the `default` user). */
export interface RedisAuth {
  username?: string;
  password: string;
}

/**
 * Where the shared counters live (bff/config.ts reads it from the environment): one Redis named by
 * a URL (credentials and rediss:// in it), the primary a set of sentinels names, or a cluster.
 */
export type RedisTarget = (
  | { mode: 'single'; url: string; tls?: RedisTls }
  | {
      mode: 'sentinel';
      /** The master name the sentinels monitor. */
      name: string;
      sentinels: RedisNode[];
      /** The primary's and replicas' user. */
      auth?: RedisAuth;
      /** The sentinels' own user, when they require one. */
      sentinelAuth?: RedisAuth;
      tls?: RedisTls;
    }
  | { mode: 'cluster'; nodes: RedisNode[]; auth?: RedisAuth; tls?: RedisTls }
) & {
  /** REDIS_COMMAND_TIMEOUT_MS: a command unanswered this long is Redis down, for this request. */
  commandTimeoutMs?: number;
};

/** TLS to every Redis process, with an extra CA bundle (PEM file) on top of the system's. */
export interface RedisTls {
  caFile?: string;
}

type Reply = string | number | (string | number)[];

/** One way of reaching Redis: send a command (routed by its key in a cluster), and whether it answers. */
interface RedisConnection {
  send(key: string | undefined, args: string[]): Promise<Reply>;
  up(): boolean;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 2000;
// How often a Sentinel's or a Cluster's state is read without traffic, for the log.
const WATCH_INTERVAL_MS = 200;
// A Cluster down this long is asked for its slots again (a replica promoted meanwhile is found).
const CLUSTER_REMAKE_AFTER_MS = 2000;
const reconnectStrategy = (retries: number) => Math.min(50 + retries * 100, 2000);

/** The options every node connection shares: fail fast, no handshake that can strand it, TLS, user. */
function nodeOptions(auth: RedisAuth | undefined, tls: RedisTls | undefined) {
  return {
    ...(auth && { username: auth.username, password: auth.password }),
    // Fail fast instead of queueing commands while disconnected: the request must not wait.
    disableOfflineQueue: true,
    // No CLIENT SETINFO handshake. node-redis 5 ignores that handshake's failures, so a connection
    // cut during it (Redis dying as a replica reconnects) left the client "ready" on a dead socket
    // for good: no reconnect, every command hanging. store.test.ts holds the scenario.
    disableClientInfo: true,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy,
      ...(tls && { tls: true as const, ...(tls.caFile && { ca: readFileSync(tls.caFile, 'utf8') }) }),
    },
  };
}

/** One Redis: up from the client's own events, the outage reported once. */
function singleConnection(redis: typeof Redis, url: string, tls: RedisTls | undefined, logger: Logger) {
  const client = redis.createClient({ url, ...nodeOptions(undefined, tls) });
  let up = false;
  let reported = false;
  client.on('ready', () => {
    up = true;
    reported = false;
    logger.info('rate-limit store: Redis connected');
  });
  client.on('error', (err: Error) => {
    up = false;
    // Every reconnect attempt fails with an error: report the outage once, not each attempt.
    if (!reported) logger.error({ err: err.message }, 'rate-limit store: Redis unreachable, retrying');
    reported = true;
  });
  client.connect().catch(() => {
    // Reported through the 'error' event; the client keeps reconnecting.
  });
  return {
    send: (_key, args) => client.sendCommand(args) as Promise<Reply>,
    up: () => up,
    close: async () => {
      if (client.isOpen) await client.close().catch(() => client.destroy());
      else client.destroy();
    },
  } satisfies RedisConnection;
}

interface Watched<C> {
  what: 'sentinel' | 'cluster';
  create: () => C;
  /** Whether the client has a primary (every master) ready now, and which. */
  state: (client: C) => { up: boolean; primary?: string };
  send: (client: C, key: string | undefined, args: string[]) => Promise<Reply>;
  /** Closes every connection of a client given up, whatever state they are in; never throws. */
  discard: (client: C) => void;
  /** Down this long after a good start: the client is made anew (it may be stuck on a dead node). */
  remakeAfterMs?: number;
}

/**
 * A client whose state (up or not) node-redis keeps itself (Sentinel, Cluster): read by every
 * request and a few times a second besides, so that a change is logged once, with what the client
 * says of its primary; and made anew while its first connection fails (node-redis cannot retry
 * `connect`), or when it has been down for `remakeAfterMs`.
 */
function watchedConnection<
  C extends { connect(): Promise<unknown>; on(event: 'error', listener: (err: unknown) => void): unknown },
>({ what, create, state, send, discard, remakeAfterMs }: Watched<C>, logger: Logger): RedisConnection {
  let client = create();
  let closed = false;
  let connecting = false;
  let up = false;
  let downSince = Date.now();
  let reported = false;
  const onError = (err: unknown) => {
    if (closed) return;
    const message = err instanceof Error ? err.message : String(err);
    // A connection the client replaces while its primary answers (a sentinel gone): worth a line.
    if (state(client).up)
      return logger.warn({ err: message, via: what }, 'rate-limit store: a Redis connection failed');
    // Every reconnect attempt fails with an error: report the outage once, not each attempt.
    if (!reported) logger.error({ err: message, via: what }, 'rate-limit store: Redis unreachable, retrying');
    reported = true;
  };
  const open = (): void => {
    connecting = true;
    client.on('error', onError);
    client.connect().then(
      () => (connecting = false),
      (err: unknown) => {
        onError(err);
        const retry = setTimeout(() => !closed && remake(), 1000);
        retry.unref();
      },
    );
  };
  const remake = (): void => {
    discard(client);
    client = create();
    open();
  };
  open();
  /** The state now, its change logged by whichever reads it first: a request, the metric, the tick. */
  const observe = (): boolean => {
    // Not before its connect has settled: a Cluster's connect tries one root node after another,
    // and its masters can all be ready midway through a discovery that then fails (seen after a
    // failover: a node still naming the dead master, node-redis 5 throwing as it drops that
    // node's closed client), leaving the client with no slots a moment after it looked up.
    const now = connecting ? { up: false } : state(client);
    if (now.up === up) return up;
    up = now.up;
    if (up) {
      reported = false;
      logger.info({ via: what, primary: now.primary }, 'rate-limit store: Redis connected');
    } else {
      downSince = Date.now();
      onError(new Error('no primary answers'));
    }
    return up;
  };
  const watch = setInterval(() => {
    if (observe() || connecting || remakeAfterMs === undefined) return;
    if (Date.now() - downSince < remakeAfterMs) return;
    downSince = Date.now();
    remake();
  }, WATCH_INTERVAL_MS);
  watch.unref();
  return {
    send: (key, args) => send(client, key, args),
    // Read now, not at the last tick: a command never goes to a primary known to be gone.
    up: observe,
    close: async () => {
      closed = true;
      clearInterval(watch);
      discard(client);
    },
  };
}

/** The node-redis client the target asks for: one Redis, Sentinel's primary, or a Cluster. */
export function redisConnection(target: RedisTarget, logger: Logger, redis: typeof Redis): RedisConnection {
  switch (target.mode) {
    case 'single':
      return singleConnection(redis, target.url, target.tls, logger);
    case 'sentinel': {
      // Made once (the CA file read once), not each time the client is made anew.
      const nodeClientOptions = nodeOptions(target.auth, target.tls);
      const sentinelClientOptions = nodeOptions(target.sentinelAuth, target.tls);
      return watchedConnection(
        {
          what: 'sentinel',
          create: () =>
            redis.createSentinel({
              name: target.name,
              sentinelRootNodes: target.sentinels,
              nodeClientOptions,
              // node-redis does not reconnect to a sentinel: it asks the next one.
              sentinelClientOptions,
              // Errors of the primary's connection reach the 'error' listener (the log).
              passthroughClientErrorEvents: true,
              // No retries inside node-redis: a first connection that fails is made anew here (its
              // own retries print each failure to stdout), and a command cut by the primary's death
              // fails now, under its rule's failMode, instead of landing on the next primary later.
              maxCommandRediscovers: 0,
            }),
          state: (sentinel) => {
            const primary = sentinel.getMasterNode();
            return { up: primary !== undefined, primary: primary && `${primary.host}:${primary.port}` };
          },
          send: (sentinel, _key, args) => sentinel.sendCommand(false, args) as Promise<Reply>,
          discard: (sentinel) => void sentinel.destroy().catch(() => {}),
        },
        logger,
      );
    }
    case 'cluster': {
      const { socket, ...options } = nodeOptions(target.auth, target.tls);
      return watchedConnection(
        {
          what: 'cluster',
          create: () =>
            redis.createCluster({
              rootNodes: target.nodes.map((node) => ({ socket: node })),
              // Every node's connection: the user, TLS, fail fast, and no reconnecting: a node
              // gone leaves the store down until the client is made anew (a connection to a dead
              // master would wait for it for ever, and the slots' new owner never be asked for).
              defaults: { ...options, socket: { ...socket, reconnectStrategy: false } },
            }),
          state: (cluster) => ({
            up:
              cluster.isOpen &&
              cluster.masters.length > 0 &&
              cluster.masters.every((node) => node.client?.isReady === true),
          }),
          send: (cluster, key, args) => cluster.sendCommand(key, false, args) as Promise<Reply>,
          // The cluster's own destroy throws at the first connection already closed (a dead
          // node's), leaving the others open: each open one is closed here.
          discard: (cluster) => {
            for (const node of [...cluster.masters, ...cluster.replicas])
              if (node.client?.isOpen) node.client.destroy();
          },
          // node-redis reads the slots again only on a MOVED reply, which a dead master never
          // sends: made anew, the client asks the root nodes who owns its slots now.
          remakeAfterMs: CLUSTER_REMAKE_AFTER_MS,
        },
        logger,
      );
    }
  }
}

export function redisBackend(
  target: RedisTarget,
  logger: Logger,
  redis = load('redis') as typeof Redis,
): CounterBackend {
  const connection = redisConnection(target, logger, redis);
  const send = (key: string | undefined, args: string[]) =>
    withTimeout(connection.send(key, args), target.commandTimeoutMs ?? COMMAND_TIMEOUT_MS);
  const up = () => connection.up();

  const call = async (key: string, ...args: string[]) => {
    if (!up()) throw new StoreUnavailableError('Redis is unreachable');
    try {
      return await send(key, args);
    } catch (err) {
      throw err instanceof StoreUnavailableError
        ? err
        : new StoreUnavailableError(`Redis command failed: ${(err as Error).message}`, { cause: err });
    }
  };
  return {
    storeFor: (ruleName) => new ResilientRedisStore(`${REDIS_KEY_PREFIX}${ruleName}:`, send, up, call),
    distinctFor: (ruleName) => {
      const prefix = `${REDIS_KEY_PREFIX}${ruleName}:`;
      return {
        admit: async (key, member, limit, windowMs) => {
          const reply = (await runScript(
            call,
            ADMIT_DISTINCT_SCRIPT,
            `${prefix}${key}`,
            member,
            String(limit),
            String(windowMs),
          )) as number[];
          const [admitted = 0, added = 0, ttl = windowMs] = reply.map(Number);
          return { admitted: admitted === 1, added: added === 1, resetAt: Date.now() + Math.max(0, ttl) };
        },
        remove: async (key, member) => {
          await call(`${prefix}${key}`, 'SREM', `${prefix}${key}`, member);
        },
      };
    },
    up,
    held: () => undefined,
    close: () => connection.close(),
  };
}

/**
 * rate-limit-redis, plus three things it lacks: fail at once while Redis is down, load its
 * scripts again when Redis was down when the limiter started (its init promise stays rejected),
 * and a count given back that takes the key away once it is zero (its DECR keeps it).
 * Its commands carry their key, which a cluster routes them by (one key each: no hash tags needed).
 */
class ResilientRedisStore implements Store {
  readonly localKeys = false;
  readonly #inner: RedisStore;
  #options: Options | undefined;
  #ready: Promise<boolean> = Promise.resolve(false);

  constructor(
    readonly prefix: string,
    send: (key: string | undefined, args: string[]) => Promise<Reply>,
    private readonly isUp: () => boolean,
    private readonly call: (key: string, ...args: string[]) => Promise<Reply>,
  ) {
    const { RedisStore: Inner } = load('rate-limit-redis') as typeof RateLimitRedis;
    this.#inner = new Inner({ prefix, sendCommandCluster: ({ key, command }) => send(key, command) });
  }

  init(options: Options): void {
    this.#options = options;
    this.#ready = this.#load();
  }

  #load(): Promise<boolean> {
    const options = this.#options;
    if (!options) return Promise.resolve(false);
    return this.#inner.init(options).then(
      () => true,
      () => false,
    );
  }

  async #call<T>(fn: () => Promise<T>): Promise<T> {
    if (!this.isUp()) throw new StoreUnavailableError('Redis is unreachable');
    if (!(await this.#ready)) {
      this.#ready = this.#load();
      if (!(await this.#ready)) throw new StoreUnavailableError('Redis scripts could not be loaded');
    }
    try {
      return await fn();
    } catch (err) {
      throw err instanceof StoreUnavailableError
        ? err
        : new StoreUnavailableError(`Redis command failed: ${(err as Error).message}`, { cause: err });
    }
  }

  increment(key: string) {
    return this.#call(() => this.#inner.increment(key));
  }
  async decrement(key: string) {
    const full = `${this.prefix}${key}`;
    await runScript(this.call, GIVE_BACK_SCRIPT, full);
  }
  resetKey(key: string) {
    return this.#call(() => this.#inner.resetKey(key));
  }
  get(key: string) {
    return this.#call(() => this.#inner.get(key));
  }
}
