import { spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseConfig, publicOriginFor } from './config';
import { DEFAULT_RULES, parseRules } from './rate-limit/rules';
import { builtInLinks } from './links';
import { writeJsonFile, writeRulesFile } from '@tests/support/bff-harness';

function errorsOf(env: Record<string, string>): string[] {
  const result = parseConfig(env);
  if (result.ok) throw new Error(`expected a refusal for ${JSON.stringify(env)}`);
  return result.errors;
}

describe('parseConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const result = parseConfig({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      uaaUpstream: undefined,
      appEnv: undefined,
      cookieName: 'uaa-token',
      cookieSecure: undefined,
      redirectAllowlist: [],
      allowlistTtlS: 300,
      trustProxy: ['loopback'],
      captcha: { provider: 'local' },
      tokenJsonPaths: ['data.token'],
      logLevel: 'info',
      rendererMaxOldSpaceMb: 64,
      firstScreenTimeoutMs: 1500,
      renderTimeoutMs: 500,
    });
  });

  it('reads good values and trims a trailing slash from the upstream', () => {
    const result = parseConfig({
      PORT: '9000',
      UAA_UPSTREAM: 'https://uaa.example.com/',
      APP_ENV: 'production',
      SECURITY_LOG_HASH_KEY: 'k'.repeat(32),
      PUBLIC_ORIGIN: 'https://sso.example.com/',
      ALIYUN_CAPTCHA_PREFIX: 'pfx',
      ALIYUN_CAPTCHA_SCENE_ID: 'scene',
      REDIRECT_ALLOWLIST: 'a.example.com, b.example.com',
      TRUST_PROXY: '2',
    });
    expect(result.ok && result.config).toMatchObject({
      port: 9000,
      uaaUpstream: 'https://uaa.example.com',
      appEnv: 'production',
      publicOrigin: 'https://sso.example.com',
      redirectAllowlist: ['a.example.com', 'b.example.com'],
      trustProxy: 2,
    });
  });

  it('refuses a redirect domain that would admit a whole top-level domain, or nothing', () => {
    // `example,com` for example.com, or a wildcard over a TLD: every .com host would get one-time codes.
    for (const typo of ['example,com', '*.com', '.com', 'com']) {
      expect(errorsOf({ REDIRECT_ALLOWLIST: typo }), typo).toContainEqual(
        expect.stringMatching(
          /^REDIRECT_ALLOWLIST=.*"(\*\.|\.)?com" is no domain like partner\.example\.com/,
        ),
      );
    }
    for (const nothing of [
      'https://partner.example.com',
      'partner.example.com:443',
      'partner.example.com/cb',
    ])
      expect(errorsOf({ REDIRECT_ALLOWLIST: nothing }), nothing).toHaveLength(1);
    const good = parseConfig({
      REDIRECT_ALLOWLIST: '*.example.com, .partner.example.org, localhost, 10.0.0.5',
    });
    expect(good.ok && good.config.redirectAllowlist).toEqual([
      '*.example.com',
      '.partner.example.org',
      'localhost',
      '10.0.0.5',
    ]);
  });

  it('tells the UAA PUBLIC_ORIGIN, else a loopback host the browser reached, else localhost on PORT', () => {
    const told = (env: Record<string, string>, host: string | undefined, protocol = 'http') => {
      const parsed = parseConfig(env);
      if (!parsed.ok) throw new Error(parsed.errors.join());
      return publicOriginFor(parsed.config)({ headers: { host }, protocol }).origin;
    };
    const configured = { PUBLIC_ORIGIN: 'https://sso.example.com:8443' };
    expect(told(configured, 'evil.example')).toBe('https://sso.example.com:8443');
    expect(told(configured, 'localhost:8080')).toBe('https://sso.example.com:8443');
    expect(told({ PORT: '9001' }, '127.0.0.1:9001')).toBe('http://127.0.0.1:9001');
    expect(told({ PORT: '9001' }, 'app.localhost:3000', 'https')).toBe('https://app.localhost:3000');
    expect(told({ PORT: '9001' }, '[::1]:9001')).toBe('http://[::1]:9001');
    for (const host of [
      'evil.example',
      'localhost.evil.example',
      '127.0.0.1.nip.io',
      'localhost:80@evil',
      undefined,
    ])
      expect(told({ PORT: '9001' }, host)).toBe('http://localhost:9001');
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ PORT: '', APP_ENV: '' })).toMatchObject({ ok: true, config: { port: 8080 } });
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['APP_ENV', { APP_ENV: 'prod' }],
    ['UAA_UPSTREAM', { UAA_UPSTREAM: 'not-a-url' }],
    [
      'UAA_UPSTREAM',
      {
        APP_ENV: 'production',
        SECURITY_LOG_HASH_KEY: 'k'.repeat(32),
        PUBLIC_ORIGIN: 'https://sso.example.com',
        ALIYUN_CAPTCHA_PREFIX: 'pfx',
        ALIYUN_CAPTCHA_SCENE_ID: 'scene',
      },
    ],
    [
      'PUBLIC_ORIGIN',
      {
        APP_ENV: 'production',
        SECURITY_LOG_HASH_KEY: 'k'.repeat(32),
        UAA_UPSTREAM: 'https://uaa.example.com',
        ALIYUN_CAPTCHA_PREFIX: 'pfx',
        ALIYUN_CAPTCHA_SCENE_ID: 'scene',
      },
    ],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'https://sso.example.com/login' }],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'javascript:alert(1)' }],
    ['PUBLIC_ORIGIN', { PUBLIC_ORIGIN: 'sso.example.com' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    // Ranges that trust the internet to say who it is, a hop count beyond any real chain, a host name.
    ['TRUST_PROXY', { TRUST_PROXY: '0.0.0.0/0' }],
    ['TRUST_PROXY', { TRUST_PROXY: '0.0.0.0/1' }],
    ['TRUST_PROXY', { TRUST_PROXY: '::/0' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'loopback,10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/255.0.0.0' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'proxy.internal' }],
    ['TRUST_PROXY', { TRUST_PROXY: '999' }],
    // A renderer that could not hold its pages, or one that could crowd the BFF out of its container.
    ['RENDERER_MAX_OLD_SPACE_MB', { RENDERER_MAX_OLD_SPACE_MB: '16' }],
    ['RENDERER_MAX_OLD_SPACE_MB', { RENDERER_MAX_OLD_SPACE_MB: '4096' }],
    ['RENDERER_MAX_OLD_SPACE_MB', { RENDERER_MAX_OLD_SPACE_MB: '64.5' }],
    ['RENDERER_MAX_OLD_SPACE_MB', { RENDERER_MAX_OLD_SPACE_MB: '64m' }],
    // A document that would wait on nothing, or longer than a hung render is let run.
    ['FIRST_SCREEN_TIMEOUT_MS', { FIRST_SCREEN_TIMEOUT_MS: '0' }],
    ['FIRST_SCREEN_TIMEOUT_MS', { FIRST_SCREEN_TIMEOUT_MS: '1.5s' }],
    ['FIRST_SCREEN_TIMEOUT_MS', { FIRST_SCREEN_TIMEOUT_MS: '60000' }],
    ['RENDER_TIMEOUT_MS', { RENDER_TIMEOUT_MS: '10' }],
    ['RENDER_TIMEOUT_MS', { RENDER_TIMEOUT_MS: '500.5' }],
    ['RENDER_TIMEOUT_MS', { RENDER_TIMEOUT_MS: '6000' }],
  ])('refuses with one line naming %s for %j', (name, env) => {
    const errors = errorsOf(env);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^${name}\\b`));
  });

  it.each(['loopback', 'uniquelocal, 172.16.0.0/12', '10.0.0.0/8', 'fc00::/7', '10.1.2.3', '2'])(
    'takes TRUST_PROXY=%s',
    (value) => {
      expect(parseConfig({ TRUST_PROXY: value }).ok).toBe(true);
    },
  );

  it("takes the document's waits in whole milliseconds", () => {
    expect(parseConfig({ FIRST_SCREEN_TIMEOUT_MS: '3000', RENDER_TIMEOUT_MS: '2000' })).toMatchObject({
      ok: true,
      config: { firstScreenTimeoutMs: 3000, renderTimeoutMs: 2000 },
    });
  });

  it('takes RENDERER_MAX_OLD_SPACE_MB in whole megabytes', () => {
    expect(parseConfig({ RENDERER_MAX_OLD_SPACE_MB: '96' })).toMatchObject({
      ok: true,
      config: { rendererMaxOldSpaceMb: 96 },
    });
  });

  it('refuses production without a key for the security events, which would join nothing across restarts', () => {
    const production = {
      APP_ENV: 'production',
      UAA_UPSTREAM: 'https://uaa.example.com',
      PUBLIC_ORIGIN: 'https://sso.example.com',
      ALIYUN_CAPTCHA_PREFIX: 'pfx',
      ALIYUN_CAPTCHA_SCENE_ID: 'scene',
    };
    expect(errorsOf(production)).toEqual([expect.stringMatching(/^SECURITY_LOG_HASH_KEY\b.*required/)]);
    expect(parseConfig({ ...production, RATE_LIMIT_HASH_KEY: 'r'.repeat(32) }).ok).toBe(true);
  });

  it('gives one line per bad variable', () => {
    const errors = errorsOf({ PORT: 'abc', APP_ENV: 'prod', UAA_UPSTREAM: 'not-a-url', TRUST_PROXY: 'true' });
    expect(errors).toHaveLength(4);
    for (const name of ['PORT', 'APP_ENV', 'UAA_UPSTREAM', 'TRUST_PROXY']) {
      expect(errors.filter((line) => line.startsWith(name))).toHaveLength(1);
    }
  });
});

describe("the session cookie's name", () => {
  const production = {
    APP_ENV: 'production',
    UAA_UPSTREAM: 'https://uaa.example.com',
    PUBLIC_ORIGIN: 'https://sso.example.com',
    SECURITY_LOG_HASH_KEY: 'k'.repeat(32),
    ALIYUN_CAPTCHA_PREFIX: 'p',
    ALIYUN_CAPTCHA_SCENE_ID: 's',
  };
  const cookieOf = (env: Record<string, string>) => {
    const result = parseConfig(env);
    if (!result.ok) throw new Error(result.errors.join('; '));
    return { name: result.config.cookieName, legacy: result.config.cookieLegacyName };
  };

  it('is __Host-uaa-token in production, reading uaa-token, its name before, while the new one is absent', () => {
    expect(cookieOf(production)).toEqual({ name: '__Host-uaa-token', legacy: 'uaa-token' });
  });

  it('stays uaa-token elsewhere (http://localhost has no Secure cookie to give a __Host- name)', () => {
    for (const env of [{}, { APP_ENV: 'development' }, { APP_ENV: 'staging' }] as Record<string, string>[])
      expect(cookieOf(env), JSON.stringify(env)).toEqual({ name: 'uaa-token', legacy: undefined });
  });

  it("is the operator's when COOKIE_NAME names one, with no legacy name unless COOKIE_LEGACY_NAME gives it", () => {
    expect(cookieOf({ ...production, COOKIE_NAME: 'uaa-token' })).toEqual({
      name: 'uaa-token',
      legacy: undefined,
    });
    expect(
      cookieOf({ ...production, COOKIE_NAME: '__Host-sso', COOKIE_LEGACY_NAME: '__Host-uaa-token' }),
    ).toEqual({ name: '__Host-sso', legacy: '__Host-uaa-token' });
  });

  it('reads no legacy name with COOKIE_LEGACY_NAME=none', () => {
    expect(cookieOf({ ...production, COOKIE_LEGACY_NAME: 'none' })).toEqual({
      name: '__Host-uaa-token',
      legacy: undefined,
    });
  });

  it("refuses a legacy name that is the cookie's own, or no cookie name at all", () => {
    expect(errorsOf({ ...production, COOKIE_LEGACY_NAME: '__Host-uaa-token' })).toEqual([
      'COOKIE_LEGACY_NAME="__Host-uaa-token": is the session cookie\'s own name: name the earlier one, or none',
    ]);
    expect(errorsOf({ COOKIE_LEGACY_NAME: 'uaa token' })[0]).toMatch(/^COOKIE_LEGACY_NAME="uaa token": /);
  });
});

describe('TRUST_PROXY_HEADERS', () => {
  const kept = (value?: string) => {
    const result = parseConfig(value === undefined ? {} : { TRUST_PROXY_HEADERS: value });
    if (!result.ok) throw new Error(result.errors.join('; '));
    return result.config.trustProxyHeaders;
  };

  it('takes all four from a trusted proxy by default (nginx.conf sets or clears each), and none with none', () => {
    expect(kept()).toEqual(['x-request-id', 'traceparent', 'tracestate', 'baggage']);
    expect(kept('none')).toEqual([]);
    expect(kept('NONE')).toEqual([]);
  });

  it('takes the ones it names, in any case', () => {
    expect(kept('Traceparent, tracestate,traceparent')).toEqual(['traceparent', 'tracestate']);
  });

  it('refuses a header that is not one of them', () => {
    expect(errorsOf({ TRUST_PROXY_HEADERS: 'traceparent,x-forwarded-for' })).toEqual([
      'TRUST_PROXY_HEADERS="traceparent,x-forwarded-for": "x-forwarded-for" is not one of x-request-id, traceparent, tracestate, baggage (or none)',
    ]);
  });
});

describe('LINKS_FILE', () => {
  const links = { home: '/', feedback: '/feedback', default: { agreement: '/a', privacy: '/p' } };

  it.each([
    ['a missing file', () => '/nonexistent/links.json', /cannot be read \(ENOENT\)/],
    ['bad JSON', () => writeJsonFile('links.json', '{'), /is not valid JSON/],
    [
      'a link that is neither an address nor a path here',
      () =>
        writeJsonFile('links.json', {
          development: links,
          staging: { ...links, home: 'javascript:alert(1)' },
          production: links,
        }),
      /: staging\.home: /,
    ],
    ['a missing environment', () => writeJsonFile('links.json', { development: links }), /: staging: /],
  ])('refuses %s with lines naming LINKS_FILE and the problem', (_what, make, problem) => {
    const file = make();
    const errors = errorsOf({ LINKS_FILE: file });
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((line) => line.startsWith(`LINKS_FILE=${JSON.stringify(file)}: `))).toBe(true);
    expect(errors.join('\n')).toMatch(problem);
  });

  it('reports a bad LINKS_FILE together with the other bad variables', () => {
    const errors = errorsOf({
      PORT: 'abc',
      LINKS_FILE: '/nonexistent/links.json',
      REDIS_URL: 'redis://r:6379',
    });
    expect(errors.map((line) => line.split(/[=:]/)[0])).toEqual(['PORT', 'LINKS_FILE']);
    expect(errorsOf({ LINKS_FILE: '/nonexistent/links.json', REDIS_URL: 'redis://r:6379' })).toEqual([
      expect.stringMatching(/^LINKS_FILE=/),
      expect.stringMatching(/^RATE_LIMIT_HASH_KEY: /),
    ]);
  });

  it('gives the table of a good file, and the built-in one without a file', () => {
    const file = writeJsonFile('links.json', { development: links, staging: links, production: links });
    const parsed = parseConfig({ LINKS_FILE: file });
    expect(parsed.ok && parsed.config.links.production).toEqual({ ...links, platforms: {} });
    const builtIn = parseConfig({});
    expect(builtIn.ok && builtIn.config.links).toEqual(builtInLinks());
  });
});

describe('the captcha in production', () => {
  const production = {
    APP_ENV: 'production',
    SECURITY_LOG_HASH_KEY: 'k'.repeat(32),
    UAA_UPSTREAM: 'https://uaa.example.com',
    PUBLIC_ORIGIN: 'https://sso.example.com',
  };

  it.each([
    ['without prefix or scene', {}],
    ['without a scene', { ALIYUN_CAPTCHA_PREFIX: 'pfx' }],
    ['without a prefix', { ALIYUN_CAPTCHA_SCENE_ID: 'scene' }],
  ])('refuses the default provider (aliyun) %s, in one line naming CAPTCHA_PROVIDER', (_what, captcha) => {
    const errors = errorsOf({ ...production, ...captcha });
    expect(errors).toEqual([
      expect.stringMatching(
        /^CAPTCHA_PROVIDER: aliyun .*needs ALIYUN_CAPTCHA_PREFIX and ALIYUN_CAPTCHA_SCENE_ID/,
      ),
    ]);
  });

  it('refuses an explicit aliyun without its scene, in production or not', () => {
    for (const env of [{ ...production, CAPTCHA_PROVIDER: 'aliyun' }, { CAPTCHA_PROVIDER: 'aliyun' }]) {
      expect(errorsOf({ ...env, ALIYUN_CAPTCHA_PREFIX: 'pfx' })).toEqual([
        expect.stringMatching(/^CAPTCHA_PROVIDER="aliyun": aliyun needs/),
      ]);
    }
  });

  it('takes aliyun with its prefix and scene, and local only outside production', () => {
    expect(
      parseConfig({ ...production, ALIYUN_CAPTCHA_PREFIX: 'pfx', ALIYUN_CAPTCHA_SCENE_ID: 'scene' }),
    ).toMatchObject({
      ok: true,
      config: { captcha: { provider: 'aliyun', prefix: 'pfx', sceneId: 'scene' } },
    });
    expect(parseConfig({ APP_ENV: 'staging' })).toMatchObject({
      ok: true,
      config: { captcha: { provider: 'local' } },
    });
    expect(errorsOf({ ...production, CAPTCHA_PROVIDER: 'local' })).toEqual([
      expect.stringMatching(/^CAPTCHA_PROVIDER="local": local is refused in production/),
    ]);
  });
});

describe('rate-limit configuration', () => {
  it('uses the built-in rules of DESIGN.md §6 without RATE_LIMITS_FILE, and they pass the schema', () => {
    const result = parseConfig({ UAA_UPSTREAM: 'https://uaa.example.com' });
    expect(result.ok && result.config.rateLimitRules).toEqual(DEFAULT_RULES);
    expect(parseRules(JSON.parse(JSON.stringify(DEFAULT_RULES)))).toEqual({ ok: true, rules: DEFAULT_RULES });
    const byName = Object.fromEntries(DEFAULT_RULES.map((r) => [r.name, r]));
    expect(byName['code-per-target-minute']).toMatchObject({ limit: 1, windowS: 60, failMode: 'closed' });
    expect(byName['code-per-target-day']).toMatchObject({ limit: 10, windowS: 86400, failMode: 'closed' });
    expect(byName['code-per-ip-hour']).toMatchObject({
      key: 'ip',
      limit: 20,
      windowS: 3600,
      failMode: 'closed',
    });
    // Room for a lab's lecture behind one address and a campus building behind one /24 (issue 29).
    expect(byName['code-targets-per-ip-day']).toMatchObject({ key: 'ip', distinct: true, limit: 50 });
    expect(byName['code-targets-per-subnet-day']).toMatchObject({
      key: 'subnet',
      distinct: true,
      limit: 200,
    });
    expect(byName['failed-login-per-account']).toMatchObject({ limit: 10, windowS: 900, count: 'failures' });
    expect(byName['existence-check-per-ip']).toMatchObject({ key: 'ip', limit: 60, windowS: 60 });
    expect(byName['proxied-per-ip']).toMatchObject({ key: 'ip', limit: 600, windowS: 60, failMode: 'open' });
  });

  it('applies the built-in defaults with or without an upstream, and a file replaces them', () => {
    expect(parseConfig({})).toMatchObject({ ok: true, config: { rateLimitRules: DEFAULT_RULES } });
    expect(parseConfig({ UAA_UPSTREAM: 'http://127.0.0.1:9' })).toMatchObject({
      ok: true,
      config: { rateLimitRules: DEFAULT_RULES },
    });
    const file = writeRulesFile(DEFAULT_RULES);
    expect(parseConfig({ RATE_LIMITS_FILE: file })).toMatchObject({
      ok: true,
      config: { rateLimitRules: DEFAULT_RULES },
    });
  });

  it('reads the rules of RATE_LIMITS_FILE, filling in count, failMode and mode', () => {
    const file = writeRulesFile([{ name: 'r', match: ['/gw/uaa-be/*'], key: 'ip', limit: 5, windowS: 10 }]);
    const result = parseConfig({ RATE_LIMITS_FILE: file });
    expect(result.ok && result.config.rateLimitRules).toEqual([
      {
        name: 'r',
        match: ['/gw/uaa-be/*'],
        key: 'ip',
        limit: 5,
        windowS: 10,
        count: 'all',
        failMode: 'open',
        mode: 'enforce',
      },
    ]);
    expect(parseConfig({ RATE_LIMITS_FILE: writeRulesFile([]) })).toMatchObject({
      ok: true,
      config: { rateLimitRules: [] },
    });
  });

  it.each([
    ['a missing file', '/nonexistent/rules.json', /cannot be read \(ENOENT\)/],
    ['bad JSON', writeRulesFile('[{'), /is not valid JSON/],
    ['not an array', writeRulesFile({ rules: [] }), /must be a JSON array of rules/],
    [
      'an unknown key',
      writeRulesFile([{ name: 'r', match: ['/gw/x'], key: 'ip', limit: 1, windowS: 1, burst: 2 }]),
      /burst/,
    ],
    [
      'a bad key',
      writeRulesFile([{ name: 'r', match: ['/gw/x'], key: 'user', limit: 1, windowS: 1 }]),
      /\[0\]\.key: must be ip/,
    ],
    [
      'distinct counting of the identifier itself',
      writeRulesFile([
        { name: 'r', match: ['/gw/x'], key: 'identifier', distinct: true, limit: 1, windowS: 1 },
      ]),
      /\[0\]\.distinct: is meaningless with key identifier/,
    ],
    [
      'an identifierField on a per-address rule that counts requests',
      writeRulesFile([
        { name: 'r', match: ['/gw/x'], key: 'ip', identifierField: 'phone', limit: 1, windowS: 1 },
      ]),
      /\[0\]\.identifierField: is meaningless with key ip unless distinct/,
    ],
    [
      'a bad identifierField',
      writeRulesFile([
        { name: 'r', match: ['/gw/x'], key: 'identifier', identifierField: 'name', limit: 1, windowS: 1 },
      ]),
      /identifierField/,
    ],
    [
      'a zero limit',
      writeRulesFile([{ name: 'r', match: ['/gw/x'], key: 'ip', limit: 0, windowS: 1 }]),
      /\[0\]\.limit: must be at least 1/,
    ],
    [
      'a path outside the gateways',
      writeRulesFile([{ name: 'r', match: ['/login'], key: 'ip', limit: 1, windowS: 1 }]),
      /\[0\]\.match\[0\]: must be a gateway path/,
    ],
    [
      'a name used twice',
      writeRulesFile([
        { name: 'r', match: ['/gw/x'], key: 'ip', limit: 1, windowS: 1 },
        { name: 'r', match: ['/gw/y'], key: 'ip', limit: 1, windowS: 1 },
      ]),
      /\[1\]\.name: "r" is used twice/,
    ],
  ])('refuses %s with lines naming RATE_LIMITS_FILE and the problem', (_what, file, problem) => {
    const errors = errorsOf({ RATE_LIMITS_FILE: file });
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((line) => line.startsWith(`RATE_LIMITS_FILE=${JSON.stringify(file)}: `))).toBe(true);
    expect(errors.join('\n')).toMatch(problem);
  });

  it('reports a bad rules file together with the other bad variables', () => {
    const errors = errorsOf({ PORT: 'abc', RATE_LIMITS_FILE: '/nonexistent/rules.json' });
    expect(errors.map((line) => line.split(/[=:]/)[0])).toEqual(['PORT', 'RATE_LIMITS_FILE']);
  });

  it('needs RATE_LIMIT_HASH_KEY with REDIS_URL, and never echoes a secret', () => {
    const errors = errorsOf({ REDIS_URL: 'redis://:pa55word@redis.internal:6379' });
    expect(errors).toEqual([expect.stringMatching(/^RATE_LIMIT_HASH_KEY: is required with REDIS_URL/)]);
    const short = errorsOf({ METRICS_TOKEN: 'short-secret', RATE_LIMIT_HASH_KEY: 'tiny' });
    expect(short).toHaveLength(2);
    expect(short.join('\n')).not.toMatch(/short-secret|tiny/);
    expect(parseConfig({ REDIS_URL: 'redis://127.0.0.1:6379', RATE_LIMIT_HASH_KEY: 'k'.repeat(32) }).ok).toBe(
      true,
    );
  });
});

describe('tracing', () => {
  const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'https://user:secret@collector.example:4318' };

  it('is off unless an OTLP endpoint is set, and off again with OTEL_SDK_DISABLED', () => {
    const tracing = (env: Record<string, string>) => {
      const r = parseConfig(env);
      return r.ok ? r.config.tracing : r.errors;
    };
    expect(tracing({})).toBe(false);
    expect(tracing(endpoint)).toBe(true);
    expect(tracing({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracing({ ...endpoint, OTEL_SDK_DISABLED: 'true' })).toBe(false);
  });

  it('samples a tenth of the traces it starts unless OTEL_TRACES_SAMPLER says otherwise', () => {
    const ratio = (env: Record<string, string>) => {
      const r = parseConfig({ ...env, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' });
      return r.ok ? r.config.tracingRatio : r.errors;
    };
    expect(ratio({})).toBe(0.1);
    expect(ratio({ OTEL_TRACES_SAMPLER_ARG: '0.25' })).toBe(0.25);
    // parentbased_traceidratio named: its argument, else all of them (the SDK's default).
    expect(ratio({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.5' })).toBe(
      0.5,
    );
    expect(ratio({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio' })).toBe(1);
    // Another sampler: the SDK's own, as named, with its own reading of the ratio.
    expect(ratio({ OTEL_TRACES_SAMPLER: 'always_on' })).toBeUndefined();
    expect(ratio({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.5' })).toBeUndefined();
  });

  it("refuses the SDK's variables misspelt, never echoing an endpoint (it may hold credentials)", () => {
    const r = parseConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:secret@4318',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuff',
      OTEL_TRACES_SAMPLER: 'sometimes',
      OTEL_TRACES_SAMPLER_ARG: '10',
    });
    expect(r.ok).toBe(false);
    const errors = r.ok ? [] : r.errors;
    expect(errors).toEqual([
      'OTEL_EXPORTER_OTLP_ENDPOINT: must be an http(s) URL',
      'OTEL_EXPORTER_OTLP_PROTOCOL="http/protobuff": must be http/protobuf, http/json or grpc',
      expect.stringMatching(/^OTEL_TRACES_SAMPLER="sometimes": must be one of the SDK samplers/),
      'OTEL_TRACES_SAMPLER_ARG="10": must be a ratio from 0 to 1',
    ]);
    expect(errors.join('\n')).not.toContain('secret');
  });
});

describe('the Redis settings', () => {
  const key = { RATE_LIMIT_HASH_KEY: 'k'.repeat(32) };
  const redisOf = (env: Record<string, string>) => {
    const result = parseConfig({ ...key, ...env });
    if (!result.ok) throw new Error(result.errors.join('\n'));
    return result.config.redis;
  };
  const pem = () =>
    writeJsonFile('redis-ca.pem', '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');

  it('keeps REDIS_URL as it was: one Redis, credentials and TLS in the URL', () => {
    expect(redisOf({})).toBeUndefined();
    expect(redisOf({ REDIS_URL: 'rediss://bff:pw@redis.internal:6380' })).toEqual({
      mode: 'single',
      url: 'rediss://bff:pw@redis.internal:6380',
      tls: undefined,
      commandTimeoutMs: 500,
    });
    expect(redisOf({ REDIS_URL: 'redis://r:6379', REDIS_COMMAND_TIMEOUT_MS: '2000' })).toMatchObject({
      commandTimeoutMs: 2000,
    });
    for (const wrong of ['0', '20000', '1.5', 'soon'])
      expect(() => redisOf({ REDIS_URL: 'redis://r:6379', REDIS_COMMAND_TIMEOUT_MS: wrong })).toThrow(
        /REDIS_COMMAND_TIMEOUT_MS/,
      );
    const ca = pem();
    expect(redisOf({ REDIS_URL: 'rediss://redis.internal:6380', REDIS_CA_FILE: ca })).toMatchObject({
      tls: { caFile: ca },
    });
  });

  it('reads Sentinel: the sentinels (26379 by default), the master name, the users, TLS', () => {
    const ca = pem();
    expect(
      redisOf({
        REDIS_SENTINELS: 'sentinel-0.redis:26379, sentinel-1.redis,[fd00::5]:26380',
        REDIS_SENTINEL_NAME: 'uaa-sso',
        REDIS_USERNAME: 'uaa-sso-bff',
        REDIS_PASSWORD: 'node-password-0123',
        REDIS_SENTINEL_PASSWORD: 'sentinel-password-0123',
        REDIS_TLS: 'true',
        REDIS_CA_FILE: ca,
      }),
    ).toEqual({
      mode: 'sentinel',
      name: 'uaa-sso',
      sentinels: [
        { host: 'sentinel-0.redis', port: 26379 },
        { host: 'sentinel-1.redis', port: 26379 },
        { host: 'fd00::5', port: 26380 },
      ],
      auth: { username: 'uaa-sso-bff', password: 'node-password-0123' },
      sentinelAuth: { username: undefined, password: 'sentinel-password-0123' },
      tls: { caFile: ca },
      commandTimeoutMs: 500,
    });
  });

  it('reads Cluster: some nodes (6379 by default), the user, no TLS unless asked', () => {
    expect(
      redisOf({
        REDIS_CLUSTER_NODES: 'redis-0:7000,redis_1',
        REDIS_USERNAME: 'bff',
        REDIS_PASSWORD: 'cluster-password-0123',
      }),
    ).toEqual({
      mode: 'cluster',
      nodes: [
        { host: 'redis-0', port: 7000 },
        { host: 'redis_1', port: 6379 },
      ],
      auth: { username: 'bff', password: 'cluster-password-0123' },
      tls: undefined,
      commandTimeoutMs: 500,
    });
  });

  it.each([
    [
      'two ways to reach Redis',
      { REDIS_URL: 'redis://r:6379', REDIS_CLUSTER_NODES: 'c:6379' },
      [/^REDIS_CLUSTER_NODES="c:6379": cannot be combined with REDIS_URL/],
    ],
    [
      'three ways',
      { REDIS_URL: 'redis://r', REDIS_SENTINELS: 's', REDIS_SENTINEL_NAME: 'm', REDIS_CLUSTER_NODES: 'c' },
      [
        /^REDIS_SENTINELS="s": cannot be combined with REDIS_URL/,
        /^REDIS_CLUSTER_NODES="c": cannot be combined with REDIS_URL/,
      ],
    ],
    [
      'sentinels without a master name',
      { REDIS_SENTINELS: 's:26379' },
      [/^REDIS_SENTINEL_NAME: is required with REDIS_SENTINELS/],
    ],
    [
      'a master name without sentinels',
      { REDIS_SENTINEL_NAME: 'm' },
      [/^REDIS_SENTINEL_NAME="m": needs REDIS_SENTINELS/],
    ],
    [
      'a sentinel password without sentinels',
      { REDIS_CLUSTER_NODES: 'c', REDIS_SENTINEL_PASSWORD: 'p'.repeat(16) },
      [/^REDIS_SENTINEL_PASSWORD: needs REDIS_SENTINELS/],
    ],
    [
      'a password beside REDIS_URL',
      { REDIS_URL: 'redis://r', REDIS_PASSWORD: 'p'.repeat(16) },
      [/^REDIS_PASSWORD: cannot be combined with REDIS_URL: the URL carries it/],
    ],
    [
      'TLS beside REDIS_URL',
      { REDIS_URL: 'redis://r', REDIS_TLS: 'true' },
      [/^REDIS_TLS="true": cannot be combined with REDIS_URL/],
    ],
    [
      'a user with no Redis',
      { REDIS_USERNAME: 'bff', REDIS_PASSWORD: 'p'.repeat(16) },
      [
        /^REDIS_USERNAME="bff": needs REDIS_SENTINELS or REDIS_CLUSTER_NODES/,
        /^REDIS_PASSWORD: needs REDIS_SENTINELS or REDIS_CLUSTER_NODES/,
      ],
    ],
    [
      'a username without its password',
      { REDIS_CLUSTER_NODES: 'c', REDIS_USERNAME: 'bff' },
      [/^REDIS_USERNAME="bff": needs REDIS_PASSWORD/],
    ],
    [
      'a sentinel username without its password',
      { REDIS_SENTINELS: 's', REDIS_SENTINEL_NAME: 'm', REDIS_SENTINEL_USERNAME: 'x' },
      [/^REDIS_SENTINEL_USERNAME="x": needs REDIS_SENTINEL_PASSWORD/],
    ],
    [
      'a CA without TLS',
      { REDIS_CLUSTER_NODES: 'c', REDIS_CA_FILE: 'ca' },
      [/^REDIS_CA_FILE=.*: needs REDIS_TLS=true/],
    ],
    [
      'a CA beside a redis:// URL',
      { REDIS_URL: 'redis://r', REDIS_CA_FILE: 'ca' },
      [/^REDIS_CA_FILE=.*: needs a rediss:\/\/ REDIS_URL/],
    ],
    [
      'TLS that is not a boolean',
      { REDIS_CLUSTER_NODES: 'c', REDIS_TLS: 'yes' },
      [/^REDIS_TLS="yes": must be true or false/],
    ],
    [
      'a node that is not host:port',
      { REDIS_CLUSTER_NODES: 'c:7000,c:http,c:0' },
      [
        /^REDIS_CLUSTER_NODES=.*: "c:http" is not host:port/,
        /^REDIS_CLUSTER_NODES=.*: "c:0" is not host:port/,
      ],
    ],
    [
      'an empty node list',
      { REDIS_SENTINELS: ' , ', REDIS_SENTINEL_NAME: 'm' },
      [/^REDIS_SENTINELS=.*: must list at least one host:port/],
    ],
  ])('refuses %s, one line per problem', (_what, env, lines) => {
    // A CA file that exists, so that only the combination is refused.
    const withFile = 'REDIS_CA_FILE' in env ? { ...env, REDIS_CA_FILE: pem() } : env;
    expect(errorsOf({ ...key, ...withFile })).toEqual(lines.map((line) => expect.stringMatching(line)));
  });

  it('needs RATE_LIMIT_HASH_KEY with Sentinel and Cluster too, and never echoes a password', () => {
    const errors = errorsOf({
      REDIS_SENTINELS: 's:26379',
      REDIS_SENTINEL_NAME: 'm',
      REDIS_USERNAME: 'bff',
      REDIS_PASSWORD: 'node-pa55word-0123',
      REDIS_SENTINEL_PASSWORD: 'sentinel-pa55word-0123',
    });
    expect(errors).toEqual([expect.stringMatching(/^RATE_LIMIT_HASH_KEY: is required with REDIS_SENTINELS/)]);
    expect(errorsOf({ REDIS_CLUSTER_NODES: 'c' })).toEqual([
      expect.stringMatching(/^RATE_LIMIT_HASH_KEY: is required with REDIS_CLUSTER_NODES/),
    ]);
    const refused = errorsOf({
      ...key,
      REDIS_SENTINELS: 's:26379',
      REDIS_SENTINEL_NAME: 'm',
      REDIS_PASSWORD: 'node-pa55word',
      REDIS_SENTINEL_PASSWORD: 'sentinel-pa55',
    });
    // Too short to be a real password (the base's REPLACE_ME placeholders are refused so).
    expect(refused).toEqual([
      expect.stringMatching(/^REDIS_SENTINEL_PASSWORD: must be at least 16 characters/),
      expect.stringMatching(/^REDIS_PASSWORD: must be at least 16 characters/),
    ]);
    expect(refused.join('\n')).not.toMatch(/pa55word/);
  });
});

describe("the security events' seal and shipping", () => {
  const team = generateKeyPairSync('x25519');
  const pem = team.publicKey.export({ type: 'spki', format: 'pem' }) as string;

  it('seals to no key, with 15-minute epochs, and ships nowhere by default', () => {
    const result = parseConfig({});
    expect(result.ok && result.config.securityLogSeal).toEqual({ publicKey: undefined, epochSeconds: 900 });
    expect(result.ok && result.config.securityLogSyslog).toBeUndefined();
  });

  it('takes an X25519 or RSA public key as PEM or a file, and a collector with its buffer', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'seal-key-'));
    const file = path.join(dir, 'team.pub.pem');
    const ca = path.join(dir, 'ca.pem');
    writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    writeFileSync(
      file,
      generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }),
    );
    for (const value of [pem, file]) {
      const result = parseConfig({
        SECURITY_LOG_SEAL_PUBLIC_KEY: value,
        SECURITY_LOG_SEAL_EPOCH_S: '600',
        SECURITY_LOG_SYSLOG: 'tls://collector.example:6514',
        SECURITY_LOG_SYSLOG_BUFFER: '500',
        SECURITY_LOG_SYSLOG_CA_FILE: ca,
      });
      expect(result.ok ? [] : result.errors).toEqual([]);
      if (!result.ok) return;
      expect(result.config.securityLogSeal.epochSeconds).toBe(600);
      expect(['x25519', 'rsa']).toContain(result.config.securityLogSeal.publicKey?.asymmetricKeyType);
      expect(result.config.securityLogSyslog).toEqual({
        target: {
          protocol: 'tls',
          host: 'collector.example',
          port: 6514,
          caFile: expect.stringMatching(/ca\.pem$/),
        },
        bufferSize: 500,
      });
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses each bad value in one line, never echoing the key (a private one may be there by mistake)', () => {
    const privatePem = team.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    const errors = errorsOf({
      SECURITY_LOG_SEAL_PUBLIC_KEY: privatePem,
      SECURITY_LOG_SEAL_EPOCH_S: '5',
      SECURITY_LOG_SYSLOG: 'udp://collector:514',
    });
    expect(errors).toEqual([
      'SECURITY_LOG_SEAL_PUBLIC_KEY: is a private key: the replica must hold the public key only',
      'SECURITY_LOG_SEAL_EPOCH_S="5": must be at least 60',
      'SECURITY_LOG_SYSLOG="udp://collector:514": must be tcp://host:port or tls://host:port (RFC 5424 over TCP, or over TLS)',
    ]);
    expect(errors.join('\n')).not.toContain('PRIVATE KEY');
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({
      type: 'spki',
      format: 'pem',
    });
    expect(errorsOf({ SECURITY_LOG_SEAL_PUBLIC_KEY: small as string })).toEqual([
      'SECURITY_LOG_SEAL_PUBLIC_KEY: is rsa key: must be X25519 or RSA of 2048 bits or more',
    ]);
    expect(errorsOf({ SECURITY_LOG_SEAL_PUBLIC_KEY: ec as string })).toEqual([
      'SECURITY_LOG_SEAL_PUBLIC_KEY: is ec key: must be X25519 or RSA of 2048 bits or more',
    ]);
    expect(errorsOf({ SECURITY_LOG_SEAL_PUBLIC_KEY: '/nonexistent/team.pem' })).toEqual([
      'SECURITY_LOG_SEAL_PUBLIC_KEY: is no PEM public key, nor a file that can be read (ENOENT)',
    ]);
    expect(errorsOf({ SECURITY_LOG_SYSLOG: 'tcp://collector' })).toHaveLength(1);
    expect(errorsOf({ SECURITY_LOG_SYSLOG: 'tcp://collector:514/path' })).toHaveLength(1);
    expect(errorsOf({ SECURITY_LOG_SYSLOG_BUFFER: '1000' })).toEqual([
      'SECURITY_LOG_SYSLOG_BUFFER="1000": needs SECURITY_LOG_SYSLOG',
    ]);
    expect(
      errorsOf({ SECURITY_LOG_SYSLOG: 'tcp://collector:514', SECURITY_LOG_SYSLOG_BUFFER: '10' }),
    ).toEqual(['SECURITY_LOG_SYSLOG_BUFFER="10": must be at least 100']);
  });
});

describe('the BFF process', () => {
  it('exits non-zero on bad configuration and prints a line naming the variable', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bff/index.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', PORT: 'abc' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.status).not.toBeNull();
    expect(run.stderr).toMatch(/^config error: PORT\b/m);
  });

  it.each([
    [
      'a LINKS_FILE it cannot read',
      { LINKS_FILE: '/nonexistent/links.json' },
      /^config error: LINKS_FILE="\/nonexistent\/links\.json": cannot be read \(ENOENT\)$/m,
    ],
    [
      'no Aliyun captcha scene in production',
      {
        APP_ENV: 'production',
        SECURITY_LOG_HASH_KEY: 'k'.repeat(32),
        UAA_UPSTREAM: 'http://127.0.0.1:9',
        PUBLIC_ORIGIN: 'https://sso.example.com',
        ALIYUN_CAPTCHA_PREFIX: 'pfx',
        PORT: '0',
        HOST: '127.0.0.1',
      },
      /^config error: CAPTCHA_PROVIDER: aliyun .*needs ALIYUN_CAPTCHA_PREFIX and ALIYUN_CAPTCHA_SCENE_ID$/m,
    ],
  ])('refuses to start with %s, in one line naming the variable', (_what, env, line) => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bff/index.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.status).not.toBeNull();
    expect(run.stderr).toMatch(line);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('refuses to start with a bad RATE_LIMITS_FILE, naming it and the problem', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const file = writeRulesFile([{ name: 'r', match: ['/gw/x'], key: 'ip', limit: -1, windowS: 60 }]);
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bff/index.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', RATE_LIMITS_FILE: file },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.status).not.toBeNull();
    expect(run.stderr).toContain(
      `config error: RATE_LIMITS_FILE=${JSON.stringify(file)}: [0].limit: must be at least 1`,
    );
  });
});
