/**
 * Security events (issue 26, docs/security-events.md): one JSON line per act that matters to a
 * security team, on a stream of its own (a pino logger of its own: stdout, or SECURITY_LOG_FILE),
 * never in the access log's shape. Each line says when, what (type and action), the outcome
 * (with the UAA's msgCode), who (the account's user id when known, an HMAC of the session), about
 * whom (a masked phone or e-mail and its HMAC), from where (client address through TRUST_PROXY,
 * user agent), the request id and the trace id. Never a token, password, code or secret key; personal data
 * masked (PIPL). Outcomes come from the UAA's replies; nothing new is asked of the UAA. Every line
 * is bounded here, whatever its caller gives (SECURITY_EVENT_MAX_BYTES), and sealed into its
 * replica's chain as it is written (./seal.ts, ADR 0010), between the stream's start and close and
 * an epoch event for each key.
 */
import { randomBytes, type KeyObject } from 'node:crypto';
import { hostname } from 'node:os';
import type { Request, Response } from 'express';
import pino, { type DestinationStream, type Logger } from 'pino';
import { refusalOf } from '../http-errors';
import { activeTraceId } from '../tracing/context';
import { hmac, targetOf, type MaskedTarget } from './mask';
import { createSealer, DEFAULT_SEAL_EPOCH_S, SEAL_MAX_BYTES } from './seal';

/** The schema's version: a field added keeps it, a field changed or removed moves it on. */
export const SECURITY_EVENTS_VERSION = 3;

export const SECURITY_EVENT_TYPES = [
  'login',
  'code_send',
  'one_time_code',
  'redirect_refused',
  'session_end',
  'rate_limited',
  'admin_write',
  'account_change',
  'request_refused',
  // The stream's own: its start, each key epoch, its close, and what its shipping lost (ADR 0010).
  'audit_trail',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** `unknown`: the UAA was asked, the browser hung up, and its answer was never read (version 2). */
export type Outcome = 'success' | 'failure' | 'unknown';

/** What a caller says of an event; the request adds who, from where and when. */
export interface EventInput {
  type: SecurityEventType;
  /** What exactly: `platform.delete`, `password.reset`, `sms`… (per type, docs/security-events.md). */
  action?: string;
  outcome: Outcome;
  /** The UAA's msgCode, or the BFF's own refusal code (A0301, A0100…), on a failure. */
  code?: string;
  /** The phone, e-mail or account the act was about, in clear: masked and hashed here. */
  target?: string;
  /** The account's user id, when the act itself tells it (a login reply); else the session's. */
  actor?: string;
  /** The session token the act ran under (or the one it issued): hashed here. */
  token?: string;
  /** Further facts of the type (ids, clientId, redirect host, rule…): never a secret. */
  details?: Record<string, unknown>;
}

export interface SecurityEvent {
  v: number;
  type: SecurityEventType;
  action?: string;
  outcome: Outcome;
  code?: string;
  actor?: string;
  session?: string;
  target?: MaskedTarget;
  ip?: string;
  userAgent?: string;
  requestId?: string;
  traceId?: string;
  [detail: string]: unknown;
}

/** Who asked and from where: read from the request while it is alive (its socket goes later). */
export interface RequestContext {
  ip?: string;
  userAgent?: string;
  requestId: string;
  /** The request's trace, when tracing is on (tracing/context.ts). */
  traceId?: string;
}

export function contextOf(req: Request): RequestContext {
  let ip: string | undefined;
  try {
    ip = req.ip;
  } catch {
    // The socket is gone already: the address is unknown, the event still counts.
  }
  const traceId = activeTraceId();
  return {
    ip,
    userAgent: req.get('user-agent'),
    requestId: String(req.id),
    ...(traceId === undefined ? {} : { traceId }),
  };
}

export interface SecurityEvents {
  /** Writes one event; never throws (an event that cannot be written is reported on stderr). */
  emit(req: Request | RequestContext, event: EventInput): void;
  /** A session's user id, learned from a login reply or a user info reply passing through. */
  learnUser(token: string, userId: string): void;
  userOf(token: string | undefined): string | undefined;
  /** The HMAC a session is known by in the events. */
  sessionOf(token: string): string;
  /** An event of the stream itself (`audit_trail`): no request, no user. */
  trail(action: string, outcome: Outcome, details?: Record<string, unknown>): void;
  /** Writes the closing seal and erases the key: the stream ends here (graceful shutdown). */
  close(): void;
  /** The stream's random id, in every line's seal. */
  readonly streamId: string;
}

export interface SecurityEventOptions {
  /** Where the lines go: a pino destination (stdout by default, or SECURITY_LOG_FILE). */
  destination?: DestinationStream | { write(line: string): void };
  /** HMAC key for sessions and targets; the same on every replica so events join across them. */
  hashKey?: string;
  /** The security team's public key (SECURITY_LOG_SEAL_PUBLIC_KEY): the stream's first key goes to it. */
  sealPublicKey?: KeyObject;
  /** How long each seal key lives (SECURITY_LOG_SEAL_EPOCH_S). */
  sealEpochSeconds?: number;
  /** A second place each sealed line goes (the syslog shipper), after the destination. */
  ship?: { write(line: string): void };
  /** The time of each event, in ms (tests move it). */
  clock?: () => number;
  /** Calls fn after ms; gives back its cancel (tests fire it themselves). The default does not hold the process. */
  schedule?: (fn: () => void, ms: number) => () => void;
}

function unrefTimeout(fn: () => void, ms: number): () => void {
  const timer = setTimeout(fn, ms);
  timer.unref();
  return () => clearTimeout(timer);
}

/** What some line readers (Python's splitlines, a few shippers) end a line at, and JSON keeps as it is. */
const LINE_ENDS = /[\u0085\u2028\u2029]/g;

/** The event with no such character in any string of it: one event stays one line for every reader. */
function oneLine(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LINE_ENDS, ' ');
  if (Array.isArray(value)) return value.map(oneLine);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, oneLine(item)]));
}

