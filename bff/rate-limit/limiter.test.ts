import { writeFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../log';
import { startBff, writeRulesFile, type TestBff } from '@tests/support/bff-harness';
import {
  closedPortUrl,
  ok,
  sendJson,
  startUpstream,
  type UpstreamDouble,
} from '@tests/support/upstream-double';
import { reloadFromFile } from './limiter';
import type { RateLimitRule } from './rules';
import { sampleBody } from '@tests/support/sample-bodies';

const GW = '/gw/uaa-be/api/v1';
const USER_INFO = `${GW}/login/getUserInfo`;
const LOGIN_SMS = `${GW}/login/getSmsCode`;
const REGISTER_SMS = `${GW}/register/getSmsCode`;
const FORGET = `${GW}/user/management/password/forget`;
const BY_ACCOUNT = `${GW}/login/byAccount`;
const BY_PHONE = `${GW}/login/byPhone`;

type RuleInput = Omit<RateLimitRule, 'count' | 'failMode' | 'mode'> &
  Partial<Pick<RateLimitRule, 'count' | 'failMode' | 'mode'>>;

let upstream: UpstreamDouble;
const started: TestBff[] = [];

beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  await Promise.all(started.map((bff) => bff.close()));
  await upstream.close();
});
beforeEach(() => upstream.reset());

async function bffWith(
  rules: RuleInput[] | string,
  opts: { env?: Record<string, string>; logLines?: string[] } = {},
) {
  const logger = opts.logLines
    ? createLogger('info', { write: (line: string) => void opts.logLines!.push(line) })
    : undefined;
  const bff = await startBff({
    upstream: upstream.url,
    env: { RATE_LIMITS_FILE: writeRulesFile(rules), ...opts.env },
    logger,
  });
  started.push(bff);
  return bff;
}

/** A body the call takes, with `fields` over its sample's. */
const post = (bff: TestBff, path: string, fields: Record<string, unknown> = {}) =>
  request(bff.url).post(path).set('X-CSRF', '1').send(sampleBody(path, fields));
const fromIp = (bff: TestBff, ip: string, path = USER_INFO) =>
  request(bff.url).post(path).set('X-CSRF', '1').set('X-Forwarded-For', ip).send({});
const statuses = async (replies: Promise<{ status: number }>[]) => {
  const out: number[] = [];
  for (const reply of replies) out.push((await reply).status);
  return out;
};

describe('a rate-limit rule', () => {
  it('lets N requests through, refuses request N+1 with 429 A0301 and its headers, upstream saw N', async () => {
    const bff = await bffWith([{ name: 'per-ip', match: [USER_INFO], key: 'ip', limit: 3, windowS: 60 }]);
    for (let i = 0; i < 3; i += 1) {
      const reply = await post(bff, USER_INFO);
      expect(reply.status).toBe(200);
      expect(reply.headers.ratelimit).toMatch(new RegExp(`^"per-ip"; r=${2 - i}; t=(59|60)$`));
    }
    const refused = await request(bff.url).post(USER_INFO).set('X-CSRF', '1').set('lang', 'en-US').send({});
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ msgCode: 'A0301', msg: 'Too many requests' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.ratelimit).toMatch(/^"per-ip"; r=0; t=\d+$/);
    expect(refused.headers['ratelimit-policy']).toMatch(/^"per-ip"; q=3; w=60; pk=:[A-Za-z0-9+/=]+:$/);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(upstream.requests).toHaveLength(3);

    const inChinese = await post(bff, USER_INFO);
    expect(inChinese.body).toEqual({ msgCode: 'A0301', msg: '请求过于频繁' });
    expect(upstream.requests).toHaveLength(3);
  });

  it('leaves paths it does not match alone', async () => {
    const bff = await bffWith([{ name: 'per-ip', match: [USER_INFO], key: 'ip', limit: 1, windowS: 60 }]);
    expect(await statuses([post(bff, USER_INFO), post(bff, USER_INFO)])).toEqual([200, 429]);
    const other = await post(bff, `${GW}/personal/info/update`);
    expect(other.status).toBe(200);
    expect(other.headers.ratelimit).toBeUndefined();
  });

  it('cannot be dodged by another spelling of the path', async () => {
    const bff = await bffWith([{ name: 'per-ip', match: [USER_INFO], key: 'ip', limit: 1, windowS: 60 }]);
    expect((await post(bff, USER_INFO)).status).toBe(200);
    for (const path of [
      `${GW}/LOGIN/getUserInfo`,
      `${GW}/login//getUserInfo`,
      `${USER_INFO}/`,
      `${GW}/login/get%55serInfo`,
    ]) {
      expect((await post(bff, path)).status, path).toBe(429);
    }
    expect(upstream.requests).toHaveLength(1);
  });

  it('matches a path prefix ending in *', async () => {
    const bff = await bffWith([{ name: 'all', match: ['/gw/uaa-be/*'], key: 'ip', limit: 2, windowS: 60 }]);
    expect(await statuses([post(bff, USER_INFO), post(bff, LOGIN_SMS), post(bff, BY_ACCOUNT)])).toEqual([
      200, 200, 429,
    ]);
    expect(upstream.requests).toHaveLength(2);
  });
});

