import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express, { type Request } from 'express';
import {
  appConfigOf,
  ASSET_PATH,
  makeStaticDir,
  productionEnv,
  writeJsonFile,
  startBff,
  type TestBff,
} from '@tests/support/bff-harness';
import { rawRequest } from '@tests/support/http';
import { startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';
import cookieParser from 'cookie-parser';
import { chooseEncoding } from '../compress';
import { documentRequestOf } from './document-request';

const HOSTILE = 'https://x.example/</script><script>alert(1)</script><!--';

let upstream: UpstreamDouble;
let bff: TestBff;
let hostile: TestBff;

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff({ upstream: upstream.url });
  hostile = await startBff({ upstream: upstream.url, env: { OPENER_ORIGINS: HOSTILE } });
});
afterAll(async () => {
  await Promise.all([bff.close(), hostile.close()]);
  await upstream.close();
});

describe('the SPA', () => {
  it.each(['/', '/login', '/usercenter/profile', '/admin/platform/edit', '/index.html', '/xlab-login'])(
    'answers %s with index.html, uncached, carrying the runtime config',
    async (path) => {
      const reply = await request(bff.url).get(path);
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^text\/html/);
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.text).toContain(`<script defer src="${ASSET_PATH}"></script>`);
      expect(reply.text).not.toContain('<!--app-config-->');
      const config = appConfigOf(reply.text);
      expect(config).toMatchObject({
        env: 'development',
        demo: false,
        links: {
          home: expect.any(String),
          feedback: expect.any(String),
          default: { agreement: expect.any(String), privacy: expect.any(String) },
        },
        captcha: { provider: 'local' },
        openerOrigins: expect.arrayContaining([bff.url, 'https://example.com']),
      });
      expect(config.pageError).toBeUndefined();
    },
  );

  it('lets local embedders receive messages outside production only', async () => {
    const dev = appConfigOf((await request(bff.url).get('/login')).text);
    expect(dev.openerOrigins).toEqual(expect.arrayContaining(['http://localhost:*', 'http://127.0.0.1:*']));
    const production = await startBff({
      upstream: upstream.url,
      env: productionEnv(upstream.url),
    });
    try {
      const config = appConfigOf((await request(production.url).get('/login')).text);
      const origins = config.openerOrigins as string[];
      expect(origins).not.toContain('http://localhost:*');
      expect(origins).not.toContain('http://127.0.0.1:*');
    } finally {
      await production.close();
    }
  });

  it('keeps a hostile config value inside the JSON script', async () => {
    const reply = await request(hostile.url).get('/login');
    // The config, the first screen's session flag (issue 17) and the app's script.
    expect(reply.text.match(/<script\b/g)).toHaveLength(3);
    expect(reply.text).not.toContain('<script>alert(1)');
    expect(appConfigOf(reply.text).openerOrigins).toEqual([HOSTILE]);
  });

  it('serves hashed assets cached for a year, immutable', async () => {
    const reply = await request(bff.url).get(ASSET_PATH);
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('console.log("app");');
    const cacheControl = String(reply.headers['cache-control']);
    expect(cacheControl).toMatch(/\bpublic\b/);
    expect(cacheControl).toMatch(/\bmax-age=31536000\b/);
    expect(cacheControl).toMatch(/\bimmutable\b/);
  });

  it('answers a missing asset with 404, not with index.html', async () => {
    const reply = await request(bff.url).get('/static/js/missing.0000.js');
    expect(reply.status).toBe(404);
    expect(reply.text).not.toContain('app-config');
  });
});

