/**
 * The rate limits in front of the gateway (DESIGN.md §6): every rule whose paths match runs in
 * order, each an express-rate-limit instance with its own counters. A refusal is 429 A0301 with
 * Retry-After and the IETF RateLimit headers, and the upstream never sees the request. SIGHUP
 * swaps the rules between requests; rules that did not change keep their counters.
 */
import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Logger } from 'pino';
import { SUCCESS_CODE } from '@shared/api/envelope';
import { sendError } from '../http-errors';
import { gatewayCallOf } from '../proxy/gateway-call';
import { hashKey, identifierOf, ipKey, subnetKey } from './keys';
import { loadRulesFile, matcher, rulePath, type RateLimitRule } from './rules';
import {
  memoryBackend,
  redisBackend,
  StoreUnavailableError,
  type CounterBackend,
  type RedisTarget,
} from './store';

/** Why a request was refused, left on res.locals for the log and the metrics. */
export interface RateLimitRefusal {
  rule: string;
  reason: 'limit' | 'store-down';
}

/** The shadow rules that would have refused a request (res.locals.rateLimitShadow); it went on. */
export type ShadowRefusals = string[];

/** What the rules say of a request: let it through, or refused by a rule or by the store's outage. */
export type Admission = 'admitted' | 'refused' | 'store-down';

export interface RateLimits {
  middleware: RequestHandler;
  /**
   * The rules' verdict on a request that is not a gateway call (a document that calls the UAA),
   * matched by `path`; the caller answers. A refusal is logged and left on res.locals as the
   * middleware's are.
   */
  admit(req: Request, res: Response, path: string): Promise<Admission>;
  /** Swaps the rules; requests already past the limiter are not affected. */
  reload(rules: readonly RateLimitRule[]): void;
  rules(): readonly RateLimitRule[];
  /** Whether the shared store answers; undefined with in-process counters. */
  storeUp(): boolean | undefined;
  /** The counters this process holds (keys and distinct targets); undefined with Redis. */
  held(): number | undefined;
  close(): Promise<void>;
}

export interface RateLimitOptions {
  rules: readonly RateLimitRule[];
  logger: Logger;
  /** Shared counters for several replicas; unset: counters in this process. */
  redis?: RedisTarget;
  /** HMAC key for the counter keys; replicas sharing Redis need the same one. */
  hashSecret?: string;
}

interface Limiter {
  signature: string;
  rule: RateLimitRule;
  matches(path: string): boolean;
  /**
   * Counts the request if the rule applies: the refund that takes it back, 'refused', 'shadow'
   * (a shadow rule would have refused it), or undefined (not counted).
   */
  check(req: Request, res: Response): Promise<Refund | 'refused' | 'shadow' | undefined>;
  retire(): void;
}

type Refund = () => Promise<void>;

/**
 * A non-string identifier (an array, a number, an object) is refused before any rule or the
 * upstream sees it: no rule could count it, and the upstream might still read it.
 */
export const requireStringIdentifier: RequestHandler = (req, res, next) => {
  if (identifierOf(gatewayCallOf(req)?.endpoint, req.body) === null)
    return sendError(req, res, 400, 'A0100', 'badIdentifier', { reason: 'identifier' });
  next();
};

