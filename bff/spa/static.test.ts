import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appConfigOf,
  ASSET_PATH,
  startBff,
  startUpstream,
  type TestBff,
  type UpstreamDouble,
} from '../testing';

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

  it('keeps a hostile config value inside the JSON script', async () => {
    const reply = await request(hostile.url).get('/login');
    expect(reply.text.match(/<script\b/g)).toHaveLength(2);
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