describe('identifier keys', () => {
  const perPhone: RuleInput = {
    name: 'per-target',
    match: [LOGIN_SMS, REGISTER_SMS, FORGET],
    key: 'identifier',
    identifierField: ['phone', 'item'],
    limit: 1,
    windowS: 60,
  };

  it('count each phone on its own, normalized, across the endpoints of the rule', async () => {
    const bff = await bffWith([perPhone]);
    expect((await post(bff, LOGIN_SMS, { phone: '13800000001' })).status).toBe(200);
    expect((await post(bff, LOGIN_SMS, { phone: ' +86 138-0000-0001 ' })).status).toBe(429);
    expect((await post(bff, LOGIN_SMS, { phone: '+86(138)00000001' })).status).toBe(429);
    expect((await post(bff, REGISTER_SMS, { phone: '8613800000001' })).status).toBe(429);
    expect((await post(bff, FORGET, { type: 'phone', item: '13800000001' })).status).toBe(429);
    expect((await post(bff, LOGIN_SMS, { phone: '13800000002' })).status).toBe(200);
    expect(upstream.requests.map((r) => JSON.parse(r.body.toString()).phone)).toEqual([
      '13800000001',
      '13800000002',
    ]);
  });

  it('treat e-mail addresses case-insensitively', async () => {
    const bff = await bffWith([perPhone]);
    expect((await post(bff, FORGET, { type: 'email', item: 'Ann@Example.org' })).status).toBe(200);
    expect((await post(bff, FORGET, { type: 'email', item: ' ann@example.ORG' })).status).toBe(429);
    expect((await post(bff, FORGET, { type: 'email', item: 'bob@example.org' })).status).toBe(200);
    expect(upstream.requests).toHaveLength(2);
  });

  it('leave a blank identifier to the upstream, and refuse a missing one before it', async () => {
    const bff = await bffWith([perPhone]);
    const blank = () => post(bff, LOGIN_SMS, { phone: '' });
    const missing = request(bff.url).post(LOGIN_SMS).set('X-CSRF', '1').send({});
    expect(await statuses([blank(), blank(), missing])).toEqual([200, 200, 400]);
    expect(upstream.requests).toHaveLength(2);
  });

  it('combine with the address for ip+identifier', async () => {
    const bff = await bffWith([
      {
        name: 'ip-and-phone',
        match: [LOGIN_SMS],
        key: 'ip+identifier',
        identifierField: 'phone',
        limit: 1,
        windowS: 60,
      },
    ]);
    const send = (ip: string, phone: string) =>
      request(bff.url).post(LOGIN_SMS).set('X-CSRF', '1').set('X-Forwarded-For', ip).send({ phone });
    expect(
      await statuses([
        send('198.51.100.1', '13800000001'),
        send('198.51.100.2', '13800000001'),
        send('198.51.100.1', '13800000002'),
        send('198.51.100.1', '13800000001'),
      ]),
    ).toEqual([200, 200, 200, 429]);
  });

  it('never put an identifier or an address in the log', async () => {
    const logLines: string[] = [];
    const bff = await bffWith([perPhone], { logLines });
    await post(bff, LOGIN_SMS, { phone: '13912345678' });
    const refused = await request(bff.url)
      .post(LOGIN_SMS)
      .set('X-CSRF', '1')
      .set('X-Forwarded-For', '203.0.113.99')
      .send({ phone: '13912345678' });
    expect(refused.status).toBe(429);
    const refusal = logLines.map((line) => JSON.parse(line)).find((l) => l.msg === 'rate limited');
    expect(refusal).toMatchObject({ rule: 'per-target' });
    expect(logLines.join('\n')).not.toContain('13912345678');
    expect(logLines.join('\n')).not.toContain('203.0.113.99');
  });
});

