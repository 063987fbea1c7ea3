import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';

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
