/**
 * Runtime configuration (DESIGN.md §4): read from the environment once, at start, and nowhere
 * else. Every bad value is reported, one line each, and the process refuses to start.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { APP_ENVS, type AppEnv } from '@shared/environment';
import { BRAND_PREFIX_PATTERN, DEFAULT_BRAND_PREFIX } from '@shared/routes';
import { DEFAULT_RULES, loadRulesFile, type RateLimitRule } from './rate-limit/rules';

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
const bool = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');
const port = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a port number')
  .min(0, 'must be a port number')
  .max(65535, 'must be a port number');
const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
// Express's `trust proxy`: a hop count or a list of addresses/CIDRs/names, never blanket `true`.
const trustProxy = z
  .string()
  .refine((v) => !['true', '*'].includes(v.trim().toLowerCase()), 'must be a hop count or CIDRs, never true')
  .transform((v): number | string[] =>
    /^\d+$/.test(v.trim()) ? Number(v) : v.split(',').map((s) => s.trim()),
  );

const schema = z
  .object({
    PORT: port.default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    UAA_UPSTREAM: httpUrl.optional(),
    APP_ENV: z
      .enum(APP_ENVS as [AppEnv, ...AppEnv[]], { error: `must be one of ${APP_ENVS.join(', ')}` })
      .optional(),
    COOKIE_NAME: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a cookie name of letters, digits, _ or -')
      .default('uaa-token'),
    COOKIE_SECURE: bool.optional(),
    REDIRECT_ALLOWLIST: csv.default([]),
    ALLOWLIST_URL: httpUrl.optional(),
    ALLOWLIST_TTL_S: z.coerce
      .number({ error: 'must be seconds' })
      .int()
      .min(5, 'must be at least 5')
      .default(300),
    TRUST_PROXY: trustProxy.default(['loopback']),
    RATE_LIMITS_FILE: z.string().min(1).optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional(),
    RATE_LIMIT_HASH_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters without spaces')
      .optional(),
    CAPTCHA_PROVIDER: z.enum(['local', 'aliyun'], { error: 'must be local or aliyun' }).optional(),
    ALIYUN_CAPTCHA_PREFIX: z.string().optional(),
    ALIYUN_CAPTCHA_SCENE_ID: z.string().optional(),
    ALIYUN_CAPTCHA_REGION: z.string().default('cn'),
    OPENER_ORIGINS: csv.optional(),
    LINKS_FILE: z.string().min(1).optional(),
    UPLOAD_UPSTREAM: httpUrl.optional(),
    UAA_CA_FILE: z.string().min(1).optional(),
    DEV_UPSTREAM: httpUrl.optional(),
    CLIENT_REDIRECTS_FILE: z.string().min(1).optional(),
    TOKEN_JSON_PATHS: csv.default(['data.token']),
    LOCAL_UAA_DATA: z.string().min(1).optional(),
    BRAND_PREFIX: z
      .string()
      .regex(BRAND_PREFIX_PATTERN, 'must be a lower-case word of letters and digits, starting with a letter')
      .default(DEFAULT_BRAND_PREFIX),
    STATIC_DIR: z.string().min(1).default('dist/client'),
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
    if (c.APP_ENV === 'production' && c.COOKIE_SECURE === false) {
      ctx.addIssue({ code: 'custom', path: ['COOKIE_SECURE'], message: 'cannot be false in production' });
    }
    if (c.CAPTCHA_PROVIDER === 'aliyun' && (!c.ALIYUN_CAPTCHA_PREFIX || !c.ALIYUN_CAPTCHA_SCENE_ID)) {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_PROVIDER'],
        message: 'aliyun needs ALIYUN_CAPTCHA_PREFIX and ALIYUN_CAPTCHA_SCENE_ID',
      });
    }
    if (c.REDIS_URL && !c.RATE_LIMIT_HASH_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['RATE_LIMIT_HASH_KEY'],
        message: 'is required with REDIS_URL, so that every replica keys the same client alike',
      });
    }
    if (/^__(Host|Secure)-/.test(c.COOKIE_NAME) && c.COOKIE_SECURE === false) {
      ctx.addIssue({
        code: 'custom',
        path: ['COOKIE_SECURE'],
        message: `cannot be false with COOKIE_NAME=${c.COOKIE_NAME} (browsers refuse such a cookie without Secure)`,
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
  });

type Parsed = z.infer<typeof schema>;

export interface Config {
  port: number;
  host: string;
  /** Unset: the local UAA is embedded (demo mode). */
  uaaUpstream: string | undefined;
  appEnv: AppEnv | undefined;
  cookieName: string;
  cookieSecure: boolean | undefined;
  redirectAllowlist: string[];
  allowlistUrl: string | undefined;
  allowlistTtlS: number;
  trustProxy: number | string[];
  rateLimitsFile: string | undefined;
  /** The rules from RATE_LIMITS_FILE, or the built-in defaults (fewer with the embedded local UAA). */
  rateLimitRules: RateLimitRule[];
  redisUrl: string | undefined;
  rateLimitHashKey: string | undefined;
  metricsToken: string | undefined;
  captcha: { provider: 'local' | 'aliyun'; prefix?: string; sceneId?: string; region: string };
  openerOrigins: string[] | undefined;
  linksFile: string | undefined;
  uploadUpstream: string | undefined;
  /** Extra CAs (PEM) trusted for the upstream, on top of the system's. */
  uaaCaFile: string | undefined;
  /** A local UAA reached over HTTP whose /__dev pages and outbox the BFF serves (tests, never production). */
  devUpstream: string | undefined;
  /** clientId → the origins its one-time codes may go to; unset: any allow-listed host. */
  clientRedirects: ReadonlyMap<string, readonly string[]> | undefined;
  tokenJsonPaths: string[];
  localUaaData: string | undefined;
  staticDir: string;
  /** The sub-brand's route prefix: `/${brandPrefix}-login` and so on. */
  brandPrefix: string;
  logLevel: Parsed['LOG_LEVEL'];
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; errors: string[] };

