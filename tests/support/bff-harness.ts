/**
 * Test support for the BFF's route tests: the real createApp() on a loopback port, a recording
 * upstream double, a stub allow-list and a throwaway static directory. Nothing here is used at
 * run time.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { afterAll } from 'vitest';
import type { OutboxMessage } from '@shared/api/types';
// eslint-disable-next-line no-restricted-imports -- test support: tests start the real local UAA; the BFF still reaches it only over HTTP
import { createLocalUaa, type LocalUaa, type LocalUaaOptions } from '../local-uaa/app';
import { createApp } from './app';
import { parseConfig } from './config';
import { createLogger } from './log';
import { createRateLimits, type RateLimits } from './rate-limit/limiter';
import type { AllowlistSource } from './redirect/allowlist';
import { createAppServer } from './server';

export const CONFIG_MARKER = '<!--app-config-->';
export const ASSET_PATH = '/static/js/main.3f9a1c.js';

/** What the upstream double saw: everything the BFF sent, byte for byte. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type UpstreamReply = (req: RecordedRequest, res: ServerResponse) => void;

export interface UpstreamDouble {
  url: string;
  requests: RecordedRequest[];
  /** Sets how the double answers from now on. */
  respond(reply: UpstreamReply): void;
  /** Forgets what it saw and answers 200 `{msgCode:'10000'}` again. */
  reset(): void;
  close(): Promise<void>;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export const ok = (data?: unknown) => ({
  msgCode: '10000',
  msg: 'success',
  ...(data === undefined ? {} : { data }),
});

const defaultReply: UpstreamReply = (_req, res) => sendJson(res, 200, ok());

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export async function shut(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

export interface TestLocalUaa {
  uaa: LocalUaa;
  url: string;
  close(): Promise<void>;
}

/** The local UAA (the legacy contract, stateful) on a loopback port, quiet unless given a logger. */
export async function startLocalUaa(
  logger: LocalUaaOptions['logger'] = { info() {}, error() {} },
): Promise<TestLocalUaa> {
  const uaa = createLocalUaa({ publicUrl: 'http://localhost:8080', logger });
  const server = createServer(uaa.app);
  const url = await listen(server);
  return {
    uaa,
    url,
    close: async () => {
      await shut(server);
      await uaa.close();
    },
  };
}

/** A tiny upstream on loopback that records every request and answers as the test says. */
export async function startUpstream(): Promise<UpstreamDouble> {
  const requests: RecordedRequest[] = [];
  let reply = defaultReply;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      reply(recorded, res);
    });
  });
  const url = await listen(server);
  return {
    url,
    requests,
    respond: (next) => {
      reply = next;
    },
    reset: () => {
      requests.length = 0;
      reply = defaultReply;
    },
    close: () => shut(server),
  };
}

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

/** The URL of a loopback port nobody listens on: connections are refused. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await shut(server);
  return url;
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
    `<!doctype html><html><head><meta charset="utf-8"><title>SSO</title>${CONFIG_MARKER}` +
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
}

export interface TestBff {
  url: string;
  staticDir: string;
  /** The app's rate limits, built from the configuration (RATE_LIMITS_FILE, REDIS_URL). */
  rateLimits: RateLimits;
  close(): Promise<void>;
}

/** createApp() with a parsed configuration, listening on loopback. */
export async function startBff(opts: TestBffOptions): Promise<TestBff> {
  const staticDir = opts.staticDir ?? makeStaticDir();
  const parsed = parseConfig({ STATIC_DIR: staticDir, ...opts.env });
  if (!parsed.ok) throw new Error(`test config refused: ${parsed.errors.join('; ')}`);
  const logger = opts.logger ?? createLogger('silent');
  const rateLimits = createRateLimits({
    rules: parsed.config.rateLimitRules,
    redisUrl: parsed.config.redisUrl,
    hashSecret: parsed.config.rateLimitHashKey,
    logger,
  });
  const app = createApp({
    config: parsed.config,
    logger,
    upstream: opts.upstream,
    allowlist: opts.allowlist ?? stubAllowlist(),
    rateLimits,
    outbox: opts.outbox,
    upstreamTimeoutMs: opts.upstreamTimeoutMs ?? 300,
  });
  const server = createAppServer(app);
  const url = await listen(server);
  return {
    url,
    staticDir,
    rateLimits,
    close: async () => {
      await shut(server);
      await rateLimits.close();
      if (!opts.staticDir) rmSync(staticDir, { recursive: true, force: true });
    },
  };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The bytes as sent, not decoded (supertest would undo a Content-Encoding). */
  body: Buffer;
}

/** A request whose path goes out exactly as written (supertest and URL() would normalize it). */
export function rawRequest(
  base: string,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, method: opts.method ?? 'GET', path: opts.path, headers: opts.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: body.toString(), body });
        });
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** The Set-Cookie lines for one cookie name. */
export function setCookiesFor(headers: Record<string, unknown>, name = 'uaa-token'): string[] {
  const raw = headers['set-cookie'];
  const lines = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  return lines.filter((line) => line.startsWith(`${name}=`));
}

/** The one Set-Cookie line that gives the cookie a value (not a clearing line). */
export function issuedCookie(headers: Record<string, unknown>, name = 'uaa-token'): string | undefined {
  const issued = setCookiesFor(headers, name).filter((line) => !line.startsWith(`${name}=;`));
  if (issued.length > 1) throw new Error(`more than one ${name} issued: ${issued.join(' | ')}`);
  return issued[0];
}

/** Attribute names and values of a Set-Cookie line, names lower-cased. */
export function cookieAttributes(line: string): Map<string, string> {
  const [, ...attrs] = line.split(';');
  return new Map(
    attrs.map((attr) => {
      const [name = '', ...value] = attr.trim().split('=');
      return [name.toLowerCase(), value.join('=')];
    }),
  );
}

/** True when the line clears the cookie: empty value and already expired. */
export function isClearing(line: string): boolean {
  const attrs = cookieAttributes(line);
  const expires = attrs.get('expires');
  return (
    /^[^=]+=;/.test(line) &&
    (attrs.get('max-age') === '0' || (expires !== undefined && Date.parse(expires) < Date.now()))
  );
}

/** The runtime config injected into an index.html page. */
export function appConfigOf(html: string): Record<string, unknown> {
  const match = /<script id="app-config" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no app-config script in the page');
  return JSON.parse(match[1]) as Record<string, unknown>;
}
