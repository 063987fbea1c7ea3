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

export interface CounterBackend {
  /** A fresh store for one rule: counters of different rules never mix. */
  storeFor(ruleName: string): Store;
  /** Undefined for in-process counters, which cannot be down. */
  up(): boolean | undefined;
  close(): Promise<void>;
}

export function memoryBackend(): CounterBackend {
  return {
    storeFor: () => new MemoryStore(),
    up: () => undefined,
    close: async () => {},
  };
}

export const REDIS_KEY_PREFIX = 'bff:rl:';
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

  return {
    storeFor: (ruleName) => new ResilientRedisStore(`${REDIS_KEY_PREFIX}${ruleName}:`, send, () => up),
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
