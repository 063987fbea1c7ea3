/**
 * Issue 30, items 1 and 2, through the real BFF against a recording upstream double.
 * 1. The UAA is told the configured public origin (PUBLIC_ORIGIN), never the browser's Host or
 *    X-Forwarded-Host: a UAA that builds activation or reset links from those headers would mail
 *    links to the attacker's host (the class of ZITADEL CVE-2025-64101).
 * 2. Documents that call the UAA are metered: 700 signed-in documents with bogus cookies from one
 *    address made 700 getUserInfo calls in a second, no 429. Now they count as the call they make
 *    under the per-address rules, a token the UAA refused is remembered briefly so a flood of the
 *    same cookie costs one call, and the calls show in the log and the metrics.
 */
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { createLogger } from '@bff/log';
import { SECURITY_EVENT_MAX_BYTES } from '@bff/security-events/events';
import { startBff, stubAllowlist, writeRulesFile, type TestBff } from '@tests/support/bff-harness';
import { isClearing, setCookiesFor } from '@tests/support/http';
import { sampleBody } from '@tests/support/sample-bodies';
import { ok, sendJson, startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';

const PUBLIC = 'https://sso.example.com';
let upstream: UpstreamDouble;
let clientIp = 0;
let ip = '';

beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  await upstream.close();
});
beforeEach(() => {
  upstream.reset();
  clientIp += 1;
  ip = `192.0.2.${clientIp}`;
});

const started: TestBff[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((bff) => bff.close()));
});
async function bffWith(env: Record<string, string> = {}, logger = createLogger('silent')): Promise<TestBff> {
  const bff = await startBff({
    upstream: upstream.url,
    env: { PUBLIC_ORIGIN: PUBLIC, ...env },
    logger,
    allowlist: stubAllowlist(['example.com']),
  });
  started.push(bff);
  return bff;
}

const calls = (path: string) => upstream.requests.filter((r) => r.url === path);

