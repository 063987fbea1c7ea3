import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from './log';
import { REDACTED, redactUrl } from './redact';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { ok, sendJson, startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';

interface LogLine {
  msg: string;
  level: number;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number };
  route?: string;
  upstreamMs?: number;
  rateLimit?: { rule: string; reason: string };
}

let upstream: UpstreamDouble;
let bff: TestBff;
const lines: string[] = [];
const parsed = () => lines.map((line) => JSON.parse(line) as LogLine);
const requestLines = () =>
  parsed().filter((l) => l.msg === 'request completed' || l.msg === 'request errored');

beforeAll(async () => {
  upstream = await startUpstream();
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  bff = await startBff({ upstream: upstream.url, logger });
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});
beforeEach(() => {
  lines.length = 0;
  upstream.reset();
});

describe('the request log', () => {
  it('writes one line per proxied request with its id, route, status and upstream latency', async () => {
    upstream.respond((_req, res) => setTimeout(() => sendJson(res, 200, ok()), 20));
    const reply = await request(bff.url)
      .post('/gw/uaa-be/api/v1/login/getUserInfo')
      .set('X-CSRF', '1')
      .set('X-Request-Id', 'req-log-1')
      .send({});
    expect(reply.status).toBe(200);
    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      req: { id: 'req-log-1', method: 'POST', url: '/gw/uaa-be/api/v1/login/getUserInfo' },
      res: { statusCode: 200 },
      route: 'gateway:/api/v1/login/getUserInfo',
    });
    expect(line!.upstreamMs).toBeGreaterThanOrEqual(15);
  });

  it('writes a refused request with its status and no upstream latency', async () => {
    await request(bff.url).post('/gw/uaa-be/api/v1/login/getUserInfo').send({});
    const [line] = requestLines();
    expect(line).toMatchObject({ res: { statusCode: 403 }, route: 'gateway:/api/v1/login/getUserInfo' });
    expect(line!.upstreamMs).toBeUndefined();
  });

  it('names SPA pages by a fixed route and keeps secrets out of URLs, headers and bodies', async () => {
    await request(bff.url)
      .get('/active?sign=s1gn-secret&token=t0ken-secret&lang=en-US')
      .set('Cookie', 'uaa-token=c00kie-secret')
      .set('Authorization', 'Bearer auth-secret');
    await request(bff.url)
      .post('/gw/uaa-be/api/v1/login/byAccount?code=c0de-secret')
      .set('X-CSRF', '1')
      .send({ account: 'ann', password: 'passw0rd-secret', code: 'c0de-secret', sk: 'sk-secret' });
    const text = lines.join('\n');
    expect(requestLines().map((l) => l.route)).toEqual(['spa', 'gateway:/api/v1/login/byAccount']);
    expect(text).toContain(REDACTED);
    for (const secret of [
      's1gn-secret',
      't0ken-secret',
      'c00kie-secret',
      'auth-secret',
      'passw0rd-secret',
      'c0de-secret',
      'sk-secret',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('the logger', () => {
  it('redacts password, code, token and sk fields wherever they sit', () => {
    const out: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void out.push(line) });
    logger.info(
      {
        password: 'p1',
        body: { password: 'p2', code: 'c2', token: 't2', sk: 's2', phone: 'kept' },
        req: { body: { password: 'p3', code: 'c3' }, headers: { cookie: 'k', authorization: 'a' } },
        res: { headers: { 'set-cookie': 'sc', location: 'https://x.example/cb?code=c4' } },
      },
      'test',
    );
    const line = JSON.parse(out[0]!);
    expect(line.password).toBe(REDACTED);
    expect(line.body).toEqual({
      password: REDACTED,
      code: REDACTED,
      token: REDACTED,
      sk: REDACTED,
      phone: 'kept',
    });
    expect(line.req.body).toEqual({ password: REDACTED, code: REDACTED });
    expect(line.req.headers).toEqual({ cookie: REDACTED, authorization: REDACTED });
    expect(line.res.headers).toEqual({ 'set-cookie': REDACTED, location: REDACTED });
  });

  it.each([
    ['/cb?code=abc&state=s', `/cb?code=${REDACTED}&state=s`],
    ['/active?sign=a&token=b', `/active?sign=${REDACTED}&token=${REDACTED}`],
    ['/x?sk=1&access_token=2&ticket=3#f', `/x?sk=${REDACTED}&access_token=${REDACTED}&ticket=${REDACTED}#f`],
    ['/login?lang=en-US&clientId=c', '/login?lang=en-US&clientId=c'],
  ])('redacts secret query parameters of %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
