import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SecurityEvent } from '@bff/security-events/events';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { sendJson, startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';

const USER_INFO = '/gw/uaa-be/api/v1/login/getUserInfo';
const CSRF_REFUSAL = {
  msgCode: 'A0201',
  msg: 'Request refused: missing or cross-site request header',
};

let upstream: UpstreamDouble;
let bff: TestBff;

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff({ upstream: upstream.url });
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});
beforeEach(() => upstream.reset());

describe('the gateway CSRF defence', () => {
  it.each(['GET', 'POST'] as const)(
    'refuses a %s without X-CSRF: 1 with 403, upstream untouched',
    async (m) => {
      const reply = await request(bff.url)[m === 'GET' ? 'get' : 'post'](USER_INFO).set('lang', 'en-US');
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual(CSRF_REFUSAL);
      expect(upstream.requests).toHaveLength(0);
    },
  );

  it('refuses X-CSRF with any value but 1', async () => {
    const reply = await request(bff.url).post(USER_INFO).set('X-CSRF', 'true').send({});
    expect(reply.status).toBe(403);
    expect(upstream.requests).toHaveLength(0);
  });

  it('answers in zh-CN when no lang header is sent', async () => {
    const reply = await request(bff.url).post(USER_INFO);
    expect(reply.body).toEqual({ msgCode: 'A0201', msg: '请求被拒绝：缺少请求头或跨站请求' });
  });

  it('refuses an unsafe method marked Sec-Fetch-Site: cross-site', async () => {
    const reply = await request(bff.url)
      .post(USER_INFO)
      .set('X-CSRF', '1')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({});
    expect(reply.status).toBe(403);
    expect(reply.body.msgCode).toBe('A0201');
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses an unsafe method from a foreign Origin', async () => {
    const reply = await request(bff.url)
      .post(USER_INFO)
      .set('X-CSRF', '1')
      .set('Origin', 'https://evil.example')
      .send({});
    expect(reply.status).toBe(403);
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses an Origin that differs only by port', async () => {
    const reply = await request(bff.url)
      .post(USER_INFO)
      .set('X-CSRF', '1')
      .set('Origin', 'http://127.0.0.1:1')
      .send({});
    expect(reply.status).toBe(403);
    expect(upstream.requests).toHaveLength(0);
  });

  it('passes a same-origin request with the header', async () => {
    const reply = await request(bff.url)
      .post(USER_INFO)
      .set('X-CSRF', '1')
      .set('Origin', bff.url)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({});
    expect(reply.status).toBe(200);
    expect(upstream.requests).toHaveLength(1);
  });
});

