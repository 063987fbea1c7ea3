import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { appConfigOf, startBff, stubAllowlist, type TestBff } from '@tests/support/bff-harness';
import { startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';

let upstream: UpstreamDouble;
let bff: TestBff;

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff({
    upstream: upstream.url,
    env: { BRAND_PREFIX: 'acme' },
    allowlist: stubAllowlist(['example.com']),
  });
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});

describe('the sub-brand route prefix (BRAND_PREFIX)', () => {
  it('is validated at start', () => {
    expect(parseConfig({ BRAND_PREFIX: 'Bad Prefix' })).toMatchObject({ ok: false });
    expect(
      parseConfig({}).ok &&
        parseConfig({}).ok &&
        (parseConfig({}) as { config: { brandPrefix: string } }).config.brandPrefix,
    ).toBe('xlab');
  });

  it('names the branded /authentication twin, which sends visitors to its own login', async () => {
    const reply = await request(bff.url).get(
      '/acme-authentication?clientId=c&redirect=https%3A%2F%2Fexample.com%2Fcb',
    );
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe('/acme-login?clientId=c&redirect=https%3A%2F%2Fexample.com%2Fcb');
    expect(upstream.requests).toHaveLength(0);
  });

  it("makes the branded login the widget's (framable with its parameters) and tells the SPA the prefix", async () => {
    const widget = '?redirect=https%3A%2F%2Fintern.example.com%2F';
    const reply = await request(bff.url).get(`/acme-login${widget}`);
    expect(reply.headers['x-frame-options']).toBeUndefined();
    expect(appConfigOf(reply.text).brandPrefix).toBe('acme');
    const old = await request(bff.url).get(`/xlab-login${widget}`);
    expect(old.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
