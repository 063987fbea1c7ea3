/**
 * The upstream doubles of tests/support, checked on their own (no BFF): nginx in front of the
 * local UAA (TLS with the throwaway CA, gzip, the /uaa-be prefix) and the strict upstream double's
 * reply shapes. The BFF's conformance tests rely on exactly these shapes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalUaa, type LocalUaa } from '@local-uaa/app';
import { accepts, startNginxUpstream, type NginxUpstream } from '../support/nginx-upstream';
import {
  HTML_UTF8,
  JSON_UTF8,
  STRICT_TOKEN,
  startStrictUpstream,
  type StrictUpstream,
} from '../support/strict-upstream';

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as received (still compressed). */
  raw: Buffer;
  /** The body decompressed as its Content-Encoding says. */
  text: string;
}

function fetchRaw(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: Buffer | string; ca?: string } = {},
): Promise<Raw> {
  const u = new URL(url);
  const fn = u.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = fn(
      u,
      {
        method: opts.method ?? 'GET',
        headers: opts.headers,
        ...(opts.ca ? { ca: readFileSync(opts.ca) } : {}),
        agent: false,
        timeout: 5000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const enc = res.headers['content-encoding'];
          const body =
            enc === 'gzip'
              ? gunzipSync(raw)
              : enc === 'br'
                ? brotliDecompressSync(raw)
                : enc === 'deflate'
                  ? inflateSync(raw)
                  : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: body.toString('utf8') });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(opts.body);
  });
}

const postJson = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('nginx in front of the local UAA', () => {
  let uaa: LocalUaa;
  let server: Server;
  let target: string;
  let nginx: NginxUpstream;

  beforeAll(async () => {
    uaa = createLocalUaa({ publicUrl: 'http://localhost:8080', logger: { info() {}, error() {} } });
    server = createServer(uaa.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    nginx = await startNginxUpstream({ target });
  });

  afterAll(async () => {
    await nginx?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await uaa?.close();
  });

  it('serves https://127.0.0.1:PORT/uaa-be/… from <target>/…, gzipped, trusted through the CA', async () => {
    expect(nginx.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/uaa-be$/);
    const r = await fetchRaw(`${nginx.url}/api/v1/cipher/getPubKey`, {
      ...postJson({}, { 'accept-encoding': 'gzip' }),
      ca: nginx.caFile,
    });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['transfer-encoding']).toBe('chunked');
    expect(r.headers.server).toMatch(/^nginx/);
    const body = JSON.parse(r.text) as { msgCode: string; data: { pubKey: string } };
    expect(body.msgCode).toBe('10000');
    expect(body.data.pubKey).toContain('BEGIN PUBLIC KEY');
  });

  it('answers a HEAD on the bare base, and the allow-list file under the prefix', async () => {
    const head = await fetchRaw(nginx.url, { method: 'HEAD', ca: nginx.caFile });
    expect(head.status).toBeGreaterThanOrEqual(200);
    const list = await fetchRaw(`${nginx.url}/static/redirect-white-list.json`, { ca: nginx.caFile });
    expect(JSON.parse(list.text)).toEqual({ redirectWhiteList: ['localhost', '127.0.0.1'] });
  });

  it('is not trusted without the CA, and the name localhost is in the certificate too', async () => {
    await expect(fetchRaw(`${nginx.url}/static/redirect-white-list.json`)).rejects.toThrow(/certificate/);
    const r = await fetchRaw(
      `${nginx.url.replace('127.0.0.1', 'localhost')}/static/redirect-white-list.json`,
      {
        ca: nginx.caFile,
      },
    );
    expect(r.status).toBe(200);
  });

  it('plain HTTP without gzip and with another prefix; close() stops nginx and removes its directory', async () => {
    const plain = await startNginxUpstream({ target, tls: false, gzip: false, prefix: '/legacy/uaa' });
    expect(plain.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/legacy\/uaa$/);
    const r = await fetchRaw(
      `${plain.url}/api/v1/cipher/getPubKey`,
      postJson({}, { 'accept-encoding': 'gzip' }),
    );
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(r.text)).toMatchObject({ msgCode: '10000' });
    await plain.close();
    expect(existsSync(plain.dir)).toBe(false);
    expect(await accepts(plain.port)).toBe(false);
  });
});

