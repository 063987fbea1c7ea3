/**
 * The shared store against a real redis-server (Debian's package) on loopback: replicas count
 * together, and when Redis goes away the general rules let requests through while the code
 * rules refuse them, until Redis is back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createClient } from 'redis';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBff, writeRulesFile, type TestBff } from '@tests/support/bff-harness';
import { startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';
import { freeFixedPort, until } from '@tests/support/http';
import { accepts } from '@tests/support/nginx-upstream';
import { forgetsAcrossReplicas, TARGETS_PER_IP } from '@tests/support/replica-targets';
import { REDIS_KEY_PREFIX } from './store';

const REDIS_SERVER = '/usr/bin/redis-server';
const GW = '/gw/uaa-be/api/v1';
const USER_INFO = `${GW}/login/getUserInfo`;
const LOGIN_SMS = `${GW}/login/getSmsCode`;
const HASH_KEY = 'test-hash-key-shared-by-replicas';
const PHONE = '13811112222';

const RULES = [
  {
    name: 'code-per-phone',
    match: [LOGIN_SMS],
    key: 'identifier',
    identifierField: 'phone',
    limit: 3,
    windowS: 60,
    failMode: 'closed',
  },
  { name: 'general', match: ['/gw/*'], key: 'ip', limit: 100, windowS: 60, failMode: 'open' },
  TARGETS_PER_IP,
];

let port: number;
let redis: ChildProcess | undefined;
let upstream: UpstreamDouble;
let rulesFile: string;
const started: TestBff[] = [];

async function startRedis(): Promise<void> {
  redis = spawn(
    REDIS_SERVER,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--loglevel',
      'warning',
    ],
    { stdio: 'ignore' },
  );
  await until('redis-server to listen', () => accepts(port));
}

async function killRedis(): Promise<void> {
  const child = redis;
  redis = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function replica(): Promise<TestBff> {
  const bff = await startBff({
    upstream: upstream.url,
    env: {
      RATE_LIMITS_FILE: rulesFile,
      REDIS_URL: `redis://127.0.0.1:${port}`,
      RATE_LIMIT_HASH_KEY: HASH_KEY,
    },
  });
  started.push(bff);
  return bff;
}

const sms = (bff: TestBff, phone = PHONE) =>
  request(bff.url).post(LOGIN_SMS).set('X-CSRF', '1').set('lang', 'en-US').send({ phone });
const userInfo = (bff: TestBff) => request(bff.url).post(USER_INFO).set('X-CSRF', '1').send({});
const metricsOf = async (bff: TestBff) => (await request(bff.url).get('/metrics')).text;

beforeAll(async () => {
  if (!existsSync(REDIS_SERVER)) throw new Error(`${REDIS_SERVER} is missing: apt-get install redis-server`);
  port = await freeFixedPort();
  upstream = await startUpstream();
  rulesFile = writeRulesFile(RULES);
  await startRedis();
});
afterAll(async () => {
  await Promise.all(started.map((bff) => bff.close()));
  await killRedis();
  await upstream.close();
});
beforeEach(() => upstream.reset());

describe('rate limits shared through Redis', () => {
  let a: TestBff;
  let b: TestBff;

  it('count exactly across two replicas', async () => {
    a = await replica();
    b = await replica();
    await until(
      'both replicas to reach Redis',
      () => a.rateLimits.storeUp() === true && b.rateLimits.storeUp() === true,
    );
    const replies = [];
    for (const bff of [a, b, a, b, a]) replies.push((await sms(bff)).status);
    expect(replies).toEqual([200, 200, 200, 429, 429]);
    expect(upstream.requests).toHaveLength(3);
    // Another phone is counted on its own, on either replica.
    expect((await sms(b, '13811113333')).status).toBe(200);
  });

  it('count distinct targets across two replicas (the abuse shield)', async () => {
    expect(await forgetsAcrossReplicas(a, b)).toEqual([200, 200, 429, 200]);
  });

  it('keep one key prefix per rule, with no phone number or address in clear', async () => {
    const client = createClient({ url: `redis://127.0.0.1:${port}` });
    await client.connect();
    try {
      const keys = await client.keys('*');
      expect(keys.length).toBeGreaterThan(0);
      expect(
        keys.every(
          (k) =>
            k.startsWith(`${REDIS_KEY_PREFIX}code-per-phone:`) ||
            k.startsWith(`${REDIS_KEY_PREFIX}general:`) ||
            k.startsWith(`${REDIS_KEY_PREFIX}targets-per-ip:`),
        ),
      ).toBe(true);
      expect(keys.filter((k) => k.startsWith(`${REDIS_KEY_PREFIX}code-per-phone:`))).toHaveLength(2);
      expect(keys.join(' ')).not.toMatch(/1381111|1392222|127\.0\.0\.1|::1/);
    } finally {
      await client.close();
    }
  });

  it('keep no key for a refused request: a flood of code sends to new phones from one address', async () => {
    const perPhone = { match: [LOGIN_SMS], key: 'identifier', count: 'successes', failMode: 'closed' };
    const flood = await startBff({
      upstream: upstream.url,
      env: {
        RATE_LIMITS_FILE: writeRulesFile([
          { name: 'flood-phone-minute', ...perPhone, limit: 1, windowS: 60 },
          { name: 'flood-phone-day', ...perPhone, limit: 10, windowS: 86_400 },
          {
            name: 'flood-ip-hour',
            match: [LOGIN_SMS],
            key: 'ip',
            limit: 20,
            windowS: 3600,
            failMode: 'closed',
          },
        ]),
        REDIS_URL: `redis://127.0.0.1:${port}`,
        // The test counts refusals by rule: a loaded machine's slow answer is no outage here.
        REDIS_COMMAND_TIMEOUT_MS: '5000',
        RATE_LIMIT_HASH_KEY: HASH_KEY,
      },
    });
    started.push(flood);
    await until('the replica to reach Redis', () => flood.rateLimits.storeUp() === true);
    const stats = createClient({ url: `redis://127.0.0.1:${port}` });
    await stats.connect();
    await stats.configResetStat();
    const statuses: number[] = [];
    for (let from = 0; from < 120; from += 20) {
      const batch = Array.from({ length: 20 }, (_, i) =>
        request(flood.url)
          .post(LOGIN_SMS)
          .set('X-CSRF', '1')
          .set('X-Forwarded-For', '198.51.100.9')
          .send({ phone: `137${String(from + i).padStart(8, '0')}` }),
      );
      for (const reply of await Promise.all(batch)) statuses.push(reply.status);
    }
    expect(
      statuses.filter((s) => s === 200),
      JSON.stringify(statuses),
    ).toHaveLength(20);
    // The give-back script runs by its SHA1; its text went only while Redis first lacked it (each
    // of the first batch's calls may meet NOSCRIPT before one of them has loaded it).
    const calls = (name: string, info: string) =>
      Number(info.match(new RegExp(`^cmdstat_${name}:calls=(\\d+)`, 'm'))?.[1] ?? 0);
    const info = await stats.info('commandstats');
    await stats.close();
    expect(calls('evalsha', info)).toBeGreaterThanOrEqual(100);
    expect(calls('eval', info)).toBeLessThanOrEqual(20);
    const client = createClient({ url: `redis://127.0.0.1:${port}` });
    await client.connect();
    try {
      const keys = await client.keys(`${REDIS_KEY_PREFIX}flood-*`);
      // A minute and a day key for each of the 20 phones sent to, one for the address: the 100
      // refused sends, each counted by the phone rules before the address rule refused it, left none.
      expect(keys).toHaveLength(41);
    } finally {
      await client.close();
    }
  });

  describe('when Redis goes away', () => {
    beforeAll(async () => {
      await killRedis();
      // Noticing takes one socket close; the margin is for a machine running the whole suite at once.
      await until(
        () =>
          `the replicas to notice (a up: ${String(a.rateLimits.storeUp())}, b up: ${String(b.rateLimits.storeUp())})`,
        () => a.rateLimits.storeUp() === false && b.rateLimits.storeUp() === false,
        12_000,
      );
    }, 20_000);

    it('let the general rule fail open: ordinary calls still reach the upstream', async () => {
      const replies = await Promise.all([userInfo(a), userInfo(b)]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
      expect(upstream.requests).toHaveLength(2);
    });

    it('let the code rule fail closed: 503, and the upstream sends no code', async () => {
      const started = Date.now();
      const reply = await sms(a, '13811114444');
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ msgCode: 'B0300', msg: 'Service temporarily unavailable' });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(upstream.requests).toHaveLength(0);
      const metrics = await metricsOf(a);
      expect(metrics).toMatch(/^bff_rate_limit_store_up 0$/m);
      expect(metrics).toMatch(
        /^bff_rate_limit_refusals_total\{rule="code-per-phone",reason="store-down",mode="enforce"\} 1$/m,
      );
    });

    it('start a new replica anyway, which counts once Redis is back', async () => {
      const late = await replica();
      expect((await sms(late, '13811115555')).status).toBe(503);
      await startRedis();
      await until('all replicas to reconnect', () =>
        [a, b, late].every((bff) => bff.rateLimits.storeUp() === true),
      );
      // Redis came back empty (no persistence): counting starts again, shared as before.
      const replies = [];
      for (const bff of [late, a, b, late]) replies.push((await sms(bff, '13811115555')).status);
      expect(replies).toEqual([200, 200, 200, 429]);
      expect(upstream.requests).toHaveLength(3);
      expect(await metricsOf(late)).toMatch(/^bff_rate_limit_store_up 1$/m);
    });
  });
});
