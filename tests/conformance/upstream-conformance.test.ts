/**
 * Upstream conformance (issue 16): the BFF against the shapes real deployments send, not only its
 * own local UAA on loopback.
 * - The local UAA behind Debian's nginx with `gzip on`, TLS from a private CA (UAA_CA_FILE) and a
 *   path prefix (`https://127.0.0.1:P/uaa-be`), as legacy Java services are commonly exposed.
 * - A strict upstream double for what nginx cannot show: `application/json;charset=UTF-8`, chunked
 *   and compressed replies, the token in Set-Cookie only, a 302, an HTML error page, an empty 200,
 *   upstream CORS grants.
 * Through each: login, user info, the one-time-code redirect through /authentication, the
 * allow-list fetch and /readyz.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import { encryptPassword } from '@shared/crypto';
import { createLogger } from '@bff/log';
import { createAllowlist, type AllowlistSource } from '@bff/redirect/allowlist';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { issuedCookie, isClearing, rawRequest, setCookiesFor } from '@tests/support/http';
import { startLocalUaa, type TestLocalUaa } from '@tests/support/local-uaa';
import { createUpstreamClient, type UpstreamClient } from '@bff/upstream/client';
import { startNginxUpstream, type NginxUpstream } from '../support/nginx-upstream';
import {
  INTERNAL_HOST,
  STRICT_ACCOUNT,
  STRICT_CODE,
  STRICT_TOKEN,
  startStrictUpstream,
  type StrictUpstream,
} from '../support/strict-upstream';

const GW = '/gw/uaa-be/api/v1';
const BROWSER_ENCODINGS = 'gzip, deflate, br';
const logger = createLogger('silent');

interface Stack {
  bff: TestBff;
  client: UpstreamClient;
  allowlist: AllowlistSource;
}

async function stackFor(upstream: string, caFile?: string): Promise<Stack> {
  const client = createUpstreamClient({ caFile });
  const allowlist = createAllowlist({
    url: `${upstream}/static/redirect-white-list.json`,
    ttlS: 300,
    extra: [],
    logger,
    client,
  });
  await allowlist.refresh();
  const bff = await startBff({
    upstream,
    allowlist,
    upstreamTimeoutMs: 6000,
    env: { ...(caFile ? { UAA_CA_FILE: caFile } : {}), APP_ENV: 'development' },
  });
  return { bff, client, allowlist };
}

async function closeStack(stack: Stack | undefined): Promise<void> {
  if (!stack) return;
  stack.allowlist.stop();
  await stack.bff.close();
  await stack.client.close();
}

const gw = (bff: TestBff, path: string, body: object, headers: Record<string, string> = {}) =>
  request(bff.url)
    .post(`${GW}${path}`)
    .set('X-CSRF', '1')
    .set('lang', 'en-US')
    .set('Accept-Encoding', BROWSER_ENCODINGS)
    .set(headers)
    .send(body);

/** The checks every upstream shape must pass, given how to log in on it. */
function journeys(
  name: string,
  stack: () => Stack,
  login: () => Promise<request.Response>,
  username: string,
  /** Whether the code the sub-platform received is the one the upstream issued. */
  isUpstreamCode: (code: string) => boolean,
) {
  describe(name, () => {
    let cookie = '';

    it('loads the allow-list through the one client', () => {
      expect(stack().allowlist.loaded()).toBe(true);
      expect(stack().allowlist.domains()).toContain('localhost');
    });

    it('is ready', async () => {
      const ready = await request(stack().bff.url).get('/readyz');
      expect(ready.body).toMatchObject({ status: 'ready', upstream: true, allowlist: true });
      expect(ready.status).toBe(200);
    });

    it('logs in: the token goes into the cookie, never into the body', async () => {
      const reply = await login();
      expect(reply.status).toBe(200);
      expect(reply.body.msgCode, reply.body.msg).toBe('10000');
      const line = issuedCookie(reply.headers);
      expect(line).toBeDefined();
      cookie = line!.split(';')[0]!;
      expect(reply.text).not.toContain(cookie.slice('uaa-token='.length));
      expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    });

    it('reads the user info with that cookie', async () => {
      const reply = await gw(stack().bff, '/login/getUserInfo', {}, { Cookie: cookie });
      expect(reply.status).toBe(200);
      expect(reply.body.data.username).toBe(username);
    });

    it('hands the upstream one-time code to the sub-platform through /authentication', async () => {
      const reply = await request(stack().bff.url)
        .get('/authentication')
        .query({ clientId: 'uaa-intern', redirect: 'http://localhost:3000/sso/cb', state: 's1' })
        .set('Cookie', cookie);
      expect(reply.status).toBe(302);
      const to = new URL(reply.headers.location as string);
      expect(to.origin + to.pathname).toBe('http://localhost:3000/sso/cb');
      expect(isUpstreamCode(to.searchParams.get('code') ?? '')).toBe(true);
      expect(to.searchParams.get('state')).toBe('s1');
    });
  });
}

