/**
 * Rate-limit rules (DESIGN.md §6) are data: the built-in defaults below, or a JSON array in
 * RATE_LIMITS_FILE, validated here once at start and again on every SIGHUP reload.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { z } from 'zod';
import {
  CODE_SENDING_ENDPOINTS,
  ENDPOINTS,
  GATEWAY_BASE,
  IDENTIFIER_FIELDS,
  normalizePath,
  UPLOAD_GATEWAY_BASE,
  type Endpoint,
} from '@shared/contract/endpoints';
import { brandRoute, ROUTES } from '@shared/routes';
import { pagePath } from '@shared/widget';
import { GATEWAY_RULE_PATHS } from '../proxy/gateway-call';
import { wantsFirstScreen } from '@shared/api/first-screen';

/**
 * A rules file's bounds, checked before it is parsed or validated: the defaults take about 3 KB,
 * so 64 KiB is room for any real set, and a ConfigMap of 1 MiB (an array of half a million
 * numbers) is refused in one line instead of filling the heap with its validation's problems.
 */
export const MAX_RULES_FILE_BYTES = 64 * 1024;
export const MAX_RULES = 100;
/** Problems reported of a refused file: the first few, then how many more. */
const MAX_PROBLEMS = 10;

/**
 * The path as the rules read it: the gateway's resolved call when there is one (the table's one
 * spelling), else the request's path in the gateway's one normalization.
 */
export function rulePath(url: string): string {
  return normalizePath(url) ?? (url.split('?')[0] ?? '').toLowerCase();
}

/** A rule's `match` as a test of a rule path: exact paths in any spelling, or a prefix ending in `*`. */
export function matcher(patterns: readonly string[]): (path: string) => boolean {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const pattern of patterns) {
    const lower = pattern.toLowerCase();
    if (lower.endsWith('*')) prefixes.push(lower.slice(0, -1));
    else exact.add(rulePath(lower));
  }
  return (path) => exact.has(path) || prefixes.some((prefix) => path.startsWith(prefix));
}

// The memory store times windows with setInterval, whose longest delay is 2^31-1 ms.
const MAX_WINDOW_S = Math.floor((2 ** 31 - 1) / 1000);

const field = z.enum(IDENTIFIER_FIELDS, { error: `must be one of ${IDENTIFIER_FIELDS.join(', ')}` });

const ruleSchema = z
  .strictObject({
    name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'must be 1-64 letters, digits, _ . or -'),
    match: z
      .array(
        z
          .string()
          .regex(
            /^\/gw\/[A-Za-z0-9/_.-]*\*?$/,
            'must be a gateway path such as /gw/uaa-be/api/v1/login/getSmsCode, optionally ending in *',
          ),
      )
      .min(1, 'must list at least one path')
      .superRefine((patterns, ctx) => {
        // `/gw/uaa-be/api/v1/login/.*` (a regular expression) would load and limit nothing.
        patterns.forEach((pattern, i) => {
          if (!GATEWAY_RULE_PATHS.some(matcher([pattern])))
            ctx.addIssue({
              code: 'custom',
              path: [i],
              message: `matches no gateway call ("${pattern.slice(0, 80)}"): name a call's path, or a prefix ending in *`,
            });
        });
      }),
    /**
     * What is counted apart: the client's address, its /24 (IPv4) or /56 (IPv6) network, the
     * target the body names (with or without the address), or the endpoint itself (a budget
     * shared by everyone).
     */
    key: z.enum(['ip', 'subnet', 'ip+identifier', 'identifier', 'endpoint'], {
      error: 'must be ip, subnet, ip+identifier, identifier or endpoint',
    }),
    /**
     * The identifier is always the body field the endpoint table names for the call (never "the
     * first present"); listing fields here narrows the rule to calls identified by one of them.
     */
    identifierField: z.union([field, z.array(field).min(1)]).optional(),
    /** Count distinct targets (identifiers) per key instead of requests: "at most N phones a day from one address". */
    distinct: z.boolean().optional(),
    limit: z.number().int('must be a whole number').min(1, 'must be at least 1'),
    windowS: z
      .number()
      .int('must be a whole number of seconds')
      .min(1, 'must be at least 1')
      .max(MAX_WINDOW_S, `must be at most ${MAX_WINDOW_S}`),
    /**
     * Which requests count: all; only failed ones (login attempts: a success gives its count
     * back); or those not refused by the upstream (codes sent: counted when dispatched, given
     * back only when the upstream answers with an error, never because the client hung up).
     */
    count: z
      .enum(['all', 'failures', 'successes'], { error: 'must be all, failures or successes' })
      .default('all'),
    /** With Redis, what a request gets while the store is unreachable: served (open) or refused (closed). */
    failMode: z.enum(['open', 'closed'], { error: 'must be open or closed' }).default('open'),
    // A shadow rule never refuses, not even while the store is down: its failMode is read as open.
    /**
     * `shadow`: the rule counts, and logs, meters and reports what it would refuse, but refuses
     * nothing and sends no RateLimit header (a WAF's "count" mode: try a limit on real traffic
     * before it bites). `enforce`, the default, refuses.
     */
    mode: z.enum(['enforce', 'shadow'], { error: 'must be enforce or shadow' }).default('enforce'),
  })
  .superRefine((rule, ctx) => {
    const byTarget = rule.key === 'identifier' || rule.key === 'ip+identifier';
    if (rule.distinct && byTarget)
      ctx.addIssue({ code: 'custom', path: ['distinct'], message: `is meaningless with key ${rule.key}` });
    if (rule.distinct && rule.count !== 'all')
      ctx.addIssue({ code: 'custom', path: ['count'], message: 'must be all with distinct' });
    if (!byTarget && !rule.distinct && rule.identifierField !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['identifierField'],
        message: `is meaningless with key ${rule.key} unless distinct`,
      });
  });