describe('startNginxUpstream failures', () => {
  it("rejects with nginx's own words when nginx refuses the configuration, leaving nothing behind", async () => {
    await expect(startNginxUpstream({ target: 'http://127.0.0.1:0' })).rejects.toThrow(
      /nginx did not start[\s\S]*invalid port in upstream/,
    );
  });

  it('refuses a prefix or a target that would not fit in nginx.conf', async () => {
    await expect(startNginxUpstream({ target: 'http://127.0.0.1:1', prefix: 'uaa-be' })).rejects.toThrow(
      /prefix/,
    );
    await expect(startNginxUpstream({ target: 'http://127.0.0.1:1/;x' })).rejects.toThrow(/target/);
  });
});

describe('the strict upstream double', () => {
  let up: StrictUpstream;
  beforeAll(async () => {
    up = await startStrictUpstream();
  });
  afterAll(() => up?.close());

  const login = (headers: Record<string, string> = {}, account = 'alice') =>
    fetchRaw(`${up.url}/api/v1/login/byAccount`, postJson({ account, password: 'enc' }, headers));

  it('logs alice in: token only in Set-Cookie, JSON;charset=UTF-8, chunked, gzip when accepted', async () => {
    const r = await login({ 'accept-encoding': 'gzip, deflate, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe(JSON_UTF8);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['transfer-encoding']).toBe('chunked');
    expect(r.headers['content-length']).toBeUndefined();
    expect(r.headers['set-cookie']).toEqual([
      `uaa-token=${STRICT_TOKEN}; Path=/; HttpOnly`,
      'JSESSIONID=abc; Path=/',
    ]);
    expect(JSON.parse(r.text)).toEqual({ msgCode: '10000', msg: 'success', data: { username: 'alice' } });
    expect(r.text).not.toContain(STRICT_TOKEN);
  });

  it('compresses with br or deflate when only that is accepted, not at all when nothing is', async () => {
    expect((await login({ 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
    expect((await login({ 'accept-encoding': 'deflate' })).headers['content-encoding']).toBe('deflate');
    expect((await login({ 'accept-encoding': 'gzip;q=0, br' })).headers['content-encoding']).toBe('br');
    const plain = await login({ 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.raw.toString())).toMatchObject({ msgCode: '10000' });
  });

  it('refuses another account with A0202', async () => {
    const r = await login({}, 'bob');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toMatchObject({ msgCode: 'A0202' });
    expect(r.headers['set-cookie']).toBeUndefined();
  });

  it('getUserInfo: an HTML 401 without the bearer, the user with it', async () => {
    const no = await fetchRaw(`${up.url}/api/v1/login/getUserInfo`, postJson({}));
    expect(no.status).toBe(401);
    expect(no.headers['content-type']).toBe(HTML_UTF8);
    expect(no.text).toContain('uaa-01.corp');
    const yes = await fetchRaw(
      `${up.url}/api/v1/login/getUserInfo`,
      postJson({}, { authorization: `Bearer ${STRICT_TOKEN}`, 'accept-encoding': 'gzip' }),
    );
    expect(yes.status).toBe(200);
    expect(yes.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(yes.text)).toMatchObject({ data: { username: 'alice', phone: '13800000000' } });
  });

  it('internal/auth: a code with the bearer, a 401 envelope without', async () => {
    const no = await fetchRaw(`${up.url}/api/v1/internal/auth`, postJson({ clientId: 'c1' }));
    expect(no.status).toBe(401);
    expect(JSON.parse(no.text)).toEqual({ msgCode: 'A0211', msg: 'expired' });
    const yes = await fetchRaw(
      `${up.url}/api/v1/internal/auth`,
      postJson({ clientId: 'c1' }, { authorization: `Bearer ${STRICT_TOKEN}` }),
    );
    expect(JSON.parse(yes.text)).toEqual({ msgCode: '10000', msg: 'success', data: { code: 'otc-123' } });
  });

  it('serves the allow-list file and the base', async () => {
    const list = await fetchRaw(`${up.url}/static/redirect-white-list.json`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(list.headers['content-type']).toBe(JSON_UTF8);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(list.text)).toEqual({ redirectWhiteList: ['localhost', '127.0.0.1', 'example.com'] });
    for (const url of [up.url, `${up.url}/`]) {
      expect((await fetchRaw(url, { method: 'HEAD' })).status).toBe(200);
      expect((await fetchRaw(url)).text).toBe('ok');
    }
    const elsewhere = await fetchRaw(up.url.replace('/uaa-be', '/other'));
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers['content-type']).toMatch(/^text\/html/);
  });

  it('has the odd shapes: an internal redirect, an HTML 500, an empty 200, upstream CORS headers', async () => {
    const redirect = await fetchRaw(`${up.url}/api/v1/register/check`, postJson({}));
    expect(redirect.status).toBe(302);
    expect(redirect.headers.location).toBe('http://uaa-internal.corp/login');
    const error = await fetchRaw(`${up.url}/api/v1/personal/item/check`, postJson({}));
    expect(error.status).toBe(500);
    expect(error.headers['content-type']).toMatch(/^text\/html/);
    expect(error.text).toContain('uaa-01.corp');
    const empty = await fetchRaw(`${up.url}/api/v1/logout/all`, postJson({}));
    expect(empty.status).toBe(200);
    expect(empty.raw.length).toBe(0);
    expect(empty.headers['content-type']).toBeUndefined();
    const key = await fetchRaw(`${up.url}/api/v1/cipher/getPubKey`, postJson({}));
    expect(key.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-credentials': 'true',
      'x-powered-by': 'Servlet/3.0',
      server: 'Apache-Coyote/1.1',
    });
    expect(JSON.parse(key.text)).toMatchObject({ msgCode: '10000' });
  });

  it('records every request with its body decoded', async () => {
    const before = up.requests.length;
    await fetchRaw(`${up.url}/api/v1/internal/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-request-id': 'r-1' },
      body: gzipSync(JSON.stringify({ clientId: 'c9' })),
    });
    const seen = up.requests.slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.url).toBe('/uaa-be/api/v1/internal/auth');
    expect(seen[0]!.headers['x-request-id']).toBe('r-1');
    expect(JSON.parse(seen[0]!.body.toString())).toEqual({ clientId: 'c9' });
  });

  it('speaks HTTPS with the test CA when asked', async () => {
    const tls = await startStrictUpstream({ tls: true, prefix: '/gw' });
    try {
      expect(tls.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/gw$/);
      const r = await fetchRaw(`${tls.url}/static/redirect-white-list.json`, { ca: tls.caFile! });
      expect(r.status).toBe(200);
    } finally {
      await tls.close();
    }
  });
});

describe('nginx in front of the strict upstream', () => {
  it('passes the upstream’s own compression, cookies and charset through', async () => {
    const up = await startStrictUpstream({ prefix: '' });
    const nginx = await startNginxUpstream({ target: up.url });
    try {
      const r = await fetchRaw(`${nginx.url}/api/v1/login/byAccount`, {
        ...postJson({ account: 'alice', password: 'x' }, { 'accept-encoding': 'br' }),
        ca: nginx.caFile,
      });
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toBe(JSON_UTF8);
      expect(r.headers['content-encoding']).toBe('br');
      expect(r.headers['set-cookie']).toHaveLength(2);
      expect(up.requests.at(-1)!.url).toBe('/api/v1/login/byAccount');
    } finally {
      await nginx.close();
      await up.close();
    }
  });
});