describe('the gateway body types', () => {
  it.each([
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'account=a&password=b'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--'],
  ])('refuses a %s body with 415, upstream untouched', async (type, body) => {
    const reply = await request(bff.url)
      .post(USER_INFO)
      .set('X-CSRF', '1')
      .set('lang', 'en-US')
      .set('Content-Type', type)
      .send(body);
    expect(reply.status).toBe(415);
    expect(reply.body).toEqual({ msgCode: 'A0100', msg: 'Unsupported content type' });
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses a JSON body over 100 KB with 413, upstream untouched', async () => {
    const reply = await request(bff.url)
      .post(USER_INFO)
      .set('X-CSRF', '1')
      .set('lang', 'en-US')
      .send({ item: 'x'.repeat(101 * 1024) });
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ msgCode: 'A0100', msg: 'Request body too large' });
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses malformed JSON with 400, upstream untouched', async () => {
    const reply = await request(bff.url)
      .post(USER_INFO)
      .set('X-CSRF', '1')
      .set('Content-Type', 'application/json')
      .send('{"item": ');
    expect(reply.status).toBe(400);
    expect(reply.body.msgCode).toBe('A0100');
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('every refusal is one security event', () => {
  const LOGIN = '/gw/uaa-be/api/v1/login/byAccount';
  /** The events a request wrote. */
  async function eventsOf(send: () => PromiseLike<unknown>): Promise<SecurityEvent[]> {
    const before = bff.securityLines.length;
    await send();
    return bff.securityEvents().slice(before);
  }
  const login = (headers: Record<string, string>) =>
    request(bff.url)
      .post(LOGIN)
      .set('Cookie', 'uaa-token=victim-session')
      .set(headers)
      .send({ account: 'alice', password: 'Secret-pw1' });

  it.each([
    ['no X-CSRF header', {}, 'csrf-header'],
    ['X-CSRF: true', { 'X-CSRF': 'true' }, 'csrf-header'],
    ['a foreign Origin', { 'X-CSRF': '1', Origin: 'https://evil.example' }, 'foreign-origin'],
    ['Sec-Fetch-Site: cross-site', { 'X-CSRF': '1', 'Sec-Fetch-Site': 'cross-site' }, 'cross-site'],
  ])('a login refused for %s: one event, a failure with its reason', async (_name, headers, reason) => {
    const events = await eventsOf(async () => expect((await login(headers)).status).toBe(403));
    expect(events).toEqual([
      expect.objectContaining({
        type: 'request_refused',
        outcome: 'failure',
        code: 'A0201',
        reason,
        path: LOGIN,
        // The session the forgery rode on, as its HMAC: the victim's other events join on it.
        session: expect.stringMatching(/^[\w-]{32}$/),
      }),
    ]);
    if (reason === 'foreign-origin') expect(events[0]!.origin).toBe('https://evil.example');
    const text = JSON.stringify(events);
    for (const secret of ['victim-session', 'alice', 'Secret-pw1']) expect(text).not.toContain(secret);
    expect(upstream.requests).toHaveLength(0);
  });

  it.each([
    ['a path the guard refuses', 'post', '/gw/uaa-be/api/v1/login/..%2fbyAccount', {}, 400, 'path'],
    ['a call outside the table', 'post', '/gw/uaa-be/actuator/env', {}, 404, 'unknown-call'],
    ['another method than the table names', 'get', LOGIN, {}, 405, 'method'],
    ['a text/plain body', 'post', USER_INFO, { 'Content-Type': 'text/plain' }, 415, 'body-type'],
    ['malformed JSON', 'post', USER_INFO, { 'Content-Type': 'application/json' }, 400, 'body'],
  ] as const)(
    'a call refused for %s: one event with its reason',
    async (_name, method, path, headers, status, reason) => {
      const body =
        method === 'get' ? undefined : reason === 'body' ? '{"a": ' : reason === 'body-type' ? 'x' : '{}';
      const events = await eventsOf(async () => {
        const req = request(bff.url)[method](path).set('X-CSRF', '1').set(headers);
        const reply = await (body === undefined ? req : req.send(body));
        expect(reply.status).toBe(status);
      });
      expect(events).toEqual([
        expect.objectContaining({ type: 'request_refused', outcome: 'failure', code: 'A0100', reason }),
      ]);
      expect(upstream.requests).toHaveLength(0);
    },
  );

  it('a body over 100 KB and a body the contract refuses: one event each, with its reason', async () => {
    const events = await eventsOf(async () => {
      await request(bff.url)
        .post(USER_INFO)
        .set('X-CSRF', '1')
        .send({ item: 'x'.repeat(101 * 1024) });
      await request(bff.url).post(USER_INFO).set('X-CSRF', '1').send({ unknown: 1 });
    });
    expect(events.map((e) => [e.type, e.outcome, e.reason])).toEqual([
      ['request_refused', 'failure', 'body-too-large'],
      ['request_refused', 'failure', 'body'],
    ]);
  });

  it("a call the table describes keeps its own event, with the refusal's reason", async () => {
    const events = await eventsOf(() =>
      request(bff.url).post(LOGIN).set('X-CSRF', '1').set('Content-Type', 'text/plain').send('x'),
    );
    expect(events).toEqual([
      expect.objectContaining({
        type: 'login',
        action: 'password',
        outcome: 'failure',
        code: 'A0100',
        reason: 'body-type',
      }),
    ]);
  });

  it('a call the BFF let through leaves no refusal, whatever the upstream answered', async () => {
    upstream.respond((_req, res) => sendJson(res, 400, { msgCode: 'A0100', msg: 'bad' }));
    const events = await eventsOf(() => request(bff.url).post(USER_INFO).set('X-CSRF', '1').send({}));
    expect(events).toEqual([]);
  });
});

describe("demo mode's dev pages", () => {
  it('a write without the header is refused, and an event', async () => {
    const demo = await startBff({ upstream: upstream.url, devUpstream: upstream.url });
    try {
      const reply = await request(demo.url).post('/__dev/switches').send({});
      expect(reply.status).toBe(403);
      expect(demo.securityEvents().filter((event) => event.type !== 'audit_trail')).toEqual([
        expect.objectContaining({
          type: 'request_refused',
          outcome: 'failure',
          code: 'A0201',
          reason: 'csrf-header',
          path: '/__dev/switches',
        }),
      ]);
      expect(upstream.requests).toHaveLength(0);
    } finally {
      await demo.close();
    }
  });
});