const rulesSchema = z
  .array(ruleSchema, { error: 'must be a JSON array of rules' })
  .max(MAX_RULES, `must hold at most ${MAX_RULES} rules`)
  .superRefine((rules, ctx) => {
    const seen = new Set<string>();
    rules.forEach((rule, i) => {
      if (seen.has(rule.name))
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `"${rule.name}" is used twice` });
      seen.add(rule.name);
    });
  });

export type RateLimitRule = z.infer<typeof ruleSchema>;

export type RulesResult = { ok: true; rules: RateLimitRule[] } | { ok: false; errors: string[] };

export function parseRules(value: unknown): RulesResult {
  // Too long an array is refused before its items are looked at: each would be a problem.
  if (Array.isArray(value) && value.length > MAX_RULES)
    return { ok: false, errors: [`must hold at most ${MAX_RULES} rules (it holds ${value.length})`] };
  const parsed = rulesSchema.safeParse(value);
  if (parsed.success) return { ok: true, rules: parsed.data };
  const { issues } = parsed.error;
  const errors = issues.slice(0, MAX_PROBLEMS).map((issue) => {
    const where = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
    return `${where ? `${where.replace(/^\./, '')}: ` : ''}${issue.message}`;
  });
  if (issues.length > MAX_PROBLEMS) errors.push(`and ${issues.length - MAX_PROBLEMS} more problems`);
  return { ok: false, errors };
}