describe('counting only failures or only successes', () => {
  const failedLogins: RuleInput = {
    name: 'failed-login',
    match: [BY_ACCOUNT, BY_PHONE],
    key: 'identifier',
    identifierField: ['account', 'phone'],
    limit: 2,
    windowS: 900,
    count: 'failures',
  };
  const refuse = () =>
    upstream.respond((_req, res) => sendJson(res, 200, { msgCode: 'A0207', msg: 'wrong' }));

  it('lets successful logins through however many', async () => {
    const bff = await bffWith([failedLogins]);
    const replies = await statuses(
      Array.from({ length: 5 }, () => post(bff, BY_ACCOUNT, { account: 'ann' })),
    );
    expect(replies).toEqual([200, 200, 200, 200, 200]);
  });

  it('refuses an account after N failed logins, before the upstream sees the next', async () => {
    const bff = await bffWith([failedLogins]);
    refuse();
    const replies = await statuses([
      post(bff, BY_ACCOUNT, { account: 'bob' }),
      post(bff, BY_ACCOUNT, { account: 'BOB ' }),
      post(bff, BY_ACCOUNT, { account: 'bob' }),
    ]);
    expect(replies).toEqual([200, 200, 429]);
    expect(upstream.requests).toHaveLength(2);

    // Another account and the same person by phone count on their own.
    expect((await post(bff, BY_ACCOUNT, { account: 'carol' })).status).toBe(200);
    expect((await post(bff, BY_PHONE, { phone: '13800000003', code: '1' })).status).toBe(200);
    expect(upstream.requests).toHaveLength(4);
  });

  it('counts a code as sent only when the upstream sent it', async () => {
    const bff = await bffWith([
      {
        name: 'code',
        match: [LOGIN_SMS],
        key: 'identifier',
        identifierField: 'phone',
        limit: 1,
        windowS: 60,
        count: 'successes',
      },
    ]);
    refuse();
    const body = { phone: '13800000004' };
    expect(await statuses([post(bff, LOGIN_SMS, body), post(bff, LOGIN_SMS, body)])).toEqual([200, 200]);
    upstream.respond((_req, res) => sendJson(res, 200, ok()));
    expect(await statuses([post(bff, LOGIN_SMS, body), post(bff, LOGIN_SMS, body)])).toEqual([200, 429]);
    expect(upstream.requests).toHaveLength(3);
  });
});

describe('client addresses', () => {
  const perIp: RuleInput[] = [{ name: 'per-ip', match: [USER_INFO], key: 'ip', limit: 1, windowS: 60 }];

  it('group IPv6 clients by /56', async () => {
    const bff = await bffWith(perIp);
    expect(
      await statuses([
        fromIp(bff, '2001:db8:abcd:1200::1'),
        fromIp(bff, '2001:db8:abcd:12ff:ffff::9'),
        fromIp(bff, '2001:db8:abcd:1300::1'),
      ]),
    ).toEqual([200, 429, 200]);
  });

  it('count an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const bff = await bffWith(perIp);
    expect(await statuses([fromIp(bff, '::ffff:203.0.113.7'), fromIp(bff, '203.0.113.7')])).toEqual([
      200, 429,
    ]);
    expect((await fromIp(bff, '203.0.113.8')).status).toBe(200);
  });

  it('take the address from X-Forwarded-For only from a trusted proxy', async () => {
    const bff = await bffWith(perIp, { env: { TRUST_PROXY: '0' } });
    // Nothing is trusted: a client cannot pose as many by sending its own forwarding header.
    expect(await statuses([fromIp(bff, '198.51.100.1'), fromIp(bff, '198.51.100.2')])).toEqual([200, 429]);
  });
});