describe('the runtime config', () => {
  const envLinks = (site: string) => ({
    home: site,
    feedback: `${site}/feedback`,
    default: { agreement: `${site}/agreement`, privacy: `${site}/privacy` },
    platforms: { media: { agreement: `${site}/media/agreement`, privacy: `${site}/media/privacy` } },
  });
  const table = {
    development: envLinks('http://dev.links.example'),
    staging: envLinks('https://staging.links.example'),
    production: envLinks('https://links.example'),
  };

  it('carries the links of its environment, per platform, from LINKS_FILE', async () => {
    const file = writeJsonFile('links.json', table);
    const staging = await startBff({ upstream: upstream.url, env: { LINKS_FILE: file, APP_ENV: 'staging' } });
    const dev = await startBff({ upstream: upstream.url, env: { LINKS_FILE: file } });
    try {
      expect(appConfigOf((await request(staging.url).get('/login')).text)).toMatchObject({
        env: 'staging',
        links: table.staging,
      });
      expect(appConfigOf((await request(dev.url).get('/login')).text).links).toEqual(table.development);
    } finally {
      await Promise.all([staging.close(), dev.close()]);
    }
  });

  it('uses the built-in table per environment without LINKS_FILE', async () => {
    const staging = await startBff({ upstream: upstream.url, env: { APP_ENV: 'staging' } });
    try {
      const devLinks = appConfigOf((await request(bff.url).get('/login')).text).links as { home: string };
      const stagingLinks = appConfigOf((await request(staging.url).get('/login')).text).links as {
        home: string;
      };
      expect(devLinks.home).not.toBe(stagingLinks.home);
    } finally {
      await staging.close();
    }
  });

  it('refuses a bad LINKS_FILE at start (its configuration), naming it', async () => {
    const file = writeJsonFile('links.json', { development: { home: 'not a url' } });
    await expect(startBff({ upstream: upstream.url, env: { LINKS_FILE: file } })).rejects.toThrow(
      /^test config refused: LINKS_FILE=".*": development\.home: /,
    );
  });

  it('carries the captcha settings, never a secret', async () => {
    const production = await startBff({
      upstream: upstream.url,
      env: {
        APP_ENV: 'production',
        UAA_UPSTREAM: upstream.url,
        ALIYUN_CAPTCHA_PREFIX: 'pfx-1',
        ALIYUN_CAPTCHA_SCENE_ID: 'scene-1',
        METRICS_TOKEN: 'metrics-secret-0123456789',
      },
    });
    try {
      const reply = await request(production.url).get('/login');
      expect(appConfigOf(reply.text)).toMatchObject({
        env: 'production',
        demo: false,
        captcha: { provider: 'aliyun', prefix: 'pfx-1', sceneId: 'scene-1', region: 'cn' },
      });
      expect(reply.text).not.toContain('metrics-secret');
    } finally {
      await production.close();
    }
  });
});

