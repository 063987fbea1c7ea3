/**
 * Runtime configuration (DESIGN.md §4): read from the environment once, at start, and nowhere
 * else, by one zod schema that also reads the files the variables name. Every bad value is
 * reported, one line each naming its variable, and the process refuses to start. `Config` is
 * what the schema gives.
 */
import type { KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { APP_ENVS, type AppEnv } from '@shared/environment';
import { CLIENT_ID, normalizeDomain } from '@shared/redirect';
import { BRAND_PREFIX_PATTERN, DEFAULT_BRAND_PREFIX } from '@shared/routes';
import { DEFAULT_RULES, loadRulesFile, type RateLimitRule } from './rate-limit/rules';
import { COMMAND_TIMEOUT_MS, type RedisAuth, type RedisNode, type RedisTarget } from './rate-limit/store';
import { builtInLinks, parseLinks } from './links';
import { PROXY_ONLY_HEADERS, type ProxyOnlyHeader } from './tracing/context';
import { DEFAULT_SEAL_EPOCH_S, sealPublicKey } from './security-events/seal';
import type { SyslogTarget } from './security-events/syslog';
import { FIRST_SCREEN_TIMEOUT_MS } from './documents/first-screen';
import { HUNG_RENDER_MS, RENDER_TIMEOUT_MS } from './documents/server-render';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const bool = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');
const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a port number')
  .min(0, 'must be a port number')
  .max(65535, 'must be a port number');
/** A wait in whole milliseconds, from `min` to `max`. */
const wholeMs = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be milliseconds' })
    .int('must be whole milliseconds')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
const cookieName = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a cookie name of letters, digits, _ or -');
/** COOKIE_LEGACY_NAME's word for no legacy cookie (an empty value counts as unset, like every variable's). */
const NO_LEGACY_COOKIE = 'none';
/** The session cookie's names: what production calls it (ASVS 5.0 V3.3.1), and what it did before. */
const PRODUCTION_COOKIE_NAME = '__Host-uaa-token';
const DEFAULT_COOKIE_NAME = 'uaa-token';
const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
/**
 * REDIRECT_ALLOWLIST: domains of two labels or more (a leading `*.` or `.` allowed), or
 * localhost. A top-level domain alone (`*.com`, or `example,com` for `example.com`) would admit
 * every host under it; a URL or a port would admit nothing.
 */
const redirectDomains = csv.superRefine((entries, ctx) => {
  for (const entry of entries) {
    const domain = normalizeDomain(entry);
    if (domain !== 'localhost' && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain))
      ctx.addIssue({
        code: 'custom',
        message: `${JSON.stringify(entry)} is no domain like partner.example.com (no scheme, port or path; a top-level domain alone would admit every host under it)`,
      });
  }
});

/** Events held for the syslog collector by default: about 5 MB, minutes of a busy replica's events. */
const DEFAULT_SYSLOG_BUFFER = 10_000;

/** More hops than a CDN, an ingress and nginx: every address beyond the real proxies is the client's to write. */
const MAX_TRUSTED_HOPS = 3;
/** The widest private ranges (10.0.0.0/8, fc00::/7): a wider one trusts the internet to say who it is. */
const MIN_PREFIX = { 4: 8, 6: 7 } as const;
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** Why a TRUST_PROXY entry is refused: a name, an address or a CIDR of a private range's width at most. */
function proxyEntryProblem(entry: string): string | undefined {
  if (PROXY_NAMES.includes(entry)) return undefined;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix)))
    return `${JSON.stringify(entry)} is no address, CIDR (address/bits) or ${PROXY_NAMES.join(', ')}`;
  const bits = prefix === undefined ? undefined : Number(prefix);
  if (bits !== undefined && (bits < MIN_PREFIX[family as 4 | 6] || bits > (family === 4 ? 32 : 128)))
    return `${JSON.stringify(entry)} trusts too wide a range: at most /${MIN_PREFIX[family as 4 | 6]}`;
  return undefined;
}

