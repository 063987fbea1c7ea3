import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appConfigOf, startBff, stubAllowlist, type TestBff } from '@tests/support/bff-harness';
import { isClearing, setCookiesFor } from '@tests/support/http';
import {
  closedPortUrl,
  ok,
  sendJson,
  startUpstream,
  type UpstreamDouble,
} from '@tests/support/upstream-double';

const TOKEN = 'tok-redirect-session';
const CODE = 'one-time-code-7f3a';

let upstream: UpstreamDouble;
let bff: TestBff;

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff({ upstream: upstream.url, allowlist: stubAllowlist(['example.com']) });
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});
beforeEach(() => {
  upstream.reset();
  upstream.respond((_req, res) => sendJson(res, 200, ok({ code: CODE })));
});

describe('GET /bff/redirect', () => {
  it('sends an allow-listed URL on with 302 and the exact Location', async () => {
    const to = 'https://app.example.com/path/page?x=1&y=two#section';
    const reply = await request(bff.url).get('/bff/redirect').query({ to });
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe(to);
  });

  it('admits a subdomain at a dot boundary only', async () => {
    const sub = await request(bff.url).get('/bff/redirect').query({ to: 'https://a.b.example.com/' });
    expect(sub.status).toBe(302);
    const lookalike = await request(bff.url).get('/bff/redirect').query({ to: 'https://evilexample.com/' });
    expect(lookalike.status).toBe(400);
  });

  it.each([
    ['a foreign host', 'https://evil.example/'],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['a userinfo trick', 'https://app.example.com@evil.example/'],
    ['a backslash trick', 'https://evil.example\\@app.example.com/'],
    ['a scheme-relative URL', '//evil.example/'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['an empty value', ''],
  ])('refuses %s with 400 and no Location', async (_name, to) => {
    const reply = await request(bff.url).get('/bff/redirect').set('lang', 'en-US').query({ to });
    expect(reply.status).toBe(400);
    expect(reply.headers.location).toBeUndefined();
    expect(reply.body.msgCode).toBe('A0100');
  });

  it('refuses a repeated `to` with 400 and no Location', async () => {
    const reply = await request(bff.url).get(
      `/bff/redirect?to=${encodeURIComponent('https://app.example.com/')}&to=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(reply.status).toBe(400);
    expect(reply.headers.location).toBeUndefined();
  });

  it('refuses a missing `to` with 400', async () => {
    const reply = await request(bff.url).get('/bff/redirect');
    expect(reply.status).toBe(400);
    expect(reply.headers.location).toBeUndefined();
  });
});

describe('GET /authentication', () => {
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const target = 'https://app.example.com/cb';

  it('answers a redirect that is not admitted with the 400 page, upstream never called', async () => {
    const reply = await request(bff.url)
      .get(`/authentication?${query({ clientId: 'c1', redirect: 'https://evil.example/cb' })}`)
      .set('Cookie', `uaa-token=${TOKEN}`);
    expect(reply.status).toBe(400);
    expect(reply.headers['content-type']).toMatch(/^text\/html/);
    expect(reply.headers.location).toBeUndefined();
    expect(appConfigOf(reply.text)).toMatchObject({ pageError: 'redirectFailed' });
    expect(upstream.requests).toHaveLength(0);
  });

  it.each([
    ['clientId', `clientId=c1&clientId=c2&redirect=${encodeURIComponent(target)}`],
    ['redirect', `clientId=c1&redirect=${encodeURIComponent(target)}&redirect=${encodeURIComponent(target)}`],
    ['state', `clientId=c1&redirect=${encodeURIComponent(target)}&state=a&state=b`],
  ])('refuses a repeated %s with 400, upstream never called', async (_name, qs) => {
    const reply = await request(bff.url).get(`/authentication?${qs}`).set('Cookie', `uaa-token=${TOKEN}`);
    expect(reply.status).toBe(400);
    expect(appConfigOf(reply.text)).toMatchObject({ pageError: 'redirectFailed' });
    expect(upstream.requests).toHaveLength(0);
  });

  it.each([
    ['no clientId', query({ redirect: target })],
    ['no redirect', query({ clientId: 'c1' })],
  ])('refuses %s with 400', async (_name, qs) => {
    const reply = await request(bff.url).get(`/authentication?${qs}`).set('Cookie', `uaa-token=${TOKEN}`);
    expect(reply.status).toBe(400);
    expect(upstream.requests).toHaveLength(0);
  });

  it('sends a visitor without a session to /login with the same query', async () => {
    const qs = query({ clientId: 'c1', redirect: target, state: 's-1' });
    const reply = await request(bff.url).get(`/authentication?${qs}`);
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe(`/login?${qs}`);
    expect(upstream.requests).toHaveLength(0);
  });

  it('fetches a one-time code with the bearer and redirects with it', async () => {
    const qs = query({ clientId: 'c1', redirect: target });
    const reply = await request(bff.url).get(`/authentication?${qs}`).set('Cookie', `uaa-token=${TOKEN}`);
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe(`${target}?code=${CODE}`);
    expect(reply.headers['cache-control']).toBe('no-store');

    expect(upstream.requests).toHaveLength(1);
    const seen = upstream.requests[0]!;
    expect(`${seen.method} ${seen.url}`).toBe('POST /api/v1/internal/auth');
    expect(seen.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(seen.headers.cookie).toBeUndefined();
    expect(JSON.parse(seen.body.toString())).toEqual({ clientId: 'c1' });
  });

  it('replaces an existing code, keeps other parameters, adds state, all before the fragment', async () => {
    const redirect = 'https://app.example.com/cb?code=stale&x=1#/after';
    const reply = await request(bff.url)
      .get(`/authentication?${query({ clientId: 'c1', redirect, state: 'st-9' })}`)
      .set('Cookie', `uaa-token=${TOKEN}`);
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toBe(`https://app.example.com/cb?code=${CODE}&x=1&state=st-9#/after`);
  });

  it('accepts the legacy reply whose data is the code itself', async () => {
    upstream.respond((_req, res) => sendJson(res, 200, ok(CODE)));
    const reply = await request(bff.url)
      .get(`/authentication?${query({ clientId: 'c1', redirect: target })}`)
      .set('Cookie', `uaa-token=${TOKEN}`);
    expect(reply.headers.location).toBe(`${target}?code=${CODE}`);
  });

  // The login page would send the signed-in visitor straight back, for ever (issue 29): a page.
  it('says so on a page when the upstream refuses with a non-10000 code (an unknown clientId)', async () => {
    upstream.respond((_req, res) => sendJson(res, 200, { msgCode: 'A0100', msg: 'bad client' }));
    const qs = query({ clientId: 'c1', redirect: target });
    const reply = await request(bff.url).get(`/authentication?${qs}`).set('Cookie', `uaa-token=${TOKEN}`);
    expect(reply.status).toBe(400);
    expect(reply.headers.location).toBeUndefined();
    expect(appConfigOf(reply.text).pageError).toBe('platformLoginFailed');
    expect(setCookiesFor(reply.headers)).toEqual([]);
  });

  it('sends the user to /login and clears the cookie when the upstream says 401', async () => {
    upstream.respond((_req, res) => sendJson(res, 401, { msgCode: 'A0211', msg: 'expired' }));
    const qs = query({ clientId: 'c1', redirect: target });
    // A token of its own: the BFF remembers a refused one and spares the UAA its next documents.
    const reply = await request(bff.url)
      .get(`/authentication?${qs}`)
      .set('Cookie', 'uaa-token=expired-token');
    expect(reply.headers.location).toBe(`/login?${qs}`);
    const lines = setCookiesFor(reply.headers);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every(isClearing)).toBe(true);
  });

  it('says so on a page when the upstream answers garbage', async () => {
    upstream.respond((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('<html>oops</html>');
    });
    const qs = query({ clientId: 'c1', redirect: target });
    const reply = await request(bff.url).get(`/authentication?${qs}`).set('Cookie', `uaa-token=${TOKEN}`);
    expect(reply.status).toBe(400);
    expect(appConfigOf(reply.text).pageError).toBe('platformLoginFailed');
  });

  it('says so on a page (502) when the upstream is down', async () => {
    const down = await startBff({
      upstream: await closedPortUrl(),
      allowlist: stubAllowlist(['example.com']),
    });
    try {
      const qs = query({ clientId: 'c1', redirect: target });
      const reply = await request(down.url).get(`/authentication?${qs}`).set('Cookie', `uaa-token=${TOKEN}`);
      expect(reply.status).toBe(502);
      expect(reply.headers.location).toBeUndefined();
      expect(appConfigOf(reply.text).pageError).toBe('platformLoginFailed');
      expect((await request(down.url).get('/healthz')).status).toBe(200);
    } finally {
      await down.close();
    }
  });

  describe('the branded twin /xlab-authentication', () => {
    it('sends a visitor without a session to /xlab-login', async () => {
      const qs = query({ clientId: 'c1', redirect: target });
      const reply = await request(bff.url).get(`/xlab-authentication?${qs}`);
      expect(reply.headers.location).toBe(`/xlab-login?${qs}`);
    });

    it('says so on a page on upstream failure, and sends an expired session to /xlab-login', async () => {
      upstream.respond((_req, res) => sendJson(res, 500, { msgCode: '-1', msg: 'boom' }));
      const qs = query({ clientId: 'c1', redirect: target });
      const reply = await request(bff.url)
        .get(`/xlab-authentication?${qs}`)
        .set('Cookie', `uaa-token=${TOKEN}`);
      expect(appConfigOf(reply.text).pageError).toBe('platformLoginFailed');
      upstream.respond((_req, res) => sendJson(res, 401, { msgCode: 'A0211', msg: 'expired' }));
      const expired = await request(bff.url)
        .get(`/xlab-authentication?${qs}`)
        .set('Cookie', 'uaa-token=expired-xlab');
      expect(expired.headers.location).toBe(`/xlab-login?${qs}`);
    });

    it('redirects with the code on success', async () => {
      const reply = await request(bff.url)
        .get(`/xlab-authentication?${query({ clientId: 'c1', redirect: target })}`)
        .set('Cookie', `uaa-token=${TOKEN}`);
      expect(reply.headers.location).toBe(`${target}?code=${CODE}`);
    });

    it('answers a redirect that is not admitted with the 400 page', async () => {
      const reply = await request(bff.url).get(
        `/xlab-authentication?${query({ clientId: 'c1', redirect: 'https://evil.example/' })}`,
      );
      expect(reply.status).toBe(400);
      expect(appConfigOf(reply.text)).toMatchObject({ pageError: 'redirectFailed' });
    });
  });
});