describe('precompressed assets', () => {
  const ROOT = fileURLToPath(new URL('../..', import.meta.url));
  const JS = '/static/js/vendor.8c1f2e.js';
  const CSS = '/static/css/main.77aa01.css';
  const SOURCE = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};\n`;
  let dir: string;
  let built: TestBff;

  beforeAll(async () => {
    dir = makeStaticDir();
    writeFileSync(path.join(dir, JS), SOURCE);
    mkdirSync(path.dirname(path.join(dir, CSS)), { recursive: true });
    writeFileSync(path.join(dir, CSS), `.a{color:red}\n`.repeat(200));
    // The build step itself, on a throwaway build.
    const run = spawnSync(process.execPath, ['scripts/compress.mjs', path.join(dir, 'static')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    built = await startBff({ upstream: upstream.url, staticDir: dir });
  });
  afterAll(async () => {
    await built?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (p: string, acceptEncoding?: string) =>
    rawRequest(built.url, {
      path: p,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('are written by the build beside the originals, smaller, and decode to them', () => {
    const original = readFileSync(path.join(dir, JS));
    const br = readFileSync(path.join(dir, `${JS}.br`));
    const gz = readFileSync(path.join(dir, `${JS}.gz`));
    expect(br.length).toBeLessThan(original.length);
    expect(brotliDecompressSync(br).equals(original)).toBe(true);
    expect(gunzipSync(gz).equals(original)).toBe(true);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
  ])(
    'are served by Accept-Encoding %j as %s, typed as the original, cached immutable',
    async (accept, encoding) => {
      const reply = await get(JS, accept);
      expect(reply.status).toBe(200);
      expect(reply.headers['content-encoding']).toBe(encoding);
      expect(reply.headers['content-type']).toMatch(/^(application|text)\/javascript\b/);
      expect(String(reply.headers.vary)).toMatch(/accept-encoding/i);
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const decoded = encoding === 'br' ? brotliDecompressSync(reply.body) : gunzipSync(reply.body);
      expect(decoded.toString()).toBe(SOURCE);
    },
  );

  it('fall back to the original without an acceptable encoding, still varying on it', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const reply = await get(JS, accept);
      expect(reply.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(reply.text).toBe(SOURCE);
      expect(String(reply.headers.vary)).toMatch(/accept-encoding/i);
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('serve a stylesheet as text/css', async () => {
    const reply = await get(CSS, 'br');
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/^text\/css/);
  });

  it('leave a file too small to compress as it is', async () => {
    const reply = await get(ASSET_PATH, 'br, gzip');
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.text).toBe('console.log("app");');
  });
});

describe('chooseEncoding', () => {
  const both = new Set(['br', 'gzip'] as const);
  /** A request as Express builds it, with this Accept-Encoding. */
  const withHeader = (header: string | undefined) =>
    Object.assign(Object.create(express().request) as Request, {
      headers: header === undefined ? {} : { 'accept-encoding': header },
    });
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip;q=1, br;q=0.8', 'gzip'],
    ['gzip;q=0.5, br;q=0.8', 'br'],
    ['br, gzip', 'br'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['gzip;q=0', undefined],
  ])('picks %j -> %s', (header, expected) => {
    expect(chooseEncoding(withHeader(header), both)).toBe(expected);
  });
  it("prefers br on a tie, which Express's req.acceptsEncodings would not (the client's order wins there)", () => {
    const chromium = withHeader('gzip, deflate, br, zstd');
    expect(chooseEncoding(chromium, both)).toBe('br');
    // Why negotiator is asked directly (with `preferred`): should Express ever prefer the
    // server's order, req.acceptsEncodings can do this alone.
    expect(chromium.acceptsEncodings(['br', 'gzip'])).toBe('gzip');
  });
  it('picks only what exists', () => {
    expect(chooseEncoding(withHeader('br, gzip'), new Set(['gzip'] as const))).toBe('gzip');
    expect(chooseEncoding(withHeader('br, gzip'), new Set())).toBeUndefined();
  });
});

describe('what a document knows of its request', () => {
  const app = express()
    .use(cookieParser())
    .get(/.*/, (req, res) => {
      res.json(documentRequestOf(req));
    });

  it('reads the query as the browser sent it, repeats and encoding kept', async () => {
    const reply = await request(app).get('/login?tab=a&tab=b&x=%2F').set('User-Agent', 'UA');
    expect(reply.body).toEqual({
      method: 'GET',
      path: '/login',
      search: '?tab=a&tab=b&x=%2F',
      userAgent: 'UA',
    });
    expect((await request(app).get('/login')).body.search).toBe('');
  });

  it("reads the path as the browser asked, a router's mount included", async () => {
    const mounted = express().use('/prerender', (req, res) => res.json(documentRequestOf(req)));
    const reply = await request(mounted).get('/prerender/login?tab=sms');
    expect(reply.body).toMatchObject({ path: '/prerender/login', search: '?tab=sms' });
  });

  it('takes a cookie only as one string, never the object cookie-parser makes of `j:`', async () => {
    const reply = await request(app)
      .get('/usercenter')
      .set('Cookie', `locale=en-US; tz=${encodeURIComponent('j:{"zone":"Asia/Shanghai"}')}`);
    expect(reply.body).toMatchObject({ localeCookie: 'en-US' });
    expect(reply.body).not.toHaveProperty('timeZoneCookie');
  });
});