// Express's `trust proxy`: a hop count or a list of addresses/CIDRs/names, never blanket `true`.
const trustProxy = z
  .string()
  .refine((v) => !['true', '*'].includes(v.trim().toLowerCase()), 'must be a hop count or CIDRs, never true')
  .transform((v): number | string[] =>
    /^\d+$/.test(v.trim()) ? Number(v) : v.split(',').map((s) => s.trim()),
  )
  .superRefine((value, ctx) => {
    if (typeof value === 'number' && value > MAX_TRUSTED_HOPS)
      ctx.addIssue({
        code: 'custom',
        message: `at most ${MAX_TRUSTED_HOPS} hops: name the proxies' ranges instead`,
      });
    if (typeof value !== 'number')
      for (const problem of value.map(proxyEntryProblem))
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** TRUST_PROXY_HEADERS: some of the proxy-only headers, in any case, or `none`. */
const trustProxyHeaders = z.string().transform((v, ctx): ProxyOnlyHeader[] => {
  if (v.trim().toLowerCase() === 'none') return [];
  const names = v
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const name of names)
    if (!(PROXY_ONLY_HEADERS as readonly string[]).includes(name))
      ctx.addIssue({
        code: 'custom',
        message: `${JSON.stringify(name)} is not one of ${PROXY_ONLY_HEADERS.join(', ')} (or none)`,
      });
  return [...new Set(names)] as ProxyOnlyHeader[];
});

// One Redis node: `host:port`, `[v6-address]:port`, or a host alone (the default port). A host may
// have underscores, as Compose service names do.
const REDIS_NODE = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9](?:[\w.-]*[A-Za-z0-9])?))(?::(\d{1,5}))?$/;
// A password sent over the network: long enough not to be guessed (and never a placeholder).
const redisPassword = z.string().min(16, 'must be at least 16 characters (openssl rand -hex 24)');
/** Comma-separated Redis nodes (REDIS_SENTINELS, REDIS_CLUSTER_NODES), `defaultPort` where none is given. */
const redisNodes = (defaultPort: number) =>
  csv
    .refine((nodes) => nodes.length > 0, 'must list at least one host:port')
    .transform((nodes, ctx): RedisNode[] =>
      nodes.map((node) => {
        const [, v6, host, portText] = REDIS_NODE.exec(node) ?? [];
        const nodePort = portText === undefined ? defaultPort : Number(portText);
        if ((v6 ?? host) === undefined || nodePort < 1 || nodePort > 65535)
          ctx.addIssue({ code: 'custom', message: `${JSON.stringify(node)} is not host:port` });
        return { host: v6 ?? host ?? '', port: nodePort };
      }),
    );

/** What reading a file a variable names gives: its value, or one line per problem. */
type Loaded<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/**
 * A variable naming a file, read and checked by `load` when set (`fallback` when not). Each
 * problem is an issue of the variable, so it is reported like any other bad value.
 */
function fileVariable<T>(load: (file: string) => Loaded<T>, fallback: () => T) {
  return z
    .string()
    .optional()
    .transform((file, ctx): T => {
      if (file === undefined) return fallback();
      const loaded = load(file);
      if (loaded.ok) return loaded.value;
      // `continue`: the checks across variables still run, so every problem is reported at once.
      for (const message of loaded.errors) ctx.addIssue({ code: 'custom', message, continue: true });
      return z.NEVER;
    });
}

function readJson(file: string): Loaded<unknown> {
  try {
    return { ok: true, value: JSON.parse(readFileSync(file, 'utf8')) as unknown };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return {
      ok: false,
      errors: [code ? `cannot be read (${code})` : `is not valid JSON (${(err as Error).message})`],
    };
  }
}

/** RATE_LIMITS_FILE: its rules (DESIGN.md §6), kept with the file's name for SIGHUP. */
const rateLimitsFile = fileVariable<{ file: string | undefined; rules: RateLimitRule[] }>(
  (file) => {
    const loaded = loadRulesFile(file);
    return loaded.ok ? { ok: true, value: { file, rules: loaded.rules } } : loaded;
  },
  () => ({ file: undefined, rules: DEFAULT_RULES }),
);

/** UAA_CA_FILE: must be readable and hold at least one PEM certificate. */
const caFile = fileVariable<string | undefined>(
  (file) => {
    try {
      return readFileSync(file, 'utf8').includes('-----BEGIN CERTIFICATE-----')
        ? { ok: true, value: file }
        : { ok: false, errors: ['holds no PEM certificate'] };
    } catch (err) {
      return { ok: false, errors: [`cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`] };
    }
  },
  () => undefined,
);

/**
 * SECURITY_LOG_SEAL_PUBLIC_KEY: the security team's public key (X25519 or RSA 2048+), as PEM
 * text or the path of a file holding it. A private key is refused: the replica holds none.
 */
