/**
 * The rate limits in front of the gateway (DESIGN.md §6): every rule whose paths match runs in
 * order, each an express-rate-limit instance with its own counters. A refusal is 429 A0301 with
 * Retry-After and the IETF RateLimit headers, and the upstream never sees the request. SIGHUP
 * swaps the rules between requests; rules that did not change keep their counters.
 */
import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, type RateLimitRequestHandler, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import { SUCCESS_CODE } from '@shared/api/envelope';
import { sendError } from '../http-errors';
import { hashKey, identifierOf, ipKey } from './keys';
import { loadRulesFile, type RateLimitRule } from './rules';
import { memoryBackend, redisBackend, StoreUnavailableError, type CounterBackend } from './store';

/** Why a request was refused, left on res.locals for the log and the metrics. */
export interface RateLimitRefusal {
  rule: string;
  reason: 'limit' | 'store-down';
}

export interface RateLimits {
  middleware: RequestHandler;
  /** Swaps the rules; requests already past the limiter are not affected. */
  reload(rules: readonly RateLimitRule[]): void;
  rules(): readonly RateLimitRule[];
  /** Whether the shared store answers; undefined with in-process counters. */
  storeUp(): boolean | undefined;
  close(): Promise<void>;
}

export interface RateLimitOptions {
  rules: readonly RateLimitRule[];
  logger: Logger;
  /** Shared counters for several replicas; unset: counters in this process. */
  redisUrl?: string;
  /** HMAC key for the counter keys; replicas sharing Redis need the same one. */
  hashSecret?: string;
}

interface Limiter {
  signature: string;
  rule: RateLimitRule;
  matches(path: string): boolean;
  handler: RateLimitRequestHandler;
  store: Store;
}

/**
 * The path as the upstream will read it, so no spelling slips past a rule: percent-decoded once,
 * no empty or `.` segment, lower case (`..`, encoded separators and `;` never get this far).
 */
export function rulePath(url: string): string {
  let path = url.split('?')[0] ?? '';
  try {
    path = decodeURIComponent(path);
  } catch {
    // Malformed escapes stay as they are; the upstream will refuse them.
  }
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.');
  return `/${segments.join('/')}`.toLowerCase();
}

function matcher(patterns: readonly string[]): (path: string) => boolean {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const pattern of patterns) {
    const lower = pattern.toLowerCase();
    if (lower.endsWith('*')) prefixes.push(lower.slice(0, -1));
    else exact.add(rulePath(lower));
  }
  return (path) => exact.has(path) || prefixes.some((prefix) => path.startsWith(prefix));
}