describe('the local UAA behind nginx (gzip on, TLS from a private CA, path prefix)', () => {
  let local: TestLocalUaa;
  let nginx: NginxUpstream;
  let stack: Stack | undefined;

  beforeAll(async () => {
    local = await startLocalUaa();
    nginx = await startNginxUpstream({ target: local.url, prefix: '/uaa-be', tls: true, gzip: true });
    stack = await stackFor(nginx.url, nginx.caFile);
  });
  afterAll(async () => {
    await closeStack(stack);
    await nginx?.close();
    await local?.close();
  });

  it('is the realistic path: nginx itself answers gzip to a client that accepts it', async () => {
    {
      // A raw look, without the decoding interceptor's help: undici's plain request API.
      const { request: raw, Agent } = await import('undici');
      const { readFileSync } = await import('node:fs');
      const agent = new Agent({ connect: { ca: readFileSync(nginx.caFile, 'utf8') } });
      const res = await raw(`${nginx.url}/api/v1/cipher/getPubKey`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
        body: '{}',
      });
      expect(res.headers['content-encoding']).toBe('gzip');
      await res.body.dump();
      await agent.close();
    }
  });

  journeys(
    'through the BFF',
    () => stack!,
    async () => {
      const key = await gw(stack!.bff, '/cipher/getPubKey', {});
      expect(key.body.msgCode, 'the gzipped public key was decoded').toBe('10000');
      const password = encryptPassword(key.body.data.pubKey as string, 'Admin12345', 'login');
      return gw(
        stack!.bff,
        '/login/byAccount',
        { account: 'admin', password, autoLogin: false },
        { captchaVerifyParam: LOCAL_CAPTCHA_PASS, sceneId: 'local', prefix: 'local' },
      );
    },
    'admin',
    (code) => local.uaa.store.redeemAuthCode(code, 'uaa-intern')?.username === 'admin',
  );

  it('refuses an upstream whose certificate it cannot trust (no UAA_CA_FILE): 502, not ready', async () => {
    const untrusting = await startBff({ upstream: nginx.url, upstreamTimeoutMs: 6000 });
    try {
      const reply = await gw(untrusting, '/cipher/getPubKey', {});
      expect(reply.status).toBe(502);
      expect(reply.body).toEqual({ msgCode: 'B0300', msg: 'Service temporarily unavailable' });
      expect((await request(untrusting.url).get('/readyz')).status).toBe(503);
    } finally {
      await untrusting.close();
    }
  });
});