const sealKey = z
  .string()
  .optional()
  .transform((value, ctx): KeyObject | undefined => {
    if (value === undefined) return undefined;
    let pem = value;
    if (!value.includes('-----BEGIN')) {
      try {
        pem = readFileSync(value, 'utf8');
      } catch (err) {
        ctx.addIssue({
          code: 'custom',
          message: `is no PEM public key, nor a file that can be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
        });
        return z.NEVER;
      }
    }
    const key = sealPublicKey(pem);
    if (key.ok) return key.key;
    ctx.addIssue({ code: 'custom', message: key.error });
    return z.NEVER;
  });

/** SECURITY_LOG_SYSLOG: tcp://host:port or tls://host:port, nothing else in it. */
const syslogUrl = z.string().transform((value, ctx): Omit<SyslogTarget, 'caFile'> => {
  const problem = 'must be tcp://host:port or tls://host:port (RFC 5424 over TCP, or over TLS)';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  const protocol = url.protocol.slice(0, -1);
  if (
    (protocol !== 'tcp' && protocol !== 'tls') ||
    !url.hostname ||
    !url.port ||
    url.username ||
    url.password ||
    (url.pathname !== '' && url.pathname !== '/') ||
    url.search ||
    url.hash
  ) {
    ctx.addIssue({ code: 'custom', message: problem });
    return z.NEVER;
  }
  return { protocol, host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(url.port) };
});

const clientRedirectsSchema = z
  .record(
    z.string().regex(CLIENT_ID, 'must be a clientId'),
    z
      .array(
        z
          .url({ protocol: /^https?$/, error: 'must be an http(s) origin' })
          .refine(
            (v) => new URL(v).origin === v.replace(/\/$/, ''),
            'must be an origin (scheme, host and port, no path)',
          ),
      )
      .min(1, 'must list at least one origin'),
  )
  .refine(
    (pins) => new Set(Object.keys(pins).map((id) => id.toLowerCase())).size === Object.keys(pins).length,
    // /authentication matches a pinned id whatever its case: two that differ only in case would be one.
    'names one clientId twice, in different case',
  );

/** CLIENT_REDIRECTS_FILE: `{ clientId: [origins] }`. */
const clientRedirectsFile = fileVariable<ReadonlyMap<string, readonly string[]> | undefined>(
  (file) => {
    const json = readJson(file);
    if (!json.ok) return json;
    const parsed = clientRedirectsSchema.safeParse(json.value);
    if (!parsed.success)
      return {
        ok: false,
        errors: parsed.error.issues.map((i) => `${i.path.map(String).join('.') || 'file'}: ${i.message}`),
      };
    return {
      ok: true,
      value: new Map(
        Object.entries(parsed.data).map(([id, origins]) => [id, origins.map((o) => new URL(o).origin)]),
      ),
    };
  },
  () => undefined,
);

/** LINKS_FILE: the per-environment agreement, privacy and feedback links, or the built-in table. */
const linksFile = fileVariable((file) => {
  const json = readJson(file);
  if (!json.ok) return json;
  const parsed = parseLinks(json.value);
  return parsed.ok ? { ok: true, value: parsed.links } : parsed;
}, builtInLinks);

/** The captcha provider: CAPTCHA_PROVIDER, else aliyun in production and local elsewhere. */
function captchaProvider(c: { CAPTCHA_PROVIDER?: 'local' | 'aliyun'; APP_ENV?: AppEnv }): 'local' | 'aliyun' {
  return c.CAPTCHA_PROVIDER ?? (c.APP_ENV === 'production' ? 'aliyun' : 'local');
}

type CookieVariables = { APP_ENV?: AppEnv; COOKIE_NAME?: string; COOKIE_LEGACY_NAME?: string };

/** The session cookie's name: COOKIE_NAME, else the __Host- one in production. */
function cookieNameOf(c: CookieVariables): string {
  return c.COOKIE_NAME ?? (c.APP_ENV === 'production' ? PRODUCTION_COOKIE_NAME : DEFAULT_COOKIE_NAME);
}

/**
 * The earlier name still read: COOKIE_LEGACY_NAME, else the one production used before, so that
 * an upgrade signs nobody out; only while COOKIE_NAME is defaulted (an operator who names the
 * cookie names its predecessor too).
 */
function legacyCookieNameOf(c: CookieVariables): string | undefined {
  if (c.COOKIE_LEGACY_NAME === NO_LEGACY_COOKIE) return undefined;
  if (c.COOKIE_LEGACY_NAME !== undefined) return c.COOKIE_LEGACY_NAME;
  return c.APP_ENV === 'production' && c.COOKIE_NAME === undefined ? DEFAULT_COOKIE_NAME : undefined;
}

type RedisVariables = {
  REDIS_URL?: string;
  REDIS_SENTINELS?: RedisNode[];
  REDIS_SENTINEL_NAME?: string;
  REDIS_SENTINEL_USERNAME?: string;
  REDIS_SENTINEL_PASSWORD?: string;
  REDIS_CLUSTER_NODES?: RedisNode[];
  REDIS_USERNAME?: string;
  REDIS_PASSWORD?: string;
  REDIS_TLS?: boolean;
  REDIS_CA_FILE?: string;
  REDIS_COMMAND_TIMEOUT_MS?: number;
  RATE_LIMIT_HASH_KEY?: string;
};

/** The ways of reaching Redis, one of which at most may be set. */
const REDIS_WAYS = ['REDIS_URL', 'REDIS_SENTINELS', 'REDIS_CLUSTER_NODES'] as const;

/** The Redis settings that contradict each other or lack their partner, one issue each. */
function checkRedis(c: RedisVariables, ctx: z.RefinementCtx): void {
  const issue = (variable: keyof RedisVariables, message: string) =>
    ctx.addIssue({ code: 'custom', path: [variable], message });
  const ways = REDIS_WAYS.filter((name) => c[name] !== undefined);
  for (const extra of ways.slice(1))
    issue(extra, `cannot be combined with ${ways[0]}: set one way to reach Redis`);
  const way = ways[0];
  if (way && !c.RATE_LIMIT_HASH_KEY)
    issue('RATE_LIMIT_HASH_KEY', `is required with ${way}, so that every replica keys the same client alike`);

  if (c.REDIS_SENTINELS && !c.REDIS_SENTINEL_NAME)
    issue('REDIS_SENTINEL_NAME', 'is required with REDIS_SENTINELS (the master name the sentinels monitor)');
  for (const name of ['REDIS_SENTINEL_NAME', 'REDIS_SENTINEL_USERNAME', 'REDIS_SENTINEL_PASSWORD'] as const)
    if (c[name] !== undefined && !c.REDIS_SENTINELS) issue(name, 'needs REDIS_SENTINELS');

  for (const name of ['REDIS_USERNAME', 'REDIS_PASSWORD', 'REDIS_TLS'] as const) {
    if (c[name] === undefined) continue;
    if (c.REDIS_URL)
      issue(name, 'cannot be combined with REDIS_URL: the URL carries it (rediss://user:password@host:port)');
    else if (!way) issue(name, 'needs REDIS_SENTINELS or REDIS_CLUSTER_NODES');
  }
  if (c.REDIS_USERNAME !== undefined && c.REDIS_PASSWORD === undefined)
    issue('REDIS_USERNAME', 'needs REDIS_PASSWORD (an ACL user signs in with both)');
  if (c.REDIS_SENTINEL_USERNAME !== undefined && c.REDIS_SENTINEL_PASSWORD === undefined)
    issue('REDIS_SENTINEL_USERNAME', 'needs REDIS_SENTINEL_PASSWORD (an ACL user signs in with both)');

  if (c.REDIS_CA_FILE !== undefined) {
    if (!way) issue('REDIS_CA_FILE', 'needs a Redis (REDIS_URL, REDIS_SENTINELS or REDIS_CLUSTER_NODES)');
    else if (c.REDIS_URL && !c.REDIS_URL.startsWith('rediss:'))
      issue('REDIS_CA_FILE', 'needs a rediss:// REDIS_URL (TLS)');
    else if (!c.REDIS_URL && c.REDIS_TLS !== true) issue('REDIS_CA_FILE', 'needs REDIS_TLS=true');
  }
}

const authOf = (username: string | undefined, password: string | undefined): RedisAuth | undefined =>
  password === undefined ? undefined : { username, password };

/** Where the rate-limit counters live, from the variables checkRedis took; undefined: in this process. */
function redisTarget(c: RedisVariables): RedisTarget | undefined {
  const commandTimeoutMs = c.REDIS_COMMAND_TIMEOUT_MS;
  // A rediss:// URL turns TLS on by itself; REDIS_CA_FILE only adds the CAs.
  if (c.REDIS_URL)
    return {
      mode: 'single',
      url: c.REDIS_URL,
      tls: c.REDIS_CA_FILE ? { caFile: c.REDIS_CA_FILE } : undefined,
      commandTimeoutMs,
    };
  const auth = authOf(c.REDIS_USERNAME, c.REDIS_PASSWORD);
  const tls = c.REDIS_TLS ? { caFile: c.REDIS_CA_FILE } : undefined;
  if (c.REDIS_SENTINELS && c.REDIS_SENTINEL_NAME)
    return {
      mode: 'sentinel',
      name: c.REDIS_SENTINEL_NAME,
      sentinels: c.REDIS_SENTINELS,
      auth,
      sentinelAuth: authOf(c.REDIS_SENTINEL_USERNAME, c.REDIS_SENTINEL_PASSWORD),
      tls,
      commandTimeoutMs,
    };
  if (c.REDIS_CLUSTER_NODES)
    return { mode: 'cluster', nodes: c.REDIS_CLUSTER_NODES, auth, tls, commandTimeoutMs };
  return undefined;
}

const schema = z
  .object({
    PORT: port.default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    UAA_UPSTREAM: httpUrl.optional(),
    /**
     * The service's own origin as people reach it (https://sso.example.com): the host and scheme
     * the UAA is told in X-Forwarded-Host and -Proto, whatever Host the request came with.
     */
    PUBLIC_ORIGIN: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) origin', abort: true })
      .refine(
        (v) => new URL(v).origin === v.replace(/\/$/, ''),
        'must be an origin (scheme, host and port, no path)',
      )
      .optional(),
    APP_ENV: z
      .enum(APP_ENVS as [AppEnv, ...AppEnv[]], { error: `must be one of ${APP_ENVS.join(', ')}` })
      .optional(),
    /** Unset: `__Host-uaa-token` in production, `uaa-token` elsewhere (a __Host- cookie needs Secure). */
    COOKIE_NAME: cookieName.optional(),
    /**
     * The name of an earlier session cookie still read, never set, while a browser has no cookie of
     * COOKIE_NAME (a rolling upgrade); `none`: not read. Unset: `uaa-token` in production while
     * COOKIE_NAME is unset (the name production used before it took the prefix), else none.
     */
    COOKIE_LEGACY_NAME: z.union([z.literal(NO_LEGACY_COOKIE), cookieName]).optional(),
    COOKIE_SECURE: bool.optional(),
    REDIRECT_ALLOWLIST: redirectDomains.default([]),
    ALLOWLIST_URL: httpUrl.optional(),
    ALLOWLIST_TTL_S: z.coerce
      .number({ error: 'must be seconds' })
      .int()
      .min(5, 'must be at least 5')
      .default(300),
    TRUST_PROXY: trustProxy.default(['loopback']),
    /**
     * Which of X-Request-Id, traceparent, tracestate and baggage the BFF takes from a proxy
     * TRUST_PROXY trusts (comma-separated; `none`: none, the BFF makes its own request ids and
     * starts its own traces). All four by default: nginx.conf sets or clears each; an ingress
     * that passes a browser's on must not be trusted for it.
     */
    TRUST_PROXY_HEADERS: trustProxyHeaders.default([...PROXY_ONLY_HEADERS]),
    RATE_LIMITS_FILE: rateLimitsFile,
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
    /** Redis through Sentinel: the sentinels (host:port, comma-separated) and the master name they watch. */
    REDIS_SENTINELS: redisNodes(26379).optional(),
    REDIS_SENTINEL_NAME: z
      .string()
      .regex(/^[\x21-\x7e]{1,128}$/, 'must be a master name without spaces')
      .optional(),
    /** The sentinels' own user, when they require one (`requirepass` or ACL in sentinel.conf). */
    REDIS_SENTINEL_USERNAME: z.string().optional(),
    REDIS_SENTINEL_PASSWORD: redisPassword.optional(),
    /** Redis Cluster: some of its nodes (host:port, comma-separated), from which the client learns the rest. */
    REDIS_CLUSTER_NODES: redisNodes(6379).optional(),
    /** The ACL user (or, alone, the requirepass password) of the primary, replicas or cluster nodes. */
    REDIS_USERNAME: z.string().optional(),
    REDIS_PASSWORD: redisPassword.optional(),
    /** TLS to the sentinels and nodes (with REDIS_URL: rediss://). */
    REDIS_TLS: bool.optional(),
    /** Extra CAs (PEM) trusted for Redis's TLS certificates, on top of the system's. */
    REDIS_CA_FILE: caFile,
    REDIS_COMMAND_TIMEOUT_MS: wholeMs(50, 10_000).default(COMMAND_TIMEOUT_MS),
    RATE_LIMIT_HASH_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Security events to this file (appended, one JSON line each) instead of standard output. */
    SECURITY_LOG_FILE: z.string().min(1).optional(),
    /**
     * HMAC key of the sessions and targets in the security events; the same on every replica and
     * across restarts, so that events join. Unset: RATE_LIMIT_HASH_KEY, else a key of this process.
     */
    SECURITY_LOG_HASH_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * The security team's public key (PEM, or a file holding it): each stream's first seal key
     * goes to it, encrypted (ADR 0010). Unset: the stream is a hash chain, which no one can verify
     * against a forger.
     */
    SECURITY_LOG_SEAL_PUBLIC_KEY: sealKey,
    /** How long each seal key lives, and how often an epoch event seals the stream so far. */
    SECURITY_LOG_SEAL_EPOCH_S: z.coerce
      .number({ error: 'must be seconds' })
      .int('must be whole seconds')
      .min(60, 'must be at least 60')
      .max(86_400, 'must be at most 86400 (a day)')
      .default(DEFAULT_SEAL_EPOCH_S),
    /** The syslog collector the events are shipped to as well (RFC 5424 over TCP or TLS). */
    SECURITY_LOG_SYSLOG: syslogUrl.optional(),
    /** Events held while the collector is away; beyond, the newest are dropped (an event and a metric say so). */
    SECURITY_LOG_SYSLOG_BUFFER: z.coerce
      .number({ error: 'must be a number of events' })
      .int('must be a whole number of events')
      .min(100, 'must be at least 100')
      .max(1_000_000, 'must be at most 1000000 (about 500 MB of memory)')
      .optional(),
    /** Extra CAs (PEM) trusted for a tls:// collector's certificate, on top of the system's. */
    SECURITY_LOG_SYSLOG_CA_FILE: caFile,
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters without spaces')
      .optional(),
    CAPTCHA_PROVIDER: z.enum(['local', 'aliyun'], { error: 'must be local or aliyun' }).optional(),
    ALIYUN_CAPTCHA_PREFIX: z.string().optional(),
    ALIYUN_CAPTCHA_SCENE_ID: z.string().optional(),
    ALIYUN_CAPTCHA_REGION: z.string().default('cn'),
    OPENER_ORIGINS: csv.optional(),
    LINKS_FILE: linksFile,
    UPLOAD_UPSTREAM: httpUrl.optional(),
    UAA_CA_FILE: caFile,
    DEV_UPSTREAM: httpUrl.optional(),
    CLIENT_REDIRECTS_FILE: clientRedirectsFile,
    TOKEN_JSON_PATHS: csv.default(['data.token']),
    LOCAL_UAA_DATA: z.string().min(1).optional(),
    BRAND_PREFIX: z
      .string()
      .regex(BRAND_PREFIX_PATTERN, 'must be a lower-case word of letters and digits, starting with a letter')
      .default(DEFAULT_BRAND_PREFIX),
    STATIC_DIR: z.string().min(1).default('dist/client'),
    /**
     * The signed-in pages' renderer's old generation, in MB (documents/server-render.ts). It holds about
     * 15 MB once loaded and peaks near 45 MB with 8 renders at once: 64 leaves room for those and
     * keeps it, with its young generation and code (about 170 MB at most), beside the BFF in
     * the container's 384 MB. Below 32 it would collect without end; beyond it dies alone.
     */
    RENDERER_MAX_OLD_SPACE_MB: z.coerce
      .number({ error: 'must be megabytes' })
      .int('must be whole megabytes')
      .min(32, 'must be at least 32 (the renderer holds about 20 MB after its first pages)')
      .max(1024, 'must be at most 1024 (the renderer shares its container with the BFF)')
      .default(64),
    /**
     * How long a signed-in page's document waits for its first screen from the UAA
     * (documents/first-screen.ts: the user, the modules, the first rows) and for its render
     * (documents/server-render.ts), in ms. Past either the shell answers, which the app fills itself.
     * Raised on a machine whose renders are slow for a reason an operator knows; the shell is the
     * faster page once these exceed what the scripts take.
     */
    FIRST_SCREEN_TIMEOUT_MS: wholeMs(100, 10_000).default(FIRST_SCREEN_TIMEOUT_MS),
    RENDER_TIMEOUT_MS: wholeMs(50, HUNG_RENDER_MS).default(RENDER_TIMEOUT_MS),
    /**
     * Traces (tracing/start.ts) are on when OpenTelemetry's own endpoint variable is set: the
     * collector's base URL (port 4318 for OTLP over HTTP), or its traces URL. The SDK reads these
     * and its other OTEL_* variables itself; the ones checked here stop the process when
     * misspelt, instead of leaving it silently untraced.
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
    OTEL_EXPORTER_OTLP_PROTOCOL: z
      .enum(['http/protobuf', 'http/json', 'grpc'], { error: 'must be http/protobuf, http/json or grpc' })
      .optional(),
    OTEL_TRACES_SAMPLER: z
      .enum(
        [
          'always_on',
          'always_off',
          'traceidratio',
          'parentbased_always_on',
          'parentbased_always_off',
          'parentbased_traceidratio',
        ],
        { error: 'must be one of the SDK samplers (parentbased_traceidratio, always_on…)' },
      )
      .optional(),
    OTEL_TRACES_SAMPLER_ARG: z.coerce
      .number({ error: 'must be a ratio from 0 to 1' })
      .min(0, 'must be a ratio from 0 to 1')
      .max(1, 'must be a ratio from 0 to 1')
      .optional(),
    OTEL_SERVICE_NAME: z.string().min(1).optional(),
    OTEL_SDK_DISABLED: bool.optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be a pino level',
      })
      .default('info'),
  })
  .superRefine((c, ctx) => {
    if (c.APP_ENV === 'production' && !c.UAA_UPSTREAM) {
      ctx.addIssue({
        code: 'custom',
        path: ['UAA_UPSTREAM'],
        message: 'is required when APP_ENV=production',
      });
    }
    if (c.APP_ENV === 'production' && !c.PUBLIC_ORIGIN) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_ORIGIN'],
        message: "is required when APP_ENV=production (the host the UAA is told, never the browser's)",
      });
    }
    if (c.APP_ENV === 'production' && !c.SECURITY_LOG_HASH_KEY && !c.RATE_LIMIT_HASH_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['SECURITY_LOG_HASH_KEY'],
        message:
          "is required when APP_ENV=production (or RATE_LIMIT_HASH_KEY): a process's own key leaves the security events' hashes unjoinable across restarts and replicas",
      });
    }
    if (!c.SECURITY_LOG_SYSLOG)
      for (const name of ['SECURITY_LOG_SYSLOG_BUFFER', 'SECURITY_LOG_SYSLOG_CA_FILE'] as const)
        if (c[name] !== undefined)
          ctx.addIssue({ code: 'custom', path: [name], message: 'needs SECURITY_LOG_SYSLOG' });
    if (c.SECURITY_LOG_SYSLOG_CA_FILE !== undefined && c.SECURITY_LOG_SYSLOG?.protocol === 'tcp')
      ctx.addIssue({
        code: 'custom',
        path: ['SECURITY_LOG_SYSLOG_CA_FILE'],
        message: 'needs a tls:// SECURITY_LOG_SYSLOG',
      });
    if (c.APP_ENV === 'production' && c.COOKIE_SECURE === false) {
      ctx.addIssue({ code: 'custom', path: ['COOKIE_SECURE'], message: 'cannot be false in production' });
    }
    if (captchaProvider(c) === 'aliyun' && (!c.ALIYUN_CAPTCHA_PREFIX || !c.ALIYUN_CAPTCHA_SCENE_ID)) {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_PROVIDER'],
        message: `aliyun${c.CAPTCHA_PROVIDER ? '' : ' (the default in production)'} needs ALIYUN_CAPTCHA_PREFIX and ALIYUN_CAPTCHA_SCENE_ID`,
      });
    }
    checkRedis(c, ctx);
    if (c.COOKIE_NAME && /^__(Host|Secure)-/.test(c.COOKIE_NAME) && c.COOKIE_SECURE === false) {
      ctx.addIssue({
        code: 'custom',
        path: ['COOKIE_SECURE'],
        message: `cannot be false with COOKIE_NAME=${c.COOKIE_NAME} (browsers refuse such a cookie without Secure)`,
      });
    }
    if (c.COOKIE_LEGACY_NAME !== undefined && c.COOKIE_LEGACY_NAME === cookieNameOf(c)) {
      ctx.addIssue({
        code: 'custom',
        path: ['COOKIE_LEGACY_NAME'],
        message: `is the session cookie's own name: name the earlier one, or ${NO_LEGACY_COOKIE}`,
      });
    }
    if (c.DEV_UPSTREAM && c.APP_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['DEV_UPSTREAM'], message: 'is refused in production' });
    }
    if (c.DEV_UPSTREAM && !c.UAA_UPSTREAM) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_UPSTREAM'],
        message: 'needs UAA_UPSTREAM (without it the local UAA is embedded and serves its own dev pages)',
      });
    }
    if (c.APP_ENV === 'production' && c.CAPTCHA_PROVIDER === 'local') {
      ctx.addIssue({ code: 'custom', path: ['CAPTCHA_PROVIDER'], message: 'local is refused in production' });
    }
  })
  .transform((c) => ({
    port: c.PORT,
    host: c.HOST,
    /** Unset: the local UAA is embedded (demo mode). */
    uaaUpstream: c.UAA_UPSTREAM?.replace(/\/+$/, ''),
    appEnv: c.APP_ENV,
    /** PUBLIC_ORIGIN; unset (never in production), see `publicOriginFor`. */
    publicOrigin: c.PUBLIC_ORIGIN ? new URL(c.PUBLIC_ORIGIN).origin : undefined,
    cookieName: cookieNameOf(c),
    /** An earlier session cookie's name, read while COOKIE_NAME's is absent; undefined: none. */
    cookieLegacyName: legacyCookieNameOf(c),
    cookieSecure: c.COOKIE_SECURE,
    redirectAllowlist: c.REDIRECT_ALLOWLIST,
    allowlistUrl: c.ALLOWLIST_URL,
    allowlistTtlS: c.ALLOWLIST_TTL_S,
    /** Express's `trust proxy`: a hop count, or addresses, CIDRs and names (loopback...). */
    trustProxy: c.TRUST_PROXY,
    /** The request-id and trace headers taken from a trusted proxy (none from any other peer). */
    trustProxyHeaders: c.TRUST_PROXY_HEADERS,
    /** Re-read on SIGHUP. */
    rateLimitsFile: c.RATE_LIMITS_FILE.file,
    /** The rules from RATE_LIMITS_FILE, or the built-in defaults. */
    rateLimitRules: c.RATE_LIMITS_FILE.rules,
    /** The shared rate-limit store; unset: counters in this process. */
    redis: redisTarget(c),
    rateLimitHashKey: c.RATE_LIMIT_HASH_KEY,
    metricsToken: c.METRICS_TOKEN,
    securityLogFile: c.SECURITY_LOG_FILE,
    securityLogHashKey: c.SECURITY_LOG_HASH_KEY ?? c.RATE_LIMIT_HASH_KEY,
    /** The seal's public key (undefined: a hash chain) and each key's life. */
    securityLogSeal: { publicKey: c.SECURITY_LOG_SEAL_PUBLIC_KEY, epochSeconds: c.SECURITY_LOG_SEAL_EPOCH_S },
    /** The syslog collector the sealed lines are shipped to; undefined: none. */
    securityLogSyslog: c.SECURITY_LOG_SYSLOG && {
      target: { ...c.SECURITY_LOG_SYSLOG, caFile: c.SECURITY_LOG_SYSLOG_CA_FILE },
      bufferSize: c.SECURITY_LOG_SYSLOG_BUFFER ?? DEFAULT_SYSLOG_BUFFER,
    },
    captcha: {
      provider: captchaProvider(c),
      prefix: c.ALIYUN_CAPTCHA_PREFIX,
      sceneId: c.ALIYUN_CAPTCHA_SCENE_ID,
      region: c.ALIYUN_CAPTCHA_REGION,
    },
    openerOrigins: c.OPENER_ORIGINS,
    /** LINKS_FILE's table, or the built-in one. */
    links: c.LINKS_FILE,
    uploadUpstream: c.UPLOAD_UPSTREAM?.replace(/\/+$/, ''),
    /** Extra CAs (PEM) trusted for the upstream, on top of the system's. */
    uaaCaFile: c.UAA_CA_FILE,
    /** A local UAA reached over HTTP whose /__dev pages and outbox the BFF serves (tests, never production). */
    devUpstream: c.DEV_UPSTREAM?.replace(/\/+$/, ''),
    /** clientId → the origins its one-time codes may go to; unset: any allow-listed host. */
    clientRedirects: c.CLIENT_REDIRECTS_FILE,
    tokenJsonPaths: c.TOKEN_JSON_PATHS,
    localUaaData: c.LOCAL_UAA_DATA,
    staticDir: c.STATIC_DIR,
    rendererMaxOldSpaceMb: c.RENDERER_MAX_OLD_SPACE_MB,
    firstScreenTimeoutMs: c.FIRST_SCREEN_TIMEOUT_MS,
    renderTimeoutMs: c.RENDER_TIMEOUT_MS,
    /** The sub-brand's route prefix: `/${brandPrefix}-login` and so on. */
    brandPrefix: c.BRAND_PREFIX,
    logLevel: c.LOG_LEVEL,
    /** OpenTelemetry's SDK is started (with the OTEL_* variables as it reads them). */
    tracing:
      Boolean(c.OTEL_EXPORTER_OTLP_ENDPOINT ?? c.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) && !c.OTEL_SDK_DISABLED,
    /** The service's name in the traces: OTEL_SERVICE_NAME, else the BFF's own. */
    tracingServiceName: c.OTEL_SERVICE_NAME ?? 'uaa-sso-bff',
    /**
     * The share of the traces the BFF starts itself when it samples as parentbased_traceidratio:
     * without OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG, else a tenth; with that sampler
     * named, its argument, else all (the SDK's default). Another sampler named: undefined, the
     * SDK's sampler as named.
     */
    tracingRatio:
      c.OTEL_TRACES_SAMPLER === undefined
        ? (c.OTEL_TRACES_SAMPLER_ARG ?? DEFAULT_TRACE_RATIO)
        : c.OTEL_TRACES_SAMPLER === 'parentbased_traceidratio'
          ? (c.OTEL_TRACES_SAMPLER_ARG ?? 1)
          : undefined,
  }));

