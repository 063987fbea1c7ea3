/**
 * Upstream faults (issue 10): the real BFF in front of the real local UAA with a fault-injecting
 * proxy between them, and a short injected upstream budget (the production 6 s is a constant that
 * bff/upstream/client.test.ts holds; what is tested here is what happens at the budget). Each fault gets the right status and a
 * `{msgCode, msg}` envelope in the request's language, the BFF stays healthy throughout, and the
 * very next call after the upstream recovers is served normally.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { productMessage, type ProductMessage } from '@shared/errors/catalogue';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { startLocalUaa, type TestLocalUaa } from '@tests/support/local-uaa';
import { startFaultUpstream, type Fault, type FaultUpstream } from './fault-upstream';

const PUBKEY = '/gw/uaa-be/api/v1/cipher/getPubKey';
const LANGS = ['en-US', 'zh-CN'] as const;
const BUDGET_MS = 2000;

let local: TestLocalUaa;
let faulty: FaultUpstream;
let bff: TestBff;
let adminToken: string;
const figures = { requests: 0, faults: 0 };

beforeAll(async () => {
  local = await startLocalUaa();
  const admin = local.uaa.store.findUserByUsername('admin');
  adminToken = local.uaa.store.issueSession(admin!.ssoUid, { autoLogin: false }).token;
  faulty = await startFaultUpstream(local.url, { budgetMs: BUDGET_MS });
  bff = await startBff({ upstream: faulty.url, upstreamTimeoutMs: BUDGET_MS });
});
afterAll(async () => {
  await bff.close();
  await faulty.close();
  await local.close();
  console.info(`faults suite: ${figures.requests} requests, ${figures.faults} faults injected`);
});

const expected: Record<Fault, { status: number; msgCode: string; msg?: ProductMessage }> = {
  refuse: { status: 502, msgCode: 'B0300', msg: 'upstreamUnavailable' },
  hang: { status: 504, msgCode: 'B0300', msg: 'networkTimeout' },
  slowInside: { status: 200, msgCode: '10000' },
  slowBeyond: { status: 504, msgCode: 'B0300', msg: 'networkTimeout' },
  midBody: { status: 502, msgCode: 'B0300', msg: 'upstreamUnavailable' },
  nonJson: { status: 502, msgCode: 'B0300', msg: 'upstreamUnavailable' },
  huge: { status: 502, msgCode: 'B0300', msg: 'upstreamUnavailable' },
  // The upstream's own envelope and status pass on: it is the UAA's answer, not a transport failure.
  http500: { status: 500, msgCode: 'B0001' },
  dropBefore: { status: 502, msgCode: 'B0300', msg: 'upstreamUnavailable' },
  dropAfter: { status: 502, msgCode: 'B0300', msg: 'upstreamUnavailable' },
};

async function call(lang: string, fault?: Fault) {
  figures.requests++;
  const req = request(bff.url).post(PUBKEY).set('X-CSRF', '1').set('lang', lang);
  if (fault) req.set('X-Request-Id', `fault-${fault}-${figures.requests}`);
  return req.send({});
}

async function expectHealthyAndServing(): Promise<void> {
  figures.requests += 2;
  expect((await request(bff.url).get('/healthz')).status).toBe(200);
  const normal = await call('en-US');
  expect(normal.status).toBe(200);
  expect(normal.body.msgCode).toBe('10000');
  expect(normal.body.data.pubKey).toContain('BEGIN PUBLIC KEY');
}

function expectEnvelope(reply: request.Response, fault: Fault, lang: (typeof LANGS)[number]): void {
  const want = expected[fault];
  expect(reply.status, fault).toBe(want.status);
  expect(reply.headers['content-type'], fault).toMatch(/^application\/json/);
  expect(reply.headers['cache-control'], fault).toBe('no-store');
  expect(typeof reply.body.msgCode).toBe('string');
  expect(typeof reply.body.msg).toBe('string');
  expect(reply.body.msgCode, fault).toBe(want.msgCode);
  if (want.msg)
    expect(reply.body, fault).toEqual({ msgCode: want.msgCode, msg: productMessage(want.msg, lang) });
  if (want.status === 200) return;
  // Nothing of what the upstream sent in its failure reaches the browser.
  expect(reply.text).not.toMatch(/nginx|\/srv\/|MIIB|xxxxxxxx/);
  expect(reply.text.length).toBeLessThan(1000);
}

describe('every fault, in both languages, with the BFF healthy throughout', () => {
  // The slow ones run concurrently (distinct request ids pick the fault), so this takes ~3 s.
  const faults: Fault[] = [
    'hang',
    'slowInside',
    'slowBeyond',
    'midBody',
    'nonJson',
    'huge',
    'http500',
    'dropBefore',
    'dropAfter',
  ];

  it(
    'answers each fault with its status and envelope, and serves normally right after',
    { timeout: 20_000 },
    async () => {
      const faultsBefore = faulty.stats.faults;
      const started = Date.now();
      const settled = new Set<Fault>();
      const inFlight = faults.flatMap((fault) =>
        LANGS.map(async (lang) => {
          figures.faults++;
          const reply = await call(lang, fault);
          expectEnvelope(reply, fault, lang);
          settled.add(fault);
          return { fault, ms: Date.now() - started };
        }),
      );
      // Once every fault has reached the proxy, and while the slow ones are pending, the BFF
      // answers health checks and normal calls.
      await vi.waitFor(
        () => expect(faulty.stats.faults).toBeGreaterThanOrEqual(faultsBefore + inFlight.length),
        {
          timeout: BUDGET_MS,
          interval: 10,
        },
      );
      await expectHealthyAndServing();
      expect(settled.has('hang')).toBe(false);

      const done = await Promise.all(inFlight);
      // The timeouts come at the budget, not sooner (a timer never fires early, so these lower
      // bounds hold on a loaded machine); that they come at all, rather than at the upstream's
      // 2x budget or never, is the 504 each one got.
      const timing = (f: Fault) => done.filter((d) => d.fault === f).map((d) => d.ms);
      for (const ms of [...timing('hang'), ...timing('slowBeyond')])
        expect(ms).toBeGreaterThanOrEqual(BUDGET_MS - 50);
      for (const ms of timing('slowInside')) expect(ms).toBeGreaterThanOrEqual(BUDGET_MS / 3 - 50);
      await expectHealthyAndServing();
    },
  );

  it('answers a refused connection with 502 in both languages, is not ready, and recovers at once', async () => {
    await faulty.set('refuse');
    try {
      for (const lang of LANGS) {
        figures.faults++;
        expectEnvelope(await call(lang), 'refuse', lang);
      }
      figures.requests += 2;
      expect((await request(bff.url).get('/healthz')).status).toBe(200);
      expect((await request(bff.url).get('/readyz')).status).toBe(503);
    } finally {
      await faulty.set('none');
    }
    figures.requests++;
    expect((await request(bff.url).get('/readyz')).status).toBe(200);
    await expectHealthyAndServing();
  });

  it('answers an upstream 503 error page with the 502 envelope, not the page', async () => {
    const page = createServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('Service Unavailable: backend uaa-7f9c at /opt/uaa/lib');
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const other = await startBff({ upstream: `http://127.0.0.1:${(page.address() as AddressInfo).port}` });
    try {
      figures.requests++;
      figures.faults++;
      const reply = await request(other.url).post(PUBKEY).set('X-CSRF', '1').set('lang', 'en-US').send({});
      expect(reply.status).toBe(502);
      expect(reply.body).toEqual({ msgCode: 'B0300', msg: 'Service temporarily unavailable' });
    } finally {
      await other.close();
      page.closeAllConnections();
      await new Promise((resolve) => page.close(resolve));
    }
  });

  it('tells a signed-in user on a page when the one-time-code call fails (never back to login), then serves again', async () => {
    const query = 'clientId=uaa-media&redirect=http%3A%2F%2Flocalhost%3A3000%2Fcb';
    const authenticate = (id: string) => {
      figures.requests++;
      return request(bff.url)
        .get(`/authentication?${query}`)
        .set('Cookie', `uaa-token=${adminToken}`)
        .set('X-Request-Id', id);
    };
    for (const fault of ['dropBefore', 'nonJson', 'huge', 'midBody', 'http500'] as const) {
      figures.faults++;
      const before = faulty.stats.faults;
      const reply = await authenticate(`fault-${fault}-auth`).catch((err: Error) => {
        throw new Error(`${fault}: ${err.message}`);
      });
      expect(faulty.stats.faults, fault).toBe(before + 1);
      // The login page would send the signed-in user straight back here, for ever (issue 29).
      expect([400, 502], fault).toContain(reply.status);
      expect(reply.headers.location, fault).toBeUndefined();
      expect(reply.text, fault).toContain('"pageError":"platformLoginFailed"');
      // The session survives an upstream failure: only a 401 ends it.
      expect(reply.headers['set-cookie'], fault).toBeUndefined();
    }
    const recovered = await authenticate('after-recovery');
    expect(recovered.status).toBe(302);
    expect(recovered.headers.location).toMatch(/^http:\/\/localhost:3000\/cb\?code=/);
    await expectHealthyAndServing();
  });

  it('counted what it did', () => {
    expect(figures.faults).toBeGreaterThanOrEqual(25);
    expect(faulty.stats.faults).toBeGreaterThanOrEqual(20);
  });
});