/** A file's text if it is no longer than `maxBytes`: its size is read before its text. */
function readBounded(file: string, maxBytes: number): { text: string } | { error: string } {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const { size } = fstatSync(fd);
    if (size > maxBytes) return { error: `is ${size} bytes, over the ${maxBytes} a rules file may have` };
    // One byte more than allowed is asked for: a file that grew since fstat is still caught.
    const buffer = Buffer.alloc(maxBytes + 1);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    if (read > maxBytes) return { error: `is over the ${maxBytes} bytes a rules file may have` };
    return { text: buffer.toString('utf8', 0, read) };
  } catch (err) {
    return { error: `cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Reads and validates a rules file, bounded before it is parsed; every problem is one line. */
export function loadRulesFile(file: string): RulesResult {
  const read = readBounded(file, MAX_RULES_FILE_BYTES);
  if ('error' in read) return { ok: false, errors: [read.error] };
  const { text } = read;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { ok: false, errors: [`is not valid JSON (${(err as Error).message})`] };
  }
  return parseRules(json);
}

/** The UAA call a document makes first, which the per-address limits count it as; undefined for none. */
export function documentCallOf(method: string, path: string, brandPrefix: string): Endpoint | undefined {
  // As Express routes /authentication: any case, any trailing slash, a HEAD as a GET.
  const page = pagePath(path);
  if (page === ROUTES.authentication || page === brandRoute(brandPrefix, 'authentication'))
    return method === 'GET' || method === 'HEAD' ? ENDPOINTS.internalAuth : undefined;
  // A HEAD reads no page: its first screen is not fetched.
  return method === 'GET' && wantsFirstScreen(path) ? ENDPOINTS.userInfo : undefined;
}

const gw = (endpoint: { path: string }) => `${GATEWAY_BASE}${endpoint.path.split('?')[0]}`;

/** The endpoints that send a code by SMS or e-mail. */
export const CODE_SENDING_PATHS = CODE_SENDING_ENDPOINTS.map(gw);

/** The calls that check a code sent to a target (the SMS login has its failed-login rules). */
export const CODE_CHECKING_PATHS = [
  ENDPOINTS.registerByPhone,
  ENDPOINTS.registerByEmail,
  ENDPOINTS.mobileBind,
  ENDPOINTS.emailBind,
  ENDPOINTS.messageCodeCheck,
  ENDPOINTS.passwordReset,
].map(gw);

/** Guessing's limit (a password, a code): failures alone count, so signing in again and again never does. */
const TEN_FAILURES_A_QUARTER_HOUR = {
  limit: 10,
  windowS: 15 * 60,
  count: 'failures',
  failMode: 'open',
  mode: 'enforce',
} as const;

/**
 * The defaults of DESIGN.md §6. Why these numbers (docs/operations.md has the long form):
 * a person needs one code a minute and a handful a day; a household, a lab or a campus NAT
 * shares one address; an SMS costs money, so the global budget is the line an alert watches.
 */
export const DEFAULT_RULES: RateLimitRule[] = [
  {
    name: 'code-per-target-minute',
    match: CODE_SENDING_PATHS,
    key: 'identifier',
    limit: 1,
    windowS: 60,
    count: 'successes',
    failMode: 'closed',
    mode: 'enforce',
  },
  {
    name: 'code-per-target-day',
    match: CODE_SENDING_PATHS,
    key: 'identifier',
    limit: 10,
    windowS: 24 * 60 * 60,
    count: 'successes',
    failMode: 'closed',
    mode: 'enforce',
  },
  {
    name: 'code-per-ip-hour',
    match: CODE_SENDING_PATHS,
    key: 'ip',
    limit: 20,
    windowS: 60 * 60,
    count: 'all',
    failMode: 'closed',
    mode: 'enforce',
  },
  // The abuse shield: an SMS pumper rotates targets, not codes per target.
  {
    name: 'code-targets-per-ip-day',
    match: CODE_SENDING_PATHS,
    key: 'ip',
    distinct: true,
    limit: 50,
    windowS: 24 * 60 * 60,
    count: 'all',
    failMode: 'closed',
    mode: 'enforce',
  },
  {
    name: 'code-targets-per-subnet-day',
    match: CODE_SENDING_PATHS,
    key: 'subnet',
    distinct: true,
    limit: 200,
    windowS: 24 * 60 * 60,
    count: 'all',
    failMode: 'closed',
    mode: 'enforce',
  },
  {
    name: 'code-budget-per-endpoint-day',
    match: CODE_SENDING_PATHS,
    key: 'endpoint',
    limit: 20_000,
    windowS: 24 * 60 * 60,
    count: 'successes',
    failMode: 'closed',
    mode: 'enforce',
  },
  {
    name: 'failed-login-per-account',
    match: [gw(ENDPOINTS.loginByAccount), gw(ENDPOINTS.loginByPhone)],
    key: 'identifier',
    ...TEN_FAILURES_A_QUARTER_HOUR,
  },
  // One account has three spellings (username, e-mail, phone): the address bounds them together.
  {
    name: 'failed-login-per-ip',
    match: [gw(ENDPOINTS.loginByAccount), gw(ENDPOINTS.loginByPhone)],
    key: 'ip',
    ...TEN_FAILURES_A_QUARTER_HOUR,
  },
  // A code is six digits, valid minutes: one target's code gets ten wrong guesses a quarter hour,
  // from however many addresses.
  {
    name: 'failed-code-check-per-target',
    match: CODE_CHECKING_PATHS,
    key: 'identifier',
    ...TEN_FAILURES_A_QUARTER_HOUR,
  },
  {
    name: 'existence-check-per-ip',
    match: [gw(ENDPOINTS.registerCheck), gw(ENDPOINTS.usernameCheck), gw(ENDPOINTS.itemCheck)],
    key: 'ip',
    limit: 60,
    windowS: 60,
    count: 'all',
    failMode: 'open',
    mode: 'enforce',
  },
  {
    name: 'proxied-per-ip',
    match: [`${GATEWAY_BASE}/*`, `${UPLOAD_GATEWAY_BASE}/*`],
    key: 'ip',
    limit: 600,
    windowS: 60,
    count: 'all',
    failMode: 'open',
    mode: 'enforce',
  },
];
