/**
 * Where the counters live: in this process (one replica), or in Redis shared by all replicas.
 * While Redis is unreachable every store call fails at once with StoreUnavailableError (no
 * offline queue, a short command timeout), and each rule's failMode decides what the request
 * gets; the connection keeps retrying in the background.
 */
import { createRequire } from 'node:module';
import { MemoryStore, type Options, type Store } from 'express-rate-limit';
import type * as RateLimitRedis from 'rate-limit-redis';
import type { RedisStore } from 'rate-limit-redis';
import type * as Redis from 'redis';
import type { Logger } from 'pino';

// The Redis client and its store are loaded only when REDIS_URL is set: a replica counting in
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

export interface CounterBackend {
  /** A fresh store for one rule: counters of different rules never mix. */
  storeFor(ruleName: string): Store;
  /** A fresh distinct-target store for one rule. */
  distinctFor(ruleName: string): DistinctStore;
  /** Undefined for in-process counters, which cannot be down. */
  up(): boolean | undefined;
  close(): Promise<void>;
}

/** Distinct targets in this process; expired windows are swept as the map grows. */
function memoryDistinct(): DistinctStore {
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
      sets.get(key)?.members.delete(member);
    },
  };
}

export function memoryBackend(): CounterBackend {
  return {
    storeFor: () => new MemoryStore(),
    distinctFor: () => memoryDistinct(),
    up: () => undefined,
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
const COMMAND_TIMEOUT_MS = 500;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new StoreUnavailableError(`Redis did not answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function redisBackend(url: string, logger: Logger): CounterBackend {
  const { createClient } = load('redis') as typeof Redis;
  const client = createClient({
    url,
    // Fail fast instead of queueing commands while disconnected: the request must not wait.
    disableOfflineQueue: true,
    // No CLIENT SETINFO handshake. node-redis 5 ignores that handshake's failures, so a connection
    // cut during it (Redis dying as a replica reconnects) left the client "ready" on a dead socket
    // for good: no reconnect, every command hanging. store.test.ts holds the scenario.
    disableClientInfo: true,
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries) => Math.min(50 + retries * 100, 2000),
    },
  });
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

  const send = (...args: string[]) =>
    withTimeout(
      client.sendCommand(args) as Promise<string | number | (string | number)[]>,
      COMMAND_TIMEOUT_MS,
    );

  const call = async (...args: string[]) => {
    if (!up) throw new StoreUnavailableError('Redis is unreachable');
    try {
      return await send(...args);
    } catch (err) {
      throw err instanceof StoreUnavailableError
        ? err
        : new StoreUnavailableError(`Redis command failed: ${(err as Error).message}`, { cause: err });
    }
  };
  return {
    storeFor: (ruleName) => new ResilientRedisStore(`${REDIS_KEY_PREFIX}${ruleName}:`, send, () => up),
    distinctFor: (ruleName) => {
      const prefix = `${REDIS_KEY_PREFIX}${ruleName}:`;
      return {
        admit: async (key, member, limit, windowMs) => {
          const reply = (await call(
            'EVAL',
            ADMIT_DISTINCT,
            '1',
            `${prefix}${key}`,
            member,
            String(limit),
            String(windowMs),
          )) as number[];
          const [admitted = 0, added = 0, ttl = windowMs] = reply.map(Number);
          return { admitted: admitted === 1, added: added === 1, resetAt: Date.now() + Math.max(0, ttl) };
        },
        remove: async (key, member) => {
          await call('SREM', `${prefix}${key}`, member);
        },
      };
    },
    up: () => up,
    close: async () => {
      if (client.isOpen) await client.close().catch(() => client.destroy());
      else client.destroy();
    },
  };
}

/**
 * rate-limit-redis, plus two things it lacks: fail at once while Redis is down, and load its
 * scripts again when Redis was down when the limiter started (its init promise stays rejected).
 */
class ResilientRedisStore implements Store {
  readonly localKeys = false;
  readonly #inner: RedisStore;
  #options: Options | undefined;
  #ready: Promise<boolean> = Promise.resolve(false);

  constructor(
    readonly prefix: string,
    send: (...args: string[]) => Promise<string | number | (string | number)[]>,
    private readonly isUp: () => boolean,
  ) {
    const { RedisStore: Inner } = load('rate-limit-redis') as typeof RateLimitRedis;
    this.#inner = new Inner({ prefix, sendCommand: send });
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
  decrement(key: string) {
    return this.#call(() => this.#inner.decrement(key));
  }
  resetKey(key: string) {
    return this.#call(() => this.#inner.resetKey(key));
  }
  get(key: string) {
    return this.#call(() => this.#inner.get(key));
  }
}
