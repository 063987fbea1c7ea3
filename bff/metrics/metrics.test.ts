import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBff, stubAllowlist, writeRulesFile, type TestBff } from '@tests/support/bff-harness';
import { ok, sendJson, startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';
import { routeLabel, routeTemplate } from './metrics';

const GW = '/gw/uaa-be/api/v1';
const TOKEN = 'metrics-token-0123456789';

let upstream: UpstreamDouble;
let bff: TestBff;
let guarded: TestBff;
let fresh: TestBff;

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff({
    upstream: upstream.url,
    env: {
      RATE_LIMITS_FILE: writeRulesFile([
        { name: 'one-info', match: [`${GW}/login/getUserInfo`], key: 'ip', limit: 1, windowS: 60 },
      ]),
    },
  });
  guarded = await startBff({ upstream: upstream.url, env: { METRICS_TOKEN: TOKEN } });
  fresh = await startBff({ upstream: upstream.url, allowlist: stubAllowlist([], false) });
});
afterAll(async () => {
  await Promise.all([bff.close(), guarded.close(), fresh.close()]);
  await upstream.close();
});
beforeEach(() => upstream.reset());

const scrape = async (target: TestBff = bff) => {
  const reply = await request(target.url).get('/metrics');
  expect(reply.status).toBe(200);
  return reply.text;
};
/** The value of one sample, 0 when absent. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
};

describe('GET /metrics', () => {
  it('answers in the Prometheus text format, uncached', async () => {
    const reply = await request(bff.url).get('/metrics');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.text).toContain('# TYPE bff_http_requests_total counter');
    expect(reply.text).toContain('# TYPE bff_upstream_duration_seconds histogram');
    expect(reply.text).toContain('# TYPE bff_rate_limit_refusals_total counter');
    expect(reply.text).toContain('# TYPE bff_allowlist_age_seconds gauge');
    expect(reply.text).toContain('bff_process_resident_memory_bytes');
  });

  it('counts requests by normalized route and status', async () => {
    const series = 'bff_http_requests_total{route="gateway:/api/v1/personal/info/update",status="200"}';
    const before = sample(await scrape(), series);
    await request(bff.url).post(`${GW}/personal/info/update`).set('X-CSRF', '1').send({ nickname: 'Ann' });
    await request(bff.url).post(`${GW}/personal/info/update`).send({});
    await request(bff.url).get('/usercenter/profile?id=12345');
    await request(bff.url).post(`${GW}/some/unknown/4711?x=1`).set('X-CSRF', '1').send({});
    const text = await scrape();
    expect(sample(text, series)).toBe(before + 1);
    expect(
      sample(text, 'bff_http_requests_total{route="gateway:/api/v1/personal/info/update",status="403"}'),
    ).toBe(1);
    expect(sample(text, 'bff_http_requests_total{route="spa",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'bff_http_requests_total{route="gateway:other",status="404"}')).toBe(1);
    // No raw URL, id or query ever becomes a label. Only the labels are read: a sample's value
    // (a duration, a byte count) may contain these digits by chance.
    const labels = text.match(/\{[^}]*\}/g) ?? [];
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.join('\n')).not.toMatch(/12345|4711|usercenter|unknown/);
  });

  it('times each answer by route and status class, never by raw path or status', async () => {
    const route = 'gateway:/api/v1/personal/info/update';
    const series = (what: string, statusClass: string, le?: string) =>
      `bff_http_server_request_duration_seconds_${what}{${le ? `le="${le}",` : ''}route="${route}",status_class="${statusClass}"}`;
    const first = await scrape();
    const before = (statusClass: string) => sample(first, series('count', statusClass));
    const [ok2xx, refused4xx, failed5xx] = [before('2xx'), before('4xx'), before('5xx')];
    const slowFastBefore = sample(first, series('bucket', '2xx', '0.05'));
    upstream.respond((_req, res) => setTimeout(() => sendJson(res, 200, ok()), 60));
    await request(bff.url).post(`${GW}/personal/info/update`).set('X-CSRF', '1').send({ nickname: 'Ann' });
    // No X-CSRF: refused by the BFF itself.
    await request(bff.url).post(`${GW}/personal/info/update`).send({});
    // Not JSON from the UAA: 502.
    upstream.respond((_req, res) => res.end('<html>down</html>'));
    const bad = await request(bff.url)
      .post(`${GW}/personal/info/update`)
      .set('X-CSRF', '1')
      .send({ nickname: 'Ann' });
    expect(bad.status).toBe(502);
    const text = await scrape();
    expect(sample(text, series('count', '2xx'))).toBe(ok2xx + 1);
    expect(sample(text, series('count', '4xx'))).toBe(refused4xx + 1);
    expect(sample(text, series('count', '5xx'))).toBe(failed5xx + 1);
    // The UAA's 60 ms are in the answer's time: not within 50 ms, within 10 s.
    expect(sample(text, series('bucket', '2xx', '0.05'))).toBe(slowFastBefore);
    expect(sample(text, series('bucket', '2xx', '10'))).toBe(ok2xx + 1);
    expect(sample(text, series('sum', '2xx')) - sample(first, series('sum', '2xx'))).toBeGreaterThanOrEqual(
      0.06,
    );
    const labels = (text.match(/bff_http_server_request_duration_seconds_count\{[^}]*\}/g) ?? []).join('\n');
    expect(labels).toContain('status_class="5xx"');
    expect(labels).not.toMatch(/status="|status_class="(?![1-5]xx")/);
  });

  it('times the upstream per route', async () => {
    upstream.respond((_req, res) => setTimeout(() => sendJson(res, 200, ok()), 60));
    const count = 'bff_upstream_duration_seconds_count{route="gateway:/api/v1/cipher/getPubKey"}';
    const sum = 'bff_upstream_duration_seconds_sum{route="gateway:/api/v1/cipher/getPubKey"}';
    const first = await scrape();
    const [before, sumBefore] = [sample(first, count), sample(first, sum)];
    const started = performance.now();
    await request(bff.url).post(`${GW}/cipher/getPubKey`).set('X-CSRF', '1').send({});
    const elapsed = (performance.now() - started) / 1000;
    const text = await scrape();
    expect(sample(text, count)).toBe(before + 1);
    expect(
      sample(
        text,
        'bff_upstream_duration_seconds_bucket{le="0.05",route="gateway:/api/v1/cipher/getPubKey"}',
      ),
    ).toBe(0);
    // The upstream's 60 ms, and no more than the whole call took as the client saw it (a fixed
    // 100 ms bucket failed on a loaded machine).
    const timed = sample(text, sum) - sumBefore;
    expect(timed).toBeGreaterThanOrEqual(0.06);
    expect(timed).toBeLessThanOrEqual(elapsed);
  });

  it('counts rate-limit refusals by rule', async () => {
    const series = 'bff_rate_limit_refusals_total{rule="one-info",reason="limit",mode="enforce"}';
    for (let i = 0; i < 3; i += 1)
      await request(bff.url).post(`${GW}/login/getUserInfo`).set('X-CSRF', '1').send({});
    const text = await scrape();
    expect(sample(text, series)).toBe(2);
    expect(
      sample(text, 'bff_http_requests_total{route="gateway:/api/v1/login/getUserInfo",status="429"}'),
    ).toBe(2);
  });

  it("reports the allow-list's age, +Inf before a first fetch", async () => {
    expect(sample(await scrape(), 'bff_allowlist_age_seconds')).toBe(1);
    expect(await scrape(fresh)).toMatch(/^bff_allowlist_age_seconds \+Inf$/m);
  });

  it('is not served to a request that came through a reverse proxy', async () => {
    for (const header of ['X-Forwarded-For', 'X-Real-IP', 'Forwarded']) {
      const reply = await request(bff.url).get('/metrics').set(header, '127.0.0.1');
      expect(reply.status, header).toBe(404);
      expect(reply.text).not.toContain('bff_');
    }
  });

  it('needs the bearer token when METRICS_TOKEN is set, even on loopback', async () => {
    const before = guarded.securityLines.length;
    expect((await request(guarded.url).get('/metrics')).status).toBe(404);
    expect((await request(guarded.url).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`)).status).toBe(
      404,
    );
    const reply = await request(guarded.url).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('bff_http_requests_total');
    // Each refusal is a security event (never the token tried); the scrape that passed is none.
    const refused = {
      type: 'request_refused',
      outcome: 'failure',
      reason: 'metrics-access',
      path: '/metrics',
    };
    expect(guarded.securityEvents().slice(before)).toEqual([
      expect.objectContaining(refused),
      expect.objectContaining(refused),
    ]);
    expect(guarded.securityLines.slice(before).join('')).not.toContain(TOKEN);
  });
});

describe('routeLabel', () => {
  it.each([
    ['/gw/uaa-be/api/v1/login/byAccount?x=1', 'gateway:/api/v1/login/byAccount'],
    ['/gw/uaa-be/api/v1/login/byAccount/', 'gateway:/api/v1/login/byAccount'],
    ['/gw/uaa-be/api/v1/users/42', 'gateway:other'],
    ['/gw/upload/api/v1/uploadFile?key=user&tag=avatar', 'upload:/api/v1/uploadFile'],
    ['/authentication?clientId=c&redirect=x', 'authentication'],
    ['/xlab-authentication', 'authentication:branded'],
    ['/bff/redirect?to=https://x', 'bff:redirect'],
    ['/static/js/main.abc.js', 'static'],
    ['/__dev/outbox', 'dev'],
    ['/healthz', 'healthz'],
    ['/admin/user/edit?id=9', 'spa'],
  ])('names %s %s', (url, label) => {
    expect(routeLabel(url)).toBe(label);
  });
});

describe('routeTemplate (the http.route of a traced request)', () => {
  it.each([
    ['/gw/uaa-be/api/v1/login/byAccount?x=1', '/gw/uaa-be/api/v1/login/byAccount'],
    ['/gw/uaa-be/api/v1/users/42', '/gw/uaa-be/*'],
    ['/gw/upload/api/v1/uploadFile?key=user', '/gw/upload/api/v1/uploadFile'],
    ['/gw/upload/x/y', '/gw/upload/*'],
    ['/authentication?clientId=c', '/authentication'],
    ['/xlab-authentication', '/:brand-authentication'],
    ['/bff/redirect?to=https://x', '/bff/redirect'],
    ['/bff/session', '/bff/session'],
    ['/static/js/main.abc.js', '/static/*'],
    ['/__dev/outbox', '/__dev/*'],
    ['/admin/user/edit?id=9', '/*'],
  ])('of %s is %s: a template, never an id or a query', (url, template) => {
    expect(routeTemplate(routeLabel(url))).toBe(template);
  });
});
