import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '@shared/api/dev-paths';
import { appConfigOf, productionEnv, startBff, type TestBff } from '@tests/support/bff-harness';
import { startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';

const MESSAGES: OutboxMessage[] = [
  {
    channel: 'email',
    to: 'ann@example.org',
    subject: 'Activate <your> account',
    text: 'Click the link',
    link: 'http://localhost:8080/active?sign=s&token=t',
    at: '2025-03-01T08:00:00.000Z',
  },
  {
    channel: 'sms',
    to: '13800000000',
    subject: 'Login code',
    text: 'Your code',
    code: '123456',
    at: '2025-03-01T08:01:00.000Z',
  },
];

let upstream: UpstreamDouble;
let outboxCalls = 0;
const outbox = async () => {
  outboxCalls += 1;
  return MESSAGES;
};
let demo: TestBff;
let plain: TestBff;
let production: TestBff;

beforeAll(async () => {
  upstream = await startUpstream();
  demo = await startBff({ upstream: upstream.url, outbox });
  plain = await startBff({ upstream: upstream.url });
  production = await startBff({
    upstream: upstream.url,
    outbox,
    env: productionEnv(upstream.url),
  });
});
afterAll(async () => {
  await Promise.all([demo.close(), plain.close(), production.close()]);
  await upstream.close();
});

describe('GET /__dev/outbox', () => {
  it('lists the messages as JSON in demo mode', async () => {
    const reply = await request(demo.url).get('/__dev/outbox').set('Accept', 'application/json');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual(MESSAGES);
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('shows people an escaped HTML page, newest first', async () => {
    const reply = await request(demo.url).get('/__dev/outbox').set('Accept', 'text/html');
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.text).toContain('Activate &lt;your&gt; account');
    expect(reply.text).not.toContain('<your>');
    expect(reply.text.indexOf('Login code')).toBeLessThan(reply.text.indexOf('Activate'));
  });

  it('tells the SPA it runs as a demo', async () => {
    expect(appConfigOf((await request(demo.url).get('/login')).text).demo).toBe(true);
    expect(appConfigOf((await request(plain.url).get('/login')).text).demo).toBe(false);
  });

  it('does not exist without the embedded local UAA', async () => {
    const before = outboxCalls;
    const reply = await request(plain.url).get('/__dev/outbox').set('Accept', 'application/json');
    // Only the SPA's catch-all answers: no message leaves the BFF.
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.text).not.toContain('13800000000');
    expect(outboxCalls).toBe(before);
  });

  it('answers 404 in production, without reading the outbox', async () => {
    const before = outboxCalls;
    const reply = await request(production.url).get('/__dev/outbox').set('lang', 'en-US');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ msgCode: 'A0100', msg: 'Not found' });
    expect(outboxCalls).toBe(before);
    expect(appConfigOf((await request(production.url).get('/login')).text).demo).toBe(false);
  });
});