export function createRateLimits(opts: RateLimitOptions): RateLimits {
  const { logger } = opts;
  const secret = opts.hashSecret ?? randomBytes(32);
  const backend: CounterBackend = opts.redis ? redisBackend(opts.redis, logger) : memoryBackend();
  const libraryLogger = {
    warn: (err: unknown, msg?: string) => logger.warn({ err }, msg ?? 'rate limiter warning'),
    error: (err: unknown, msg?: string) => {
      // Store outages are reported once by the backend, not on every request.
      if (!(err instanceof StoreUnavailableError)) logger.error({ err }, msg ?? 'rate limiter error');
    },
  };

  function build(rule: RateLimitRule): Limiter {
    const fields = rule.identifierField === undefined ? undefined : [rule.identifierField].flat();
    const byTarget = rule.key === 'identifier' || rule.key === 'ip+identifier';
    /** The counter key (and, for distinct rules, the target), or undefined when the rule does not apply. */
    const keyOf = (req: Request): { key: string; target?: string } | undefined => {
      const call = gatewayCallOf(req);
      const needsTarget = byTarget || rule.distinct;
      let target: string | undefined;
      if (needsTarget) {
        const field = call?.endpoint.identifier;
        if (!field || (fields && !fields.includes(field))) return undefined;
        const identifier = identifierOf(call.endpoint, req.body);
        if (typeof identifier !== 'string') return undefined;
        target = identifier;
      }
      const address = ipKey(req.ip);
      switch (rule.key) {
        case 'ip':
          return { key: hashKey(secret, address), target };
        case 'subnet':
          return { key: hashKey(secret, 'subnet', subnetKey(req.ip)), target };
        case 'endpoint':
          return { key: hashKey(secret, 'endpoint', call?.rulePath ?? rulePath(req.originalUrl)), target };
        case 'identifier':
          return { key: hashKey(secret, target ?? '') };
        case 'ip+identifier':
          return { key: hashKey(secret, address, target ?? '') };
      }
    };
    const signature = JSON.stringify(rule);
    const matches = matcher(rule.match);
    const shadow = rule.mode === 'shadow';
    // A shadow rule refuses nothing, so not while the store is down either.
    const failOpen = shadow || rule.failMode === 'open';
    const refusal = (req: Request, res: Response): 'refused' | 'shadow' => {
      if (shadow) {
        const seen = res.locals.rateLimitShadow ?? [];
        res.locals.rateLimitShadow = [...seen, rule.name];
        logger.info({ reqId: req.id, rule: rule.name, mode: 'shadow' }, 'rate limited (shadow): let through');
        return 'shadow';
      }
      res.locals.rateLimit = { rule: rule.name, reason: 'limit' } satisfies RateLimitRefusal;
      logger.info({ reqId: req.id, rule: rule.name }, 'rate limited');
      return 'refused';
    };

    if (rule.distinct) {
      const store = backend.distinctFor(rule.name);
      const windowMs = rule.windowS * 1000;
      return {
        signature,
        rule,
        matches,
        retire: () => {},
        check: async (req, res) => {
          const keyed = keyOf(req);
          if (!keyed?.target) return undefined;
          const member = hashKey(secret, 'target', keyed.target);
          let verdict;
          try {
            verdict = await store.admit(keyed.key, member, rule.limit, windowMs);
          } catch (err) {
            if (failOpen) return undefined;
            throw err instanceof StoreUnavailableError ? err : new StoreUnavailableError(String(err));
          }
          if (!verdict.admitted) {
            if (!shadow)
              res.setHeader(
                'Retry-After',
                String(Math.max(1, Math.ceil((verdict.resetAt - Date.now()) / 1000))),
              );
            return refusal(req, res);
          }
          return verdict.added ? () => store.remove(keyed.key, member) : undefined;
        },
      };
    }

    const keys = new WeakMap<Request, string | undefined>();
    const keyFor = (req: Request): string | undefined => {
      if (!keys.has(req)) keys.set(req, keyOf(req)?.key);
      return keys.get(req);
    };
    const verdicts = new WeakMap<Request, (refused: boolean) => void>();
    const store = backend.storeFor(rule.name);
    const handler = rateLimit({
      windowMs: rule.windowS * 1000,
      limit: rule.limit,
      store,
      // A shadow rule changes nothing a client sees.
      standardHeaders: shadow ? false : 'draft-8',
      legacyHeaders: false,
      identifier: rule.name,
      // A request without the rule's identifier is not this rule's business (the upstream refuses it).
      skip: (req) => keyFor(req) === undefined,
      keyGenerator: (req) => keyFor(req) ?? '',
      // Failed logins: a success gives its count back (a hang-up does not).
      skipSuccessfulRequests: rule.count === 'failures',
      requestWasSuccessful: (_req, res) => res.locals.upstreamMsgCode === SUCCESS_CODE,
      passOnStoreError: failOpen,
      handler: (req: Request) => verdicts.get(req)?.(true),
      // The browser's own X-Forwarded-For is expected and ignored unless TRUST_PROXY says otherwise.
      validate: { xForwardedForHeader: false, forwardedHeader: false },
      logger: libraryLogger,
    });
    return {
      signature,
      rule,
      matches,
      retire: () => void Promise.resolve(store.shutdown?.()).catch(() => {}),
      check: (req, res) =>
        new Promise((resolve, reject) => {
          verdicts.set(req, (refused) => resolve(refused ? refusal(req, res) : undefined));
          void handler(req, res, (err?: unknown) => {
            if (err !== undefined) return reject(err);
            const key = keyFor(req);
            if (key === undefined) return resolve(undefined);
            const refund = () => Promise.resolve(store.decrement(key)).catch(() => {});
            // Codes sent: given back when the upstream refused to send, never for a hang-up.
            if (rule.count === 'successes')
              res.once('finish', () => {
                const code = res.locals.upstreamMsgCode;
                if (res.locals.upstreamDispatched && code !== undefined && code !== SUCCESS_CODE)
                  void refund();
              });
            resolve(refund);
          });
        }),
    };
  }

  let active: Limiter[] = opts.rules.map(build);
  logger.info(
    { rules: active.map((l) => l.rule.name), store: opts.redis ? `redis (${opts.redis.mode})` : 'memory' },
    'rate limits active',
  );

  function retire(limiters: Limiter[]): void {
    for (const limiter of limiters) limiter.retire();
  }

  /** Every matching rule in order; throws what is not a store outage. */
  async function admit(req: Request, res: Response, path: string): Promise<Admission> {
    const chain = active.filter((limiter) => limiter.matches(path));
    const refunds: Refund[] = [];
    // A request refused by a later rule was never sent: the earlier rules give their counts back.
    const giveBack = () => Promise.all(refunds.map((refund) => refund()));
    for (const limiter of chain) {
      let verdict;
      try {
        verdict = await limiter.check(req, res);
      } catch (err) {
        await giveBack();
        if (!(err instanceof StoreUnavailableError)) throw err;
        // Only rules with failMode closed get here: the others pass the request on.
        const rule = limiter.rule.name;
        res.locals.rateLimit = { rule, reason: 'store-down' } satisfies RateLimitRefusal;
        logger.warn(
          { reqId: req.id, rule, err: err.message },
          'rate-limit store unavailable: request refused',
        );
        return 'store-down';
      }
      if (verdict === 'refused') {
        await giveBack();
        return 'refused';
      }
      // A shadow rule's would-be refusal is on res.locals; the request goes on.
      if (verdict === 'shadow') continue;
      if (verdict) refunds.push(verdict);
    }
    return 'admitted';
  }

  const middleware: RequestHandler = (req, res, next) => {
    if (active.length === 0) return next();
    admit(req, res, gatewayCallOf(req)?.rulePath ?? rulePath(req.originalUrl)).then((verdict) => {
      if (verdict === 'store-down') return sendError(req, res, 503, 'B0300', 'upstreamUnavailable');
      if (verdict === 'refused') return sendError(req, res, 429, 'A0301', { serverCode: 'A0301' });
      next();
    }, next);
  };

  return {
    middleware,
    admit,
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
    held: () => backend.held(),
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