/**
 * An event's line, its newline included, is at most this many bytes: a path, a user agent or a
 * reason of any length costs the stream the same (ASVS 5.0 V16.3.3, V16.4.1). Enforced here, on
 * every event, so that no caller can pass it.
 */
export const SECURITY_EVENT_MAX_BYTES = 1024;
/** A string is cut at this many bytes as written (quotes and escapes counted), marker included. */
const STRING_MAX_BYTES = 256;
const ARRAY_MAX_ITEMS = 16;
const NESTING_MAX = 3;
/** What ends a string, an array or a nesting that was cut. */
export const TRUNCATED = '…[truncated]';
/** Fields an event always keeps (when strings, as they are), cut to this size; the others go first, largest first. */
const KEPT_FIELDS = new Set(['type', 'outcome', 'ip', 'requestId']);
const KEPT_FIELD_MAX_BYTES = 64;
/**
 * What pino adds around the fields (`{"log":"security","time":"…","v":3` and `}\n`), and the
 * seal at its longest (ADR 0010): the sealed line is what the bound is of.
 */
const LINE_BYTES =
  Buffer.byteLength('{"log":"security","time":"2026-11-27T05:19:06.731Z","v":3}\n') + SEAL_MAX_BYTES;
/** Said when a field had to go: `,"truncated":true`. */
const DROPPED_BYTES = Buffer.byteLength(',"truncated":true');

const written = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

/** The string, cut so that it is written in at most `max` bytes, the marker included. */
function cut(value: string, max: number): string {
  if (written(value) <= max) return value;
  let room = max - written(TRUNCATED);
  let kept = '';
  // By code point: an emoji is never split into a lone surrogate.
  for (const char of value) {
    room -= written(char) - 2;
    if (room < 0) break;
    kept += char;
  }
  return `${kept}${TRUNCATED}`;
}

