/**
 * The BFF for route tests: the real createApp() with a parsed configuration on a loopback port,
 * a stub allow-list, a throwaway static directory and temporary JSON files. Test support only: it
 * imports vitest (afterAll) and is never part of the build.
 */
import type { RenderHost } from '@bff/documents/server-render';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { afterAll } from 'vitest';
import { createApp } from '@bff/app';
import { parseConfig } from '@bff/config';
import { createLogger } from '@bff/log';
import { createRateLimits, type RateLimits } from '@bff/rate-limit/limiter';
import type { AllowlistSource } from '@bff/redirect/allowlist';
import { createAppServer } from '@bff/server';
import type { OutboxMessage } from '@shared/api/dev-paths';
import { listen, shut } from './http';
import { createSecurityEvents, type SecurityEvent } from '@bff/security-events/events';

export const CONFIG_MARKER = '<!--app-config-->';
export const ASSET_PATH = '/static/js/main.3f9a1c.js';

let jsonDir: string | undefined;
// Each test file gets its own copy of this module: its JSON files go when the file is done.
afterAll(() => {
  if (jsonDir) rmSync(jsonDir, { recursive: true, force: true });
  jsonDir = undefined;
});

/** Writes JSON (or text as it is) to a temporary file, removed after the test file. */
export function writeJsonFile(name: string, value: unknown): string {
  jsonDir ??= mkdtempSync(path.join(tmpdir(), 'bff-json-'));
  const file = path.join(mkdtempSync(path.join(jsonDir, 'f-')), name);
  writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

/** A RATE_LIMITS_FILE holding these rules (or this text). */
export function writeRulesFile(rules: unknown): string {
  return writeJsonFile('rate-limits.json', rules);
}

export function stubAllowlist(domains: string[] = ['example.com'], loaded = true): AllowlistSource {
  return {
    domains: () => domains,
    ageSeconds: () => (loaded ? 1 : undefined),
    loaded: () => loaded,
    refresh: async () => {},
    stop: () => {},
  };
}

/** A built SPA in miniature: index.html with the config marker and one hashed asset. */
export function makeStaticDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bff-static-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>SSO</title>${CONFIG_MARKER}` +
      `<script defer src="${ASSET_PATH}"></script></head><body><div id="root"></div></body></html>`,
  );
  mkdirSync(path.join(dir, 'static', 'js'), { recursive: true });
  writeFileSync(path.join(dir, ASSET_PATH), 'console.log("app");');
  return dir;
}

export interface TestBffOptions {
  /** Environment variables for parseConfig, on top of STATIC_DIR. */
  env?: Record<string, string>;
  upstream: string;
  allowlist?: AllowlistSource;
  outbox?: () => Promise<OutboxMessage[]>;
  logger?: Logger;
  upstreamTimeoutMs?: number;
  /** A built SPA to serve instead of the miniature one (kept on close). */
  staticDir?: string;
  /** The signed-in pages' render host (bff/documents/server-render.ts); the caller closes it. */
  renderHost?: RenderHost;
  /** Demo mode's `/__dev/*` pages, served from this base URL. */
  devUpstream?: string;
}

/** The environment of a production BFF in front of `upstream`: production needs a real captcha vendor. */
export const productionEnv = (upstream: string): Record<string, string> => ({
  APP_ENV: 'production',
  UAA_UPSTREAM: upstream,
  CAPTCHA_PROVIDER: 'aliyun',
  ALIYUN_CAPTCHA_PREFIX: 'p',
  ALIYUN_CAPTCHA_SCENE_ID: 's',
});

/** The security events' HMAC key in the tests: events join on it, as across replicas. */
export const TEST_SECURITY_HASH_KEY = 'test-security-events-key-0123456789';

export interface TestBff {
  url: string;
  staticDir: string;
  /** The app's rate limits, built from the configuration (RATE_LIMITS_FILE, REDIS_URL). */
  rateLimits: RateLimits;
  /** The security events written so far, parsed (the lines themselves in `securityLines`). */
  securityEvents(): SecurityEvent[];
  securityLines: string[];
  close(): Promise<void>;
}

/** createApp() with a parsed configuration, listening on loopback. */
export async function startBff(opts: TestBffOptions): Promise<TestBff> {
  const staticDir = opts.staticDir ?? makeStaticDir();
  // Production needs its public origin: the tests' own unless a test names one.
  const production =
    opts.env?.APP_ENV === 'production'
      ? { PUBLIC_ORIGIN: 'https://sso.example.com', SECURITY_LOG_HASH_KEY: TEST_SECURITY_HASH_KEY }
      : {};
  const parsed = parseConfig({ STATIC_DIR: staticDir, ...production, ...opts.env });
  if (!parsed.ok) {
    if (!opts.staticDir) rmSync(staticDir, { recursive: true, force: true });
    throw new Error(`test config refused: ${parsed.errors.join('; ')}`);
  }
  const logger = opts.logger ?? createLogger('silent');
  const rateLimits = createRateLimits({
    rules: parsed.config.rateLimitRules,
    redis: parsed.config.redis,
    hashSecret: parsed.config.rateLimitHashKey,
    logger,
  });
  const securityLines: string[] = [];
  const securityEvents = createSecurityEvents({
    destination: { write: (line: string) => void securityLines.push(line) },
    hashKey: TEST_SECURITY_HASH_KEY,
  });
  const app = createApp({
    securityEvents,
    config: parsed.config,
    logger,
    upstream: opts.upstream,
    allowlist: opts.allowlist ?? stubAllowlist(),
    rateLimits,
    outbox: opts.outbox,
    upstreamTimeoutMs: opts.upstreamTimeoutMs ?? 300,
    renderHost: opts.renderHost,
    devUpstream: opts.devUpstream,
  });
  const server = createAppServer(app, {}, parsed.config.trustProxyHeaders);
  const url = await listen(server);
  return {
    url,
    staticDir,
    rateLimits,
    securityLines,
    securityEvents: () => securityLines.map((line) => JSON.parse(line) as SecurityEvent),
    close: async () => {
      await shut(server);
      await rateLimits.close();
      if (!opts.staticDir) rmSync(staticDir, { recursive: true, force: true });
    },
  };
}

/** The runtime config injected into an index.html page. */
export function appConfigOf(html: string): Record<string, unknown> {
  const match = /<script id="app-config" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no app-config script in the page');
  return JSON.parse(match[1]) as Record<string, unknown>;
}
