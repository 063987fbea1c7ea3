import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBff, stubAllowlist, type TestBff } from '@tests/support/bff-harness';
import { closedPortUrl, startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';

let upstream: UpstreamDouble;
const started: TestBff[] = [];

async function bffWith(opts: { upstream?: string; allowlistLoaded?: boolean }): Promise<TestBff> {
  const bff = await startBff({
    upstream: opts.upstream ?? upstream.url,
    allowlist: stubAllowlist(
      opts.allowlistLoaded === false ? [] : ['example.com'],
      opts.allowlistLoaded ?? true,
    ),
  });
  started.push(bff);
  return bff;
}

beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  await Promise.all(started.map((bff) => bff.close()));
  await upstream.close();
});

describe('health checks', () => {
  it('answers /healthz with 200 while serving, even with the upstream down', async () => {
    const bff = await bffWith({ upstream: await closedPortUrl() });
    const reply = await request(bff.url).get('/healthz');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'ok' });
  });

  it('answers /readyz with 200 when the upstream answers and the allow-list is loaded', async () => {
    const bff = await bffWith({});
    const reply = await request(bff.url).get('/readyz');
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 'ready', upstream: true, allowlist: true });
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz with 503 when the upstream is down', async () => {
    const bff = await bffWith({ upstream: await closedPortUrl() });
    const reply = await request(bff.url).get('/readyz');
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({ status: 'not-ready', upstream: false, allowlist: true });
  });

  it('asks the upstream once for a burst of /readyz, which anyone may send', async () => {
    const bff = await bffWith({});
    upstream.reset();
    // A UAA slow enough for the whole burst to arrive while the first probe runs.
    upstream.respond((_req, res) => setTimeout(() => res.end(), 300));
    const replies = await Promise.all(Array.from({ length: 20 }, () => request(bff.url).get('/readyz')));
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(upstream.requests.filter((r) => r.method === 'HEAD')).toHaveLength(1);
    upstream.reset();
  });

  it('answers /readyz with 503 when no allow-list is loaded', async () => {
    const bff = await bffWith({ allowlistLoaded: false });
    const reply = await request(bff.url).get('/readyz');
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({ status: 'not-ready', upstream: true, allowlist: false });
  });
});