/** Every string, array and object of a field cut to a readable size. */
function clamp(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cut(value, STRING_MAX_BYTES);
  if (typeof value === 'bigint') return String(value);
  if (typeof value !== 'object' || value === null) return value;
  // A Date (or anything else that says how it is written) as JSON writes it.
  if ('toJSON' in value && typeof value.toJSON === 'function') return clamp(value.toJSON(), depth);
  if (depth >= NESTING_MAX) return TRUNCATED;
  if (Array.isArray(value)) {
    const items = value.slice(0, ARRAY_MAX_ITEMS).map((item) => clamp(item, depth + 1));
    return value.length > ARRAY_MAX_ITEMS ? [...items, TRUNCATED] : items;
  }
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, clamp(item, depth + 1)]));
}

/**
 * The event within SECURITY_EVENT_MAX_BYTES: each value clamped; then, while the line is still
 * too long, the largest field that may go is cut to fit (a string) or left out (`truncated: true`
 * says so). The fields always kept are cut short enough to fit together, far within the bound.
 */
function bounded(event: Record<string, unknown>): Record<string, unknown> {
  const fields = Object.entries(event)
    .filter(([, value]) => value !== undefined && typeof value !== 'function' && typeof value !== 'symbol')
    .map(([name, value]) => {
      const kept = KEPT_FIELDS.has(name) && typeof value === 'string';
      const clamped = kept ? cut(value, KEPT_FIELD_MAX_BYTES) : clamp(value);
      // Written as `,"name":value`.
      return { name, value: clamped, kept, bytes: written(name) + written(clamped) + 2 };
    });
  let total = LINE_BYTES + fields.reduce((sum, field) => sum + field.bytes, 0);
  const room = SECURITY_EVENT_MAX_BYTES - DROPPED_BYTES;
  const dropped = new Set<string>();
  if (total > SECURITY_EVENT_MAX_BYTES) {
    const largestFirst = fields.filter((field) => !field.kept).sort((a, b) => b.bytes - a.bytes);
    for (const field of largestFirst) {
      if (total <= room) break;
      const valueBytes = field.bytes - written(field.name) - 2;
      const fits = valueBytes - (total - room);
      if (typeof field.value === 'string' && fits >= written(TRUNCATED) + 16) {
        field.value = cut(field.value, fits);
        total -= valueBytes - written(field.value);
      } else {
        dropped.add(field.name);
        total -= field.bytes;
      }
    }
  }
  const remaining = fields.filter((field) => !dropped.has(field.name)).map((f) => [f.name, f.value]);
  return Object.fromEntries(dropped.size > 0 ? [...remaining, ['truncated', true]] : remaining);
}

/** Sessions whose user is known; bounded (the oldest go first), this process only. */
const KNOWN_SESSIONS_MAX = 50_000;