for (const tls of [false, true]) {
  describe(`a strict upstream double (${tls ? 'TLS' : 'plain HTTP'}, charset=UTF-8, chunked, compressed)`, () => {
    let strict: StrictUpstream;
    let stack: Stack | undefined;

    beforeAll(async () => {
      strict = await startStrictUpstream({ tls, prefix: '/uaa-be' });
      stack = await stackFor(strict.url, strict.caFile);
    });
    afterAll(async () => {
      await closeStack(stack);
      await strict?.close();
    });

    journeys(
      'through the BFF (the token in Set-Cookie only)',
      () => stack!,
      () => gw(stack!.bff, '/login/byAccount', { account: STRICT_ACCOUNT, password: 'x', autoLogin: false }),
      STRICT_ACCOUNT,
      (code) => code === STRICT_CODE,
    );

    it('sends the bearer upstream and the code is the upstream one', () => {
      const auth = strict.requests.find((r) => r.url.endsWith('/api/v1/internal/auth'));
      expect(auth?.headers.authorization).toBe(`Bearer ${STRICT_TOKEN}`);
      expect(auth?.headers['accept-encoding']).toBe(BROWSER_ENCODINGS);
    });

    it('answers an upstream redirect with the 502 envelope: not followed, no Location, no internal host', async () => {
      const reply = await gw(stack!.bff, '/register/check', { type: 'phone', item: '13800000000' });
      expect(reply.status).toBe(502);
      expect(reply.body).toEqual({ msgCode: 'B0300', msg: 'Service temporarily unavailable' });
      expect(reply.headers.location).toBeUndefined();
      expect(reply.text).not.toMatch(/internal\.corp/);
    });

    it('answers an HTML error page with the 502 envelope, never the page', async () => {
      const reply = await gw(stack!.bff, '/personal/item/check', { message: 'phone', item: '13800000000' });
      expect(reply.status).toBe(502);
      expect(reply.body.msgCode).toBe('B0300');
      expect(reply.text).not.toContain(INTERNAL_HOST);
    });

    it('answers an HTML 401 with the 401 envelope and clears the cookie', async () => {
      const reply = await gw(stack!.bff, '/login/getUserInfo', {}, { Cookie: 'uaa-token=stale' });
      expect(reply.status).toBe(401);
      expect(reply.body.msgCode).toBe('A0211');
      expect(reply.text).not.toContain(INTERNAL_HOST);
      expect(setCookiesFor(reply.headers).some(isClearing)).toBe(true);
    });

    it('takes an empty 200 to logout as a logout done: cookie cleared, success envelope', async () => {
      const reply = await gw(stack!.bff, '/logout/all', {}, { Cookie: `uaa-token=${STRICT_TOKEN}` });
      expect(reply.status).toBe(200);
      expect(reply.body.msgCode).toBe('10000');
      expect(setCookiesFor(reply.headers).some(isClearing)).toBe(true);
      expect(reply.headers['clear-site-data']).toBe('"cookies"');
    });

    it("keeps the upstream's CORS grants, banner and session cookie from the browser", async () => {
      const reply = await gw(stack!.bff, '/cipher/getPubKey', {});
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      expect(reply.headers['x-powered-by']).toBeUndefined();
      expect(reply.headers.server).toBeUndefined();
    });

    it.each(['gzip', 'deflate', 'br'])('decodes a %s reply in the one client', async (encoding) => {
      const reply = await stack!.client.call({
        method: 'GET',
        url: `${strict.url}/static/redirect-white-list.json`,
        headers: { 'accept-encoding': encoding },
      });
      expect(reply.headers['content-encoding']).toBe(encoding);
      expect(JSON.parse((await reply.bytes()).toString('utf8'))).toMatchObject({
        redirectWhiteList: expect.arrayContaining(['localhost']),
      });
      expect(strict.requests.at(-1)?.headers['accept-encoding']).toBe(encoding);
    });

    it('re-encodes nothing it cannot: a raw client without Accept-Encoding gets plain JSON', async () => {
      const reply = await rawRequest(stack!.bff.url, {
        method: 'POST',
        path: `${GW}/cipher/getPubKey`,
        headers: { 'x-csrf': '1', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(reply.text).msgCode).toBe('10000');
    });
  });
}