// Values never echoed in an error line: they are secrets or may carry one.
const SECRET_VARIABLES = new Set(['RATE_LIMIT_HASH_KEY', 'METRICS_TOKEN', 'REDIS_URL']);

function rulesFrom(file: string | undefined): { rules: RateLimitRule[]; errors: string[] } {
  if (!file) return { rules: DEFAULT_RULES, errors: [] };
  const loaded = loadRulesFile(file);
  if (loaded.ok) return { rules: loaded.rules, errors: [] };
  return {
    rules: [],
    errors: loaded.errors.map((problem) => `RATE_LIMITS_FILE=${JSON.stringify(file)}: ${problem}`),
  };
}

/** The CA bundle must be readable and hold at least one PEM certificate. */
function caFileErrors(file: string | undefined): string[] {
  if (!file) return [];
  try {
    const text = readFileSync(file, 'utf8');
    return text.includes('-----BEGIN CERTIFICATE-----')
      ? []
      : [`UAA_CA_FILE=${JSON.stringify(file)}: holds no PEM certificate`];
  } catch (err) {
    return [
      `UAA_CA_FILE=${JSON.stringify(file)}: cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    ];
  }
}

const clientRedirectsSchema = z.record(
  z.string().regex(/^[\x21-\x7e]{1,128}$/, 'must be a clientId'),
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
);

/** CLIENT_REDIRECTS_FILE: `{ clientId: [origins] }`, every problem one line. */
function loadClientRedirects(file: string | undefined): {
  map?: ReadonlyMap<string, readonly string[]>;
  errors: string[];
} {
  if (!file) return { errors: [] };
  const where = `CLIENT_REDIRECTS_FILE=${JSON.stringify(file)}`;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return {
      errors: [
        `${where}: ${code ? `cannot be read (${code})` : `is not valid JSON (${(err as Error).message})`}`,
      ],
    };
  }
  const parsed = clientRedirectsSchema.safeParse(json);
  if (!parsed.success)
    return {
      errors: parsed.error.issues.map(
        (i) => `${where}: ${i.path.map(String).join('.') || 'file'}: ${i.message}`,
      ),
    };
  return {
    map: new Map(
      Object.entries(parsed.data).map(([id, origins]) => [id, origins.map((o) => new URL(o).origin)]),
    ),
    errors: [],
  };
}

/** Parses an environment; never throws, never exits (index.ts does that). */
export function parseConfig(env: Record<string, string | undefined>): ConfigResult {
  // Empty strings count as unset, as shells and compose files often pass them.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(present);
  const rateLimits = rulesFrom(present.RATE_LIMITS_FILE);
  const fileErrors = [...caFileErrors(present.UAA_CA_FILE)];
  const clientRedirects = loadClientRedirects(present.CLIENT_REDIRECTS_FILE);
  fileErrors.push(...clientRedirects.errors);
  if (!result.success || rateLimits.errors.length > 0 || fileErrors.length > 0) {
    const errors = (result.error?.issues ?? []).map((issue) => {
      const name = String(issue.path[0] ?? 'config');
      const value = SECRET_VARIABLES.has(name) ? undefined : present[name];
      return `${name}${value === undefined ? '' : `=${JSON.stringify(value)}`}: ${issue.message}`;
    });
    return { ok: false, errors: [...errors, ...rateLimits.errors, ...fileErrors] };
  }
  const c = result.data;
  return {
    ok: true,
    config: {
      port: c.PORT,
      host: c.HOST,
      uaaUpstream: c.UAA_UPSTREAM?.replace(/\/+$/, ''),
      appEnv: c.APP_ENV,
      cookieName: c.COOKIE_NAME,
      cookieSecure: c.COOKIE_SECURE,
      redirectAllowlist: c.REDIRECT_ALLOWLIST,
      allowlistUrl: c.ALLOWLIST_URL,
      allowlistTtlS: c.ALLOWLIST_TTL_S,
      trustProxy: c.TRUST_PROXY,
      rateLimitsFile: c.RATE_LIMITS_FILE,
      rateLimitRules: rateLimits.rules,
      redisUrl: c.REDIS_URL,
      rateLimitHashKey: c.RATE_LIMIT_HASH_KEY,
      metricsToken: c.METRICS_TOKEN,
      captcha: {
        provider: c.CAPTCHA_PROVIDER ?? (c.APP_ENV === 'production' ? 'aliyun' : 'local'),
        prefix: c.ALIYUN_CAPTCHA_PREFIX,
        sceneId: c.ALIYUN_CAPTCHA_SCENE_ID,
        region: c.ALIYUN_CAPTCHA_REGION,
      },
      openerOrigins: c.OPENER_ORIGINS,
      linksFile: c.LINKS_FILE,
      uploadUpstream: c.UPLOAD_UPSTREAM?.replace(/\/+$/, ''),
      uaaCaFile: c.UAA_CA_FILE,
      devUpstream: c.DEV_UPSTREAM?.replace(/\/+$/, ''),
      clientRedirects: clientRedirects.map,
      tokenJsonPaths: c.TOKEN_JSON_PATHS,
      localUaaData: c.LOCAL_UAA_DATA,
      staticDir: c.STATIC_DIR,
      brandPrefix: c.BRAND_PREFIX,
      logLevel: c.LOG_LEVEL,
    },
  };
}

/** The process's own configuration: the only place that reads process.env. */
export function configFromProcess(): ConfigResult {
  return parseConfig(process.env);
}