describe('a shadow rule', () => {
  it('counts, logs, meters and reports what it would refuse, and refuses nothing a client can see', async () => {
    const logLines: string[] = [];
    const bff = await bffWith(
      [
        { name: 'try-tighter', match: [USER_INFO], key: 'ip', limit: 1, windowS: 60, mode: 'shadow' },
        { name: 'real', match: [USER_INFO], key: 'ip', limit: 4, windowS: 60 },
      ],
      { logLines },
    );
    const replies = [];
    for (let i = 0; i < 5; i += 1) replies.push(await post(bff, USER_INFO));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 429]);
    // The shadow rule's name never reaches a client; the enforced one's does.
    for (const reply of replies)
      expect(String(reply.headers['ratelimit-policy'] ?? '')).not.toContain('try-tighter');
    expect(upstream.requests).toHaveLength(4);

    const metrics = (await request(bff.url).get('/metrics')).text;
    expect(metrics).toMatch(
      /^bff_rate_limit_refusals_total\{rule="try-tighter",reason="limit",mode="shadow"\} 4$/m,
    );
    expect(metrics).toMatch(
      /^bff_rate_limit_refusals_total\{rule="real",reason="limit",mode="enforce"\} 1$/m,
    );
    expect(logLines.filter((l) => l.includes('rate limited (shadow)'))).toHaveLength(4);
    const shadowEvents = bff
      .securityEvents()
      .filter((e) => e.type === 'rate_limited' && e.action === 'shadow');
    expect(shadowEvents).toHaveLength(4);
    expect(shadowEvents[0]).toMatchObject({ outcome: 'success', rule: 'try-tighter', shadow: true });
  });

  it('refuses nothing while its store is down, whatever its failMode says', async () => {
    const closedPort = new URL(await closedPortUrl()).port;
    const bff = await bffWith(
      [
        {
          name: 'shadow-closed',
          match: [LOGIN_SMS],
          key: 'ip',
          limit: 5,
          windowS: 60,
          mode: 'shadow',
          failMode: 'closed',
        },
        {
          name: 'shadow-distinct',
          match: [LOGIN_SMS],
          key: 'ip',
          distinct: true,
          limit: 5,
          windowS: 60,
          mode: 'shadow',
          failMode: 'closed',
        },
      ],
      {
        env: {
          REDIS_URL: `redis://127.0.0.1:${closedPort}`,
          RATE_LIMIT_HASH_KEY: 'shadow-test-hash-key-0123',
        },
      },
    );
    expect(bff.rateLimits.storeUp()).toBe(false);
    expect((await post(bff, LOGIN_SMS)).status).toBe(200);
    expect(upstream.requests).toHaveLength(1);
  });

  it('is refused in the rules file with any other mode', async () => {
    await expect(
      bffWith([{ name: 'x', match: [USER_INFO], key: 'ip', limit: 1, windowS: 60, mode: 'count' as never }]),
    ).rejects.toThrow(/mode: must be enforce or shadow/);
  });
});

describe('the rule set', () => {
  it('is the built-in defaults without RATE_LIMITS_FILE: one code per phone per minute across code endpoints', async () => {
    const bff = await startBff({ upstream: upstream.url, env: { UAA_UPSTREAM: upstream.url } });
    started.push(bff);
    const first = await post(bff, LOGIN_SMS, { phone: '13800000005' });
    expect(first.status).toBe(200);
    expect(String(first.headers.ratelimit)).toContain('"proxied-per-ip"');
    expect(String(first.headers.ratelimit)).toContain('"code-per-target-minute"');
    expect((await post(bff, REGISTER_SMS, { phone: '13800000005' })).status).toBe(429);
    expect(upstream.requests).toHaveLength(1);
  });

  it("refuses a target's eleventh wrong code in a quarter hour, from any address, on every call that checks one", async () => {
    const bff = await startBff({ upstream: upstream.url, env: { TRUST_PROXY: 'loopback' } });
    started.push(bff);
    upstream.respond((_req, res) => sendJson(res, 200, { msgCode: 'A0208', msg: 'code error' }));
    const reset = (ip: string, item: string) =>
      request(bff.url)
        .post(`${GW}/user/management/password/reset`)
        .set('X-CSRF', '1')
        .set('X-Forwarded-For', ip)
        .send(sampleBody(`${GW}/user/management/password/reset`, { type: 'phone', item }));
    const replies = await statuses(
      Array.from({ length: 11 }, (_, i) =>
        reset(`198.51.100.${i + 1}`, i % 2 ? '+86 138 0000 0009' : '13800000009'),
      ),
    );
    expect(replies).toEqual([...Array(10).fill(200), 429]);
    expect(upstream.requests).toHaveLength(10);
    // Another target counts on its own.
    expect((await reset('198.51.100.99', '13800000010')).status).toBe(200);
  });

  it('is empty with [] in RATE_LIMITS_FILE: no limit, no RateLimit header', async () => {
    const bff = await bffWith([]);
    const replies = await Promise.all(
      Array.from({ length: 3 }, () => post(bff, LOGIN_SMS, { phone: '13800000006' })),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(replies.every((r) => r.headers.ratelimit === undefined)).toBe(true);
  });

  it('is swapped by a reload; unchanged rules keep their counts; a bad file changes nothing', async () => {
    const kept: RuleInput = { name: 'kept', match: [LOGIN_SMS], key: 'ip', limit: 1, windowS: 60 };
    const file = writeRulesFile([
      kept,
      { name: 'tight', match: [USER_INFO], key: 'ip', limit: 1, windowS: 60 },
    ]);
    const logLines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void logLines.push(line) });
    const bff = await startBff({ upstream: upstream.url, env: { RATE_LIMITS_FILE: file }, logger });
    started.push(bff);
    expect(await statuses([post(bff, USER_INFO), post(bff, USER_INFO), post(bff, LOGIN_SMS)])).toEqual([
      200, 429, 200,
    ]);

    writeFileSync(
      file,
      JSON.stringify([kept, { name: 'loose', match: [USER_INFO], key: 'ip', limit: 5, windowS: 60 }]),
    );
    expect(reloadFromFile(bff.rateLimits, file, logger)).toBe(true);
    expect(bff.rateLimits.rules().map((r) => r.name)).toEqual(['kept', 'loose']);
    expect(await statuses([post(bff, USER_INFO), post(bff, USER_INFO)])).toEqual([200, 200]);
    // The unchanged rule still remembers the code sent before the reload.
    expect((await post(bff, LOGIN_SMS)).status).toBe(429);

    writeFileSync(
      file,
      JSON.stringify([{ name: 'broken', match: ['/elsewhere'], key: 'ip', limit: 0, windowS: 60 }]),
    );
    expect(reloadFromFile(bff.rateLimits, file, logger)).toBe(false);
    expect(bff.rateLimits.rules().map((r) => r.name)).toEqual(['kept', 'loose']);
    const refusal = logLines.map((l) => JSON.parse(l)).find((l) => /RATE_LIMITS_FILE refused/.test(l.msg));
    expect(refusal?.problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\[0\]\.match\[0\]: /)]),
    );
    expect(refusal?.problems).toEqual(expect.arrayContaining([expect.stringMatching(/^\[0\]\.limit: /)]));
  });
});