describe('1. the host the UAA is told is the public origin', () => {
  it.each([
    ['Host', { Host: 'evil.example' }],
    [
      'X-Forwarded-Host from a trusted proxy',
      { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' },
    ],
    ['Forwarded', { Forwarded: 'host=evil.example;proto=http' }],
    ['two X-Forwarded-Host values', { 'X-Forwarded-Host': 'evil.example, sso.example.com' }],
  ])('a gateway call with a foreign %s', async (_name, headers) => {
    const bff = await bffWith();
    const path = `/gw/uaa-be${ENDPOINTS.passwordForget.path}`;
    const reply = await request(bff.url).post(path).set('X-CSRF', '1').set(headers).send(sampleBody(path));
    expect(reply.status).toBe(200);
    const seen = upstream.requests[0]!.headers;
    expect(seen['x-forwarded-host']).toBe('sso.example.com');
    expect(seen['x-forwarded-proto']).toBe('https');
    expect(JSON.stringify(seen)).not.toContain('evil.example');
  });

  it("the document's first-screen call and /authentication's code call", async () => {
    upstream.respond((req, res) =>
      sendJson(res, 200, ok(req.url === ENDPOINTS.internalAuth.path ? { code: 'c1' } : undefined)),
    );
    const bff = await bffWith();
    await request(bff.url).get('/usercenter').set('Host', 'evil.example').set('Cookie', 'uaa-token=t1');
    await request(bff.url)
      .get('/authentication?clientId=c&redirect=https://app.example.com/')
      .set('X-Forwarded-Host', 'evil.example')
      .set('Cookie', 'uaa-token=t1');
    expect(calls(ENDPOINTS.userInfo.path)).toHaveLength(1);
    expect(calls(ENDPOINTS.internalAuth.path)).toHaveLength(1);
    for (const seen of upstream.requests) {
      expect(seen.headers['x-forwarded-host']).toBe('sso.example.com');
      expect(JSON.stringify(seen.headers)).not.toContain('evil.example');
    }
  });
});

describe('2. documents that call the UAA are under the per-address limits', () => {
  const rules = (limit: number) =>
    writeRulesFile([{ name: 'proxied-per-ip', match: ['/gw/uaa-be/*'], key: 'ip', limit, windowS: 60 }]);

  it('a flood of signed-in documents with bogus cookies from one address stops calling the UAA at the budget', async () => {
    upstream.respond((_req, res) => sendJson(res, 401, { msgCode: 'A0211', msg: 'token expired' }));
    const bff = await bffWith({ RATE_LIMITS_FILE: rules(20) });
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i += 1) {
      const reply = await request(bff.url)
        .get(i % 2 ? '/admin/user' : '/authentication?clientId=c&redirect=https://app.example.com/')
        .set('X-Forwarded-For', ip)
        .set('Cookie', `uaa-token=bogus-${i}`);
      statuses.add(reply.status);
      expect(reply.status).toBeLessThan(500);
    }
    // 20 documents called the UAA (one call each); the other 20 called nobody.
    expect(upstream.requests).toHaveLength(20);
    expect(statuses).toContain(429);
    // Each document the limits kept from the UAA is a security event, on the page's path.
    const refused = bff.securityEvents().filter((e) => e.type === 'rate_limited');
    expect(refused).toHaveLength(20);
    expect(refused[0]).toMatchObject({
      action: 'limit',
      outcome: 'failure',
      code: 'A0301',
      rule: 'proxied-per-ip',
    });
    expect(new Set(refused.map((e) => e.path))).toEqual(new Set(['/admin/user', '/authentication']));
    // Another address has its own budget; API calls from the flooding one share it.
    const other = await request(bff.url)
      .get('/admin/user')
      .set('X-Forwarded-For', '192.0.2.250')
      .set('Cookie', 'uaa-token=bogus-x');
    expect(other.status).toBe(200);
    expect(upstream.requests).toHaveLength(21);
    const api = await request(bff.url)
      .post(`/gw/uaa-be${ENDPOINTS.userInfo.path}`)
      .set('X-CSRF', '1')
      .set('X-Forwarded-For', ip)
      .send({});
    expect(api.status).toBe(429);
  });

  it("a refused signed-in page with a 12 KB path: its event within the bound, the path's start kept", async () => {
    upstream.respond((_req, res) => sendJson(res, 401, { msgCode: 'A0211', msg: 'token expired' }));
    const bff = await bffWith({ RATE_LIMITS_FILE: rules(1) });
    const path = `/admin/${'a'.repeat(12 * 1024)}`;
    for (let i = 0; i < 2; i += 1) {
      const reply = await request(bff.url)
        .get(path)
        .set('X-Forwarded-For', ip)
        .set('User-Agent', `long-agent/${'b'.repeat(1024)}`)
        .set('Cookie', `uaa-token=long-${i}`);
      expect(reply.status).toBe(200);
    }
    const lines = bff.securityLines.filter((line) => line.includes('"type":"rate_limited"'));
    expect(lines).toHaveLength(1);
    expect(Buffer.byteLength(lines[0]!)).toBeLessThanOrEqual(SECURITY_EVENT_MAX_BYTES);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      action: 'limit',
      rule: 'proxied-per-ip',
      path: expect.stringMatching(/^\/admin\/a{100,}…\[truncated\]$/),
    });
  });

  it('an /authentication over the budget is a 429 page, never a call or a bounce to login', async () => {
    upstream.respond((_req, res) => sendJson(res, 200, ok({ code: 'c1' })));
    const bff = await bffWith({ RATE_LIMITS_FILE: rules(1) });
    const go = () =>
      request(bff.url)
        .get('/authentication?clientId=c&redirect=https://app.example.com/')
        .set('X-Forwarded-For', ip)
        .set('Cookie', 'uaa-token=t2');
    expect((await go()).status).toBe(302);
    const limited = await go();
    expect(limited.status).toBe(429);
    expect(limited.headers.location).toBeUndefined();
    expect(limited.text).toContain('"pageError":"tooManyRequests"');
    expect(upstream.requests).toHaveLength(1);
  });

  it('a HEAD /authentication fetches no code (a prefetcher would spend one nobody reads): 405', async () => {
    upstream.respond((_req, res) => sendJson(res, 200, ok({ code: 'c1' })));
    const bff = await bffWith({ RATE_LIMITS_FILE: rules(2) });
    for (let i = 0; i < 3; i += 1) {
      const reply = await request(bff.url)
        .head('/authentication?clientId=c&redirect=https://app.example.com/')
        .set('X-Forwarded-For', ip)
        .set('Cookie', `uaa-token=head-${i}`);
      expect(reply.status).toBe(405);
      expect(reply.headers.location).toBeUndefined();
    }
    expect(upstream.requests).toHaveLength(0);
    // Each is a refusal, and a security event (the third a rate-limit refusal besides).
    const refused = bff.securityEvents().filter((e) => e.type === 'request_refused');
    expect(refused).toEqual(
      Array(3).fill(
        expect.objectContaining({
          outcome: 'failure',
          code: 'HTTP405',
          reason: 'method',
          path: '/authentication',
        }),
      ),
    );
  });

  it("each of a back-office document's calls counts: over the budget, the rest are not made", async () => {
    upstream.respond((req, res) =>
      sendJson(res, 200, ok(req.url === ENDPOINTS.userInfo.path ? { ssoUid: 'u1', username: 'ann' } : [])),
    );
    const bff = await bffWith({ RATE_LIMITS_FILE: rules(4) });
    for (let i = 0; i < 4; i += 1)
      expect(
        (await request(bff.url).get('/admin/user').set('X-Forwarded-For', ip).set('Cookie', 'uaa-token=t4'))
          .status,
      ).toBe(200);
    // Each document makes up to three calls: four documents had a budget of four calls.
    expect(upstream.requests).toHaveLength(4);
  });

  it('one refused token costs one call: the next documents with it call nobody and clear it', async () => {
    upstream.respond((_req, res) => sendJson(res, 401, { msgCode: 'A0211', msg: 'token expired' }));
    const bff = await bffWith();
    for (let i = 0; i < 30; i += 1) {
      const reply = await request(bff.url)
        .get(
          ['/usercenter', '/admin/user', '/authentication?clientId=c&redirect=https://app.example.com/'][
            i % 3
          ]!,
        )
        .set('X-Forwarded-For', ip)
        .set('Cookie', 'uaa-token=same-bogus');
      expect(reply.status).toBeLessThan(500);
      // Cleared once per document (the Lax and the embedded cookie), not again by its route.
      if (i > 0) expect(setCookiesFor(reply.headers).filter(isClearing)).toHaveLength(2);
    }
    expect(upstream.requests).toHaveLength(1);
    // An API call still reaches the UAA with it (the UAA decides), and a new token is tried.
    upstream.respond((_req, res) => sendJson(res, 200, ok({ ssoUid: 'u1', username: 'ann' })));
    await request(bff.url).get('/usercenter').set('Cookie', 'uaa-token=fresh');
    expect(calls(ENDPOINTS.userInfo.path).length).toBeGreaterThanOrEqual(2);
  });

  it("a document's UAA calls are in its log line and the metrics", async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    upstream.respond((req, res) =>
      sendJson(
        res,
        200,
        ok(
          req.url === ENDPOINTS.userInfo.path
            ? { ssoUid: 'u1', username: 'ann' }
            : req.url === ENDPOINTS.userResList.path
              ? []
              : undefined,
        ),
      ),
    );
    const bff = await bffWith({}, logger);
    const page = await request(bff.url).get('/admin/user').set('Cookie', 'uaa-token=t3');
    expect(page.status).toBe(200);
    const line = lines
      .map(
        (l) => JSON.parse(l) as { msg?: string; route?: string; upstreamCalls?: number; upstreamMs?: number },
      )
      .find((l) => l.msg === 'request completed' && l.route === 'spa');
    expect(line?.upstreamCalls).toBe(upstream.requests.length);
    expect(line?.upstreamMs).toBeGreaterThan(0);
    const metrics = await request(bff.url).get('/metrics');
    expect(metrics.text).toMatch(/bff_upstream_calls_total\{route="spa"\} 2/);
    expect(JSON.stringify(lines)).not.toContain('t3');
  });
});
