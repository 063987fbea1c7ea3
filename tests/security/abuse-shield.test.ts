/**
 * The SMS and e-mail abuse shield (DESIGN.md §6), beyond the per-target limits: an SMS pumper
 * rotates phone numbers, so an address and its /24 get a daily cap on distinct targets, and each
 * code endpoint a global daily budget. Refusals are 429 A0301; /metrics counts sends and refusals
 * per rule. Rules here are the default shield's with small limits, as an operator would tune them.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '@bff/rate-limit/rules';
import { startBff, writeRulesFile, type TestBff } from '@tests/support/bff-harness';
import { startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';

const SMS = '/gw/uaa-be/api/v1/login/getSmsCode';
const FORGET = '/gw/uaa-be/api/v1/user/management/password/forget';
const rule = (name: string) => DEFAULT_RULES.find((r) => r.name === name)!;

let upstream: UpstreamDouble;
let bff: TestBff;

beforeAll(async () => {
  upstream = await startUpstream();
  const rules = [
    { ...rule('code-targets-per-ip-day'), limit: 3 },
    { ...rule('code-targets-per-subnet-day'), limit: 5 },
    { ...rule('code-budget-per-endpoint-day'), match: [FORGET], limit: 8 },
  ];
  bff = await startBff({ upstream: upstream.url, env: { RATE_LIMITS_FILE: writeRulesFile(rules) } });
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});
beforeEach(() => upstream.reset());

const send = (path: string, ip: string, body: object) =>
  request(bff.url).post(path).set('X-CSRF', '1').set('X-Forwarded-For', ip).send(body);
const sms = (ip: string, phone: string) => send(SMS, ip, { phone });

async function metric(series: string): Promise<number> {
  const text = (await request(bff.url).get('/metrics')).text;
  const line = text.split('\n').find((l) => l.startsWith(series));
  return line ? Number(line.slice(series.length).trim()) : 0;
}

describe('the abuse shield', () => {
  it('caps the distinct targets one address reaches in a day; a known target still passes', async () => {
    for (const phone of ['13000000001', '13000000002', '13000000003']) {
      expect((await sms('203.0.113.7', phone)).status).toBe(200);
    }
    const fourth = await sms('203.0.113.7', '13000000004');
    expect(fourth.status).toBe(429);
    expect(fourth.body.msgCode).toBe('A0301');
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // A target already reached today is no new target (its own per-target limits still apply).
    expect((await sms('203.0.113.7', '130 0000 0001')).status).toBe(200);
    expect(upstream.requests).toHaveLength(4);
  });

  it('caps the distinct targets of a /24, whichever of its addresses asks', async () => {
    const results: number[] = [];
    for (let i = 1; i <= 6; i += 1) results.push((await sms(`198.18.5.${i}`, `1310000000${i}`)).status);
    expect(results).toEqual([200, 200, 200, 200, 200, 429]);
    // Another /24 has its own allowance.
    expect((await sms('198.18.6.1', '13100000009')).status).toBe(200);
  });

  it('keeps a global daily budget per code endpoint, and counts sends and refusals in /metrics', async () => {
    const sendsBefore = await metric(`bff_code_sends_total{endpoint="${FORGET.toLowerCase()}"}`);
    const statuses: number[] = [];
    for (let i = 1; i <= 9; i += 1) {
      statuses.push((await send(FORGET, `100.64.${i}.1`, { type: 'phone', item: `1320000000${i}` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    expect(upstream.requests).toHaveLength(8);
    expect(await metric(`bff_code_sends_total{endpoint="${FORGET.toLowerCase()}"}`)).toBe(sendsBefore + 8);
    expect(
      await metric(
        'bff_rate_limit_refusals_total{rule="code-budget-per-endpoint-day",reason="limit",mode="enforce"}',
      ),
    ).toBe(1);
    expect(
      await metric(
        'bff_rate_limit_refusals_total{rule="code-targets-per-ip-day",reason="limit",mode="enforce"}',
      ),
    ).toBeGreaterThanOrEqual(1);
  });
});