describe('refused requests', () => {
  /** Code sends to `count` new phones from one address, a few at a time; their statuses. */
  async function flood(bff: TestBff, count: number, ip: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let from = 0; from < count; from += 25) {
      const batch = Array.from({ length: Math.min(25, count - from) }, (_, i) =>
        request(bff.url)
          .post(LOGIN_SMS)
          .set('X-CSRF', '1')
          .set('X-Forwarded-For', ip)
          .send({ phone: `139${String(from + i).padStart(8, '0')}` }),
      );
      for (const reply of await Promise.all(batch)) statuses.push(reply.status);
    }
    return statuses;
  }
  const held = async (bff: TestBff) =>
    Number(/^bff_rate_limit_keys (\d+)$/m.exec((await request(bff.url).get('/metrics')).text)?.[1]);

  it('leave no counter behind: a flood from one address holds what its admitted sends hold', async () => {
    // The default rules: the per-phone rules count a send before the per-address rule refuses it.
    const bff = await startBff({ upstream: upstream.url });
    started.push(bff);
    const before = await held(bff);
    const statuses = await flood(bff, 120, '203.0.113.7');
    const admitted = statuses.filter((s) => s === 200).length;
    expect(admitted, JSON.stringify(statuses)).toBe(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100);
    // Per admitted phone: a minute and a day key, a member of the address's and the network's
    // distinct sets; then one key per address rule. 100 refused sends to new phones add nothing.
    const perAdmitted = 4;
    const afterFlood = await held(bff);
    expect(afterFlood - before).toBeLessThanOrEqual(admitted * perAdmitted + 6);
    // A second flood from the same address, all refused, holds nothing more.
    expect(new Set(await flood(bff, 40, '203.0.113.7'))).toEqual(new Set([429]));
    expect(await held(bff)).toBe(afterFlood);
  });

  it('give back a code the upstream would not send and keep no zero for it', async () => {
    const bff = await bffWith([
      {
        name: 'per-phone',
        match: [LOGIN_SMS],
        key: 'identifier',
        limit: 1,
        windowS: 86_400,
        count: 'successes',
      },
    ]);
    upstream.respond((_req, res) => sendJson(res, 200, { msgCode: 'A0400', msg: 'bad phone' }));
    const statuses = await flood(bff, 30, '203.0.113.8');
    expect(statuses, JSON.stringify(statuses)).not.toContain(429);
    expect(upstream.requests).toHaveLength(30);
    // Each count is given back once its answer has left, which a loaded machine may do after the
    // browser has read it.
    await vi.waitFor(async () => expect(await held(bff)).toBe(0));
  });
});