/** Traces started here when OTEL_TRACES_SAMPLER is unset: a tenth (docs/operations.md "Tracing"). */
export const DEFAULT_TRACE_RATIO = 0.1;

// A loopback name, with its port: `localhost:8080`, `127.0.0.1`, `[::1]:3000`, `app.localhost`.
const LOOPBACK_HOST =
  /^(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/**
 * The origin the UAA is told for a request (X-Forwarded-Host and -Proto): PUBLIC_ORIGIN when
 * set, as production requires. Unset (development, the demo, tests), the loopback host the
 * browser reached (a developer at 127.0.0.1 gets OAuth consent addresses at 127.0.0.1), else
 * `http://localhost:PORT`: never another host a request names.
 */
export function publicOriginFor(config: { publicOrigin?: string; port: number }) {
  if (config.publicOrigin) {
    const configured = new URL(config.publicOrigin);
    return (): URL => configured;
  }
  const fallback = new URL(`http://localhost:${config.port}`);
  return (req: { headers: { host?: string }; protocol: string }): URL => {
    const host = req.headers.host ?? '';
    return LOOPBACK_HOST.test(host) ? new URL(`${req.protocol}://${host}`) : fallback;
  };
}

/** Every environment variable the schema reads (deploy/'s manifests may set no other: tests/deploy). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.in.shape);

/** The BFF's configuration, as the schema gives it. */
export type Config = z.output<typeof schema>;

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

// Values never echoed in an error line: they are secrets or may carry one.
const SECRET_VARIABLES = new Set([
  'RATE_LIMIT_HASH_KEY',
  'SECURITY_LOG_HASH_KEY',
  // Meant to be public, but a private key set there by mistake must not reach a log.
  'SECURITY_LOG_SEAL_PUBLIC_KEY',
  'METRICS_TOKEN',
  'REDIS_URL',
  'REDIS_PASSWORD',
  'REDIS_SENTINEL_PASSWORD',
  // A collector's URL may hold its credentials.
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
]);

/** Parses an environment; never throws, never exits (index.ts does that). */
export function parseConfig(env: Record<string, string | undefined>): ConfigResult {
  // Empty strings count as unset, as shells and compose files often pass them.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(present);
  if (result.success) return { ok: true, config: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'config');
      const value = SECRET_VARIABLES.has(name) ? undefined : present[name];
      return `${name}${value === undefined ? '' : `=${JSON.stringify(value)}`}: ${issue.message}`;
    }),
  };
}

/** The process's own configuration: the only place that reads process.env. */
export function configFromProcess(): ConfigResult {
  return parseConfig(process.env);
}
