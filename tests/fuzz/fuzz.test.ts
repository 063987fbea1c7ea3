/**
 * Fuzzing (issue 10): thousands of generated requests, from a fixed seed, against the real BFF in
 * front of the real local UAA, and against the local UAA on its own. No reply is a 5xx (the
 * upstream is healthy, so no 5xx here is an upstream failure), every request gets a reply, no
 * reply carries a stack trace or an internal path, neither logs an unexpected error, and both
 * serve a normal call at the end. FUZZ_SEED and FUZZ_COUNT replay or widen a run; FUZZ_DEBUG=1
 * also prints the BFF's unexpected-error log lines.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { startLocalUaa, type TestLocalUaa } from '@tests/support/local-uaa';
import { createLogger } from '@bff/log';
import { DEMO_ADMIN } from '@local-uaa/seed';
import { describeRequest, generate, LEAK, prng, sendRaw, type RawRequest } from './generate';

const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const COUNT = Number(process.env.FUZZ_COUNT ?? 2500);
const CONCURRENCY = 24;

let local: TestLocalUaa;
let bff: TestBff;
const bffLog: string[] = [];
const uaaErrors: unknown[][] = [];

beforeAll(async () => {
  local = await startLocalUaa({
    info: () => {},
    error: (...args: unknown[]) => void uaaErrors.push(args),
  });
  const logger = createLogger('warn', { write: (line: string) => void bffLog.push(line) });
  bff = await startBff({
    upstream: local.url,
    logger,
    upstreamTimeoutMs: 6000,
  });
});
afterAll(async () => {
  await bff.close();
  await local.close();
});

/** Fresh sessions of the demo admin and of a member, so that signed-in handlers get fuzzed too. */
function sessions(): string[] {
  const admin = local.uaa.store.findUserByUsername(DEMO_ADMIN.username)!;
  const member = local.uaa.store.createUser({
    phone: `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  });
  return [admin, member].map(
    (u) => `uaa-token=${local.uaa.store.issueSession(u.ssoUid, { autoLogin: false }).token}`,
  );
}

interface Outcome {
  tried: number;
  byStatus: Record<number, number>;
  failures: string[];
}

async function fuzz(base: string, own: boolean, seed: number): Promise<Outcome> {
  const { hostname, port } = new URL(base);
  const r = prng(seed);
  const outcome: Outcome = { tried: 0, byStatus: {}, failures: [] };
  let current = sessions();
  const queue: RawRequest[] = [];
  for (let i = 0; i < COUNT; i++) {
    if (i % 250 === 0) current = sessions(); // logout/all and deactivate end sessions
    queue.push(generate(r, { own, sessions: current }));
  }
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const req = queue[next++]!;
      outcome.tried++;
      let reply;
      try {
        reply = await sendRaw(hostname, Number(port), req);
      } catch (err) {
        outcome.failures.push(`${(err as Error).message}: ${describeRequest(req)}`);
        continue;
      }
      outcome.byStatus[reply.status] = (outcome.byStatus[reply.status] ?? 0) + 1;
      if (reply.status === 0) outcome.failures.push(`no reply: ${describeRequest(req)}`);
      else if (reply.status >= 500)
        outcome.failures.push(`${reply.status}: ${describeRequest(req)} → ${reply.raw.slice(0, 300)}`);
      const leak = LEAK.exec(reply.raw);
      if (leak)
        outcome.failures.push(
          `leak "${leak[0]}": ${describeRequest(req)} → ${reply.raw.slice(Math.max(0, leak.index - 100), leak.index + 100)}`,
        );
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return outcome;
}

function report(name: string, o: Outcome): void {
  console.info(
    `fuzz ${name}: seed ${SEED}, ${o.tried} requests, statuses ${JSON.stringify(o.byStatus)}, ${o.failures.length} failures`,
  );
}

describe('fuzzing with a fixed seed', () => {
  it('has a leak detector that sees stack traces and internal paths (so the checks below can fail)', () => {
    for (const leak of [
      'TypeError: Cannot read properties of undefined',
      '    at Layer.handleRequest (/work/main/node_modules/router/lib/layer.js:169:33)',
      'at file:///app/dist/server/index.js:12:5',
      '{"msg":"ENOENT /srv/uaa/app"}',
    ])
      expect(LEAK.test(leak), leak).toBe(true);
    for (const clean of [
      '{"msgCode":"A0100","msg":"Parameter validation error"}',
      '<script defer src="/static/js/main.3f9a1c.js">',
    ])
      expect(LEAK.test(clean), clean).toBe(false);
  });

  it(
    `the BFF answers ${COUNT} generated requests without a 5xx, a crash or a leak`,
    { timeout: 60_000 },
    async () => {
      const outcome = await fuzz(bff.url, true, SEED);
      report('BFF', outcome);
      if (process.env.FUZZ_DEBUG)
        console.log(
          bffLog
            .filter((l) => l.includes('unhandled'))
            .slice(0, 3)
            .join('\n'),
          outcome.failures.map((f) => f.slice(-200)).slice(0, 5),
        );
      expect(outcome.failures.slice(0, 10)).toEqual([]);
      expect(outcome.tried).toBe(COUNT);
      // Still serving, and nothing unexpected was logged.
      expect((await request(bff.url).get('/healthz')).status).toBe(200);
      const key = await request(bff.url)
        .post('/gw/uaa-be/api/v1/cipher/getPubKey')
        .set('X-CSRF', '1')
        .send({});
      expect(key.body.msgCode).toBe('10000');
      expect(bffLog.filter((line) => line.includes('unhandled error'))).toEqual([]);
      expect(uaaErrors).toEqual([]);
    },
  );

  it(
    `the local UAA answers ${COUNT} generated requests without a 5xx, a crash or a leak`,
    { timeout: 60_000 },
    async () => {
      const base = local.url;
      const outcome = await fuzz(base, false, SEED + 1);
      report('local UAA', outcome);
      expect(outcome.failures.slice(0, 10)).toEqual([]);
      expect(outcome.tried).toBe(COUNT);
      const key = await request(base).post('/api/v1/cipher/getPubKey').send({});
      expect(key.body.msgCode).toBe('10000');
      expect(uaaErrors).toEqual([]);
    },
  );
});
