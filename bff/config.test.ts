import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';

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
    });
  });

  it('reads good values and trims a trailing slash from the upstream', () => {
    const result = parseConfig({
      PORT: '9000',
      UAA_UPSTREAM: 'https://uaa.example.com/',
      APP_ENV: 'production',
      REDIRECT_ALLOWLIST: 'a.example.com, b.example.com',
      TRUST_PROXY: '2',
    });
    expect(result.ok && result.config).toMatchObject({
      port: 9000,
      uaaUpstream: 'https://uaa.example.com',
      appEnv: 'production',
      redirectAllowlist: ['a.example.com', 'b.example.com'],
      trustProxy: 2,
    });
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ PORT: '', APP_ENV: '' })).toMatchObject({ ok: true, config: { port: 8080 } });
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['APP_ENV', { APP_ENV: 'prod' }],
    ['UAA_UPSTREAM', { UAA_UPSTREAM: 'not-a-url' }],
    ['UAA_UPSTREAM', { APP_ENV: 'production' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
  ])('refuses with one line naming %s for %j', (name, env) => {
    const errors = errorsOf(env);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`^${name}\\b`));
  });

  it('gives one line per bad variable', () => {
    const errors = errorsOf({ PORT: 'abc', APP_ENV: 'prod', UAA_UPSTREAM: 'not-a-url', TRUST_PROXY: 'true' });
    expect(errors).toHaveLength(4);
    for (const name of ['PORT', 'APP_ENV', 'UAA_UPSTREAM', 'TRUST_PROXY']) {
      expect(errors.filter((line) => line.startsWith(name))).toHaveLength(1);
    }
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
});