export function createSecurityEvents(opts: SecurityEventOptions = {}): SecurityEvents {
  const key = opts.hashKey ?? randomBytes(32);
  const clock = opts.clock ?? Date.now;
  const schedule = opts.schedule ?? unrefTimeout;
  const epochSeconds = opts.sealEpochSeconds ?? DEFAULT_SEAL_EPOCH_S;
  // The time of the line being written: taken once per event, so that the seal's epoch and the
  // line's `time` agree (the verifier checks that no line is older than its epoch).
  const origin = Math.floor(clock());
  // Never earlier than the line before: a clock set back would date lines before their epoch.
  let now = origin;
  const sealer = createSealer({ publicKey: opts.sealPublicKey, epochMs: epochSeconds * 1000, origin });
  const local = opts.destination ?? pino.destination({ dest: 1, sync: true });
  const sealed = {
    write(line: string) {
      const out = sealer.seal(line);
      local.write(out);
      opts.ship?.write(out);
    },
  };
  const logger: Logger = pino(
    {
      base: { v: SECURITY_EVENTS_VERSION },
      // The event has no level: every line is one event, marked as the security stream's (an
      // empty level object would make pino write `{,`).
      formatters: { level: () => ({ log: 'security' }) },
      timestamp: () => `,"time":"${new Date(now).toISOString()}"`,
      messageKey: 'message',
    },
    sealed as DestinationStream,
  );
  let closed = false;
  let cancelEpoch = (): void => {};

  const trailEvent = (action: string, outcome: Outcome, details: Record<string, unknown> = {}) =>
    logger.info({ type: 'audit_trail', action, outcome, ...details });

  /** Moves the key on to the epoch of `now`, one epoch event each (and the periodic seal). */
  function rollEpochs(): void {
    while (sealer.epochAt(now) > sealer.epoch) {
      sealer.advance();
      trailEvent('epoch', 'success');
    }
  }
  /** Wakes at the next epoch's start, so that a key lives no longer than its epoch while nothing happens. */
  function scheduleEpoch(): void {
    const next = origin + (sealer.epoch + 1) * epochSeconds * 1000;
    cancelEpoch = schedule(
      () => {
        if (closed) return;
        now = Math.max(now, Math.floor(clock()));
        rollEpochs();
        scheduleEpoch();
      },
      Math.max(1, next - Math.floor(clock())),
    );
  }
  trailEvent('start', 'success', {
    host: hostname(),
    epochSeconds,
    ...(sealer.wrappedKey === undefined ? {} : { sealedKey: sealer.wrappedKey, keyId: sealer.keyId }),
  });
  scheduleEpoch();
  const users = new Map<string, string>();
  const sessionOf = (token: string) => hmac(key, `session\u0000${token}`);

  function write(from: Request | RequestContext, input: EventInput): void {
    const context = 'requestId' in from ? from : contextOf(from);
    const session = input.token === undefined ? undefined : sessionOf(input.token);
    const actor = input.actor ?? (session === undefined ? undefined : users.get(session));
    const event: Omit<SecurityEvent, 'v'> = {
      type: input.type,
      ...(input.action === undefined ? {} : { action: input.action }),
      outcome: input.outcome,
      ...(input.code === undefined ? {} : { code: input.code }),
      ...(actor === undefined ? {} : { actor }),
      ...(session === undefined ? {} : { session }),
      ...(input.target ? { target: targetOf(input.target, key) } : {}),
      ...context,
      ...input.details,
    };
    if (closed) throw new Error('the stream is closed');
    now = Math.max(now, Math.floor(clock()));
    rollEpochs();
    logger.info(bounded(oneLine(event) as Record<string, unknown>));
  }

  return {
    emit(from, input) {
      try {
        write(from, input);
      } catch (err) {
        console.error(`security event not written: ${(err as Error).message}`);
      }
    },
    learnUser(token, userId) {
      const session = sessionOf(token);
      users.delete(session);
      users.set(session, userId);
      if (users.size > KNOWN_SESSIONS_MAX) users.delete(users.keys().next().value as string);
    },
    userOf(token) {
      return token === undefined ? undefined : users.get(sessionOf(token));
    },
    sessionOf,
    trail(action, outcome, details) {
      if (closed) return;
      try {
        now = Math.max(now, Math.floor(clock()));
        rollEpochs();
        trailEvent(action, outcome, details);
      } catch (err) {
        console.error(`security event not written: ${(err as Error).message}`);
      }
    },
    close() {
      if (closed) return;
      now = Math.max(now, Math.floor(clock()));
      rollEpochs();
      trailEvent('close', 'success');
      closed = true;
      cancelEpoch();
      sealer.erase();
    },
    streamId: sealer.streamId,
  };
}

/** An event's outcome from the answer: success only with the UAA's 10000 and a 2xx. */
export function outcomeOf(res: Response): { outcome: 'success' | 'failure'; code?: string } {
  const code = res.locals.upstreamMsgCode;
  if (res.statusCode < 400 && code === '10000') return { outcome: 'success' };
  return { outcome: 'failure', code: code ?? refusalOf(res)?.code ?? `HTTP${res.statusCode}` };
}