export function createRateLimits(opts: RateLimitOptions): RateLimits {
  const { logger } = opts;
  const secret = opts.hashSecret ?? randomBytes(32);
  const backend: CounterBackend = opts.redisUrl ? redisBackend(opts.redisUrl, logger) : memoryBackend();
  const libraryLogger = {
    warn: (err: unknown, msg?: string) => logger.warn({ err }, msg ?? 'rate limiter warning'),
    error: (err: unknown, msg?: string) => {
      // Store outages are reported once by the backend, not on every request.
      if (!(err instanceof StoreUnavailableError)) logger.error({ err }, msg ?? 'rate limiter error');
    },
  };

  function build(rule: RateLimitRule): Limiter {
    const fields = rule.identifierField === undefined ? [] : [rule.identifierField].flat();
    const keys = new WeakMap<Request, string | undefined>();
    const keyOf = (req: Request): string | undefined => {
      if (keys.has(req)) return keys.get(req);
      const address = ipKey(req.ip);
      let key: string | undefined;
      if (rule.key === 'ip') {
        key = hashKey(secret, address);
      } else {
        const identifier = identifierOf(req.body, fields);
        if (identifier !== undefined)
          key =
            rule.key === 'identifier' ? hashKey(secret, identifier) : hashKey(secret, address, identifier);
      }
      keys.set(req, key);
      return key;
    };
    const store = backend.storeFor(rule.name);
    const handler = rateLimit({
      windowMs: rule.windowS * 1000,
      limit: rule.limit,
      store,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      identifier: rule.name,
      // A request without the identifier is not this rule's business (the upstream refuses it).
      skip: (req) => keyOf(req) === undefined,
      keyGenerator: (req) => keyOf(req) ?? '',
      skipSuccessfulRequests: rule.count === 'failures',
      skipFailedRequests: rule.count === 'successes',
      requestWasSuccessful: (_req, res) => res.locals.upstreamMsgCode === SUCCESS_CODE,
      passOnStoreError: rule.failMode === 'open',
      handler: (req: Request, res: Response) => {
        res.locals.rateLimit = { rule: rule.name, reason: 'limit' } satisfies RateLimitRefusal;
        logger.info({ reqId: req.id, rule: rule.name }, 'rate limited');
        sendError(req, res, 429, 'A0301', { serverCode: 'A0301' });
      },
      // The browser's own X-Forwarded-For is expected and ignored unless TRUST_PROXY says otherwise.
      validate: { xForwardedForHeader: false, forwardedHeader: false },
      logger: libraryLogger,
    });
    return { signature: JSON.stringify(rule), rule, matches: matcher(rule.match), handler, store };
  }

  let active: Limiter[] = opts.rules.map(build);
  logger.info(
    { rules: active.map((l) => l.rule.name), store: opts.redisUrl ? 'redis' : 'memory' },
    'rate limits active',
  );

  function retire(limiters: Limiter[]): void {
    for (const limiter of limiters) void Promise.resolve(limiter.store.shutdown?.()).catch(() => {});
  }

  const middleware: RequestHandler = (req, res, next) => {
    if (active.length === 0) return next();
    const path = rulePath(req.originalUrl);
    const chain = active.filter((limiter) => limiter.matches(path));
    let index = 0;
    const step = (err?: unknown): void => {
      if (err instanceof StoreUnavailableError) {
        // Only rules with failMode closed get here: the others pass the request on.
        const rule = chain[index - 1]?.rule.name ?? 'unknown';
        res.locals.rateLimit = { rule, reason: 'store-down' } satisfies RateLimitRefusal;
        logger.warn({ reqId: req.id, rule }, 'rate-limit store unavailable: request refused');
        return sendError(req, res, 503, 'B0300', 'upstreamUnavailable');
      }
      if (err !== undefined) return next(err);
      const limiter = chain[index++];
      if (!limiter) return next();
      void limiter.handler(req, res, step);
    };
    step();
  };

  return {
    middleware,
    reload(rules) {
      const previous = new Map(active.map((limiter) => [limiter.signature, limiter]));
      const next = rules.map((rule) => {
        const signature = JSON.stringify(rule);
        const kept = previous.get(signature);
        previous.delete(signature);
        return kept ?? build(rule);
      });
      active = next;
      retire([...previous.values()]);
      logger.info({ rules: next.map((l) => l.rule.name) }, 'rate limits reloaded');
    },
    rules: () => active.map((limiter) => limiter.rule),
    storeUp: () => backend.up(),
    close: async () => {
      retire(active);
      await backend.close();
    },
  };
}

/** SIGHUP: re-read the rules file; a bad file is logged and the running rules stay. */
export function reloadFromFile(rateLimits: RateLimits, file: string | undefined, logger: Logger): boolean {
  if (!file) {
    logger.info('rate limits: no RATE_LIMITS_FILE to re-read, the built-in rules stay');
    return false;
  }
  const loaded = loadRulesFile(file);
  if (!loaded.ok) {
    logger.error(
      { file, problems: loaded.errors },
      'rate limits: RATE_LIMITS_FILE refused, the running rules stay',
    );
    return false;
  }
  rateLimits.reload(loaded.rules);
  return true;
}
