/**
 * Issue 30, items 4 and 5: one parse of a gateway body, validated, and one spelling of a target.
 * Each body below reached the UAA byte for byte before, while the limiter counted its own parse
 * of it (a Java UAA binding the first duplicate, or `Phone` case-insensitively, acted on a target
 * nobody counted; a deep body could overflow an older parser's stack). Now the UAA receives only
 * the validated object, and the limiter reads that same object in its canonical spelling.
 * Through the real BFF with its default rules, against a recording upstream double.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { rawRequest } from '@tests/support/http';
import { startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';

const GW = '/gw/uaa-be/api/v1';
const SMS = `${GW}/login/getSmsCode`;
const FORGET = `${GW}/user/management/password/forget`;

let upstream: UpstreamDouble;
let bff: TestBff;
let clientIp = 0;
let ip = '';

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff({ upstream: upstream.url });
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});
beforeEach(() => {
  upstream.reset();
  clientIp += 1;
  ip = `203.0.${Math.floor(clientIp / 250)}.${clientIp % 250}`;
});

/** A body as raw JSON text, so that duplicates and spellings reach the BFF as written. */
const postText = (path: string, text: string, headers: Record<string, string> = {}) =>
  request(bff.url)
    .post(path)
    .set('X-CSRF', '1')
    .set('X-Forwarded-For', ip)
    .set('lang', 'en-US')
    .set('Content-Type', 'application/json')
    .set(headers)
    .send(text);

const forwarded = () => upstream.requests.map((r) => JSON.parse(r.body.toString('utf8')) as unknown);

describe('4. one parse of the body, validated, is what the UAA receives', () => {
  it.each([
    ['a key given twice', '{"phone":"13800138001","phone":"13800138002"}'],
    ['a key given twice, once escaped', '{"phone":"13800138001","\\u0070hone":"13800138002"}'],
    [
      'a key twice in a nested object',
      '{"serviceName":"s","eventName":"e","eventTimestamp":1,"operatedObjInfo":{"a":1,"a":2}}',
    ],
  ])('refuses %s with 400, upstream untouched', async (_name, text) => {
    const path = text.includes('serviceName') ? `${GW}/tracking/collect` : SMS;
    const reply = await postText(path, text);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      msgCode: 'A0100',
      msg: 'Request refused: the request holds fields this call does not take, or a field twice',
    });
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses a key in another case (fastjson binds it), however often: no code is sent uncounted', async () => {
    for (const text of [
      '{"Phone":"13800138003"}',
      '{"PHONE":"13800138003"}',
      '{"phone":"13800138003","Phone":"13800138004"}',
    ]) {
      const reply = await postText(SMS, text);
      expect(reply.status, text).toBe(400);
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it.each([
    ['an unknown field', { phone: '13800138005', extra: 'x' }],
    ['a prototype key', JSON.parse('{"phone":"13800138005","__proto__":{"admin":true}}') as object],
    ['a field of the wrong type', { account: 'ann', password: 42 }],
    ['a body that is not an object', ['13800138005']],
  ])('refuses %s with 400, upstream untouched', async (_name, body) => {
    const path = 'account' in body ? `${GW}/login/byAccount` : SMS;
    const reply = await postText(path, JSON.stringify(body));
    expect(reply.status).toBe(400);
    expect(reply.body.msgCode).toBe('A0100');
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses a body nested 10,000 levels deep without parsing it, and stays up', async () => {
    const deep = `{"serviceName":"s","eventName":"e","eventTimestamp":1,"operatedObjInfo":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const reply = await postText(`${GW}/tracking/collect`, deep);
    expect(reply.status).toBe(400);
    expect(upstream.requests).toHaveLength(0);
    // Nested within the cap, free-form data still passes.
    const shallow = await postText(
      `${GW}/tracking/collect`,
      JSON.stringify({
        serviceName: 's',
        eventName: 'e',
        eventTimestamp: 1,
        operatedObjInfo: { a: [{ b: [1] }] },
      }),
    );
    expect(shallow.status).toBe(200);
  });

  it('forwards the validated object, in UTF-8, with its own length: not the bytes the browser sent', async () => {
    const text = '{ "account" : "ann",\n "password":"enc", "autoLogin" : true }';
    expect((await postText(`${GW}/login/byAccount`, text)).status).toBe(200);
    const seen = upstream.requests[0]!;
    expect(seen.body.toString('utf8')).toBe('{"account":"ann","password":"enc","autoLogin":true}');
    expect(seen.headers['content-type']).toBe('application/json;charset=UTF-8');
    expect(seen.headers['content-length']).toBe(String(seen.body.length));
  });

  it('refuses a body in a charset the scan does not read (415), and takes UTF-8 spelled either way', async () => {
    const text = JSON.stringify({ phone: '13800138006' });
    const latin = await postText(SMS, text, { 'Content-Type': 'application/json; charset=latin1' });
    expect(latin.status).toBe(415);
    const utf16 = await request(bff.url)
      .post(SMS)
      .set('X-CSRF', '1')
      .set('Content-Type', 'application/json; charset=utf-16le')
      .send(Buffer.from(text, 'utf16le'));
    expect(utf16.status).toBe(415);
    expect(upstream.requests).toHaveLength(0);
    const utf8 = await postText(SMS, text, { 'Content-Type': 'application/json; charset="UTF-8"' });
    expect(utf8.status).toBe(200);
  });

  it.each([
    ['application/json-seq'],
    ['application/json.x'],
    ['application/json, text/plain'],
    ['application/json; x="; charset=utf-8"; charset=utf-16le'],
  ])(
    'refuses a body of type %s that the parser would not read as UTF-8 JSON (415), upstream untouched',
    async (type) => {
      const text = '{"phone":"13800138001","phone":"13800138002","Phone":"x"}';
      const body = type.includes('utf-16le') ? Buffer.from(text, 'utf16le') : text;
      const reply = await request(bff.url).post(SMS).set('X-CSRF', '1').set('Content-Type', type).send(body);
      expect(reply.status).toBe(415);
      expect(upstream.requests).toHaveLength(0);
    },
  );

  it('checks a POST without a body as no body: refused where the call needs one', async () => {
    const empty = (path: string) =>
      rawRequest(bff.url, {
        method: 'POST',
        path,
        headers: { 'x-csrf': '1', 'content-type': 'application/json', 'content-length': '0', lang: 'en-US' },
      });
    expect((await empty(`${SMS}?phone=13800138099`)).status).toBe(400);
    expect(upstream.requests).toHaveLength(0);
    expect((await empty(`${GW}/logout/all`)).status).toBe(200);
  });

  it("never forwards the browser's query: only what the BFF read reaches the UAA", async () => {
    const reply = await postText(
      `${SMS}?phone=13800138098&Phone=x`,
      JSON.stringify({ phone: '13800138011' }),
    );
    expect(reply.status).toBe(200);
    expect(upstream.requests.map((r) => r.url)).toEqual(['/api/v1/login/getSmsCode']);
  });

  it('forwards no body on a GET, whatever the browser sent with it', async () => {
    const reply = await rawRequest(bff.url, {
      method: 'GET',
      path: `${GW}/login/getLocationInfo`,
      headers: { 'x-csrf': '1', 'content-type': 'text/plain', 'content-length': '11' },
      body: 'phone=13800',
    });
    expect(reply.status).toBe(200);
    expect(upstream.requests[0]!.body.length).toBe(0);
  });
});

describe('5. one spelling of a target: counted and forwarded canonical', () => {
  it.each([
    ['full-width digits', '１３８００１３８０１０'],
    ['zero-width spaces', '138\u200b0013\u200c8010\ufeff'],
    ['a soft hyphen and a word joiner', '\u00ad13800138010\u2060'],
    ['a Hangul filler and a variation selector', '13800\u3164138\ufe0f010'],
  ])('counts a phone in %s as the plain phone, and forwards the plain spelling', async (_name, spelling) => {
    // Each spelling from an address of its own: only the per-phone counter can refuse it.
    ip = `203.0.200.${clientIp % 250}`;
    const plain = await postText(SMS, JSON.stringify({ phone: spelling }));
    expect(plain.status).toBe(200);
    expect(forwarded()).toEqual([{ phone: '13800138010' }]);
    upstream.reset();
    ip = `203.0.201.${clientIp % 250}`;
    const again = await postText(SMS, JSON.stringify({ phone: '13800138010' }));
    expect(again.status).toBe(429);
    expect(upstream.requests).toHaveLength(0);
    // The next case starts with a fresh phone counter: a minute is too long to wait.
    await bff.close();
    bff = await startBff({ upstream: upstream.url });
  });

  it.each([
    ['Arabic-Indic digits', '١٣٨٠٠١٣٨٠١٢'],
    ['Devanagari digits', '१३८००१३८०१२'],
    ['a braille blank', '13800\u2800138012'],
  ])('refuses a phone in %s with 400: not folded, not a new target', async (_name, spelling) => {
    const reply = await postText(SMS, JSON.stringify({ phone: spelling }));
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toBe(
      'Request refused: a phone number holds only digits, spaces, +, - and brackets',
    );
    const asItem = await postText(FORGET, JSON.stringify({ type: 'phone', item: spelling }));
    expect(asItem.status).toBe(400);
    expect(upstream.requests).toHaveLength(0);
  });

  it.each([
    ['a trailing dot on the domain', 'dot@example.com.'],
    ['zero-width spaces', 'd\u200bot@exa\u200dmple.com'],
    ['full-width letters and at sign', 'ｄｏｔ＠ｅｘａｍｐｌｅ．ｃｏｍ'],
  ])(
    'counts an e-mail with %s as the plain address, and forwards the plain spelling',
    async (_name, spelling) => {
      const first = await postText(FORGET, JSON.stringify({ type: 'email', item: 'dot@example.com' }));
      expect(first.status).toBe(200);
      ip = `203.0.202.${clientIp % 250}`;
      const again = await postText(FORGET, JSON.stringify({ type: 'email', item: spelling }));
      expect(again.status).toBe(429);
      expect(upstream.requests).toHaveLength(1);
      upstream.reset();
      await bff.close();
      bff = await startBff({ upstream: upstream.url });
      const alone = await postText(FORGET, JSON.stringify({ type: 'email', item: spelling }));
      expect(alone.status).toBe(200);
      expect(forwarded()).toEqual([{ type: 'email', item: 'dot@example.com' }]);
      await bff.close();
      bff = await startBff({ upstream: upstream.url });
    },
  );
});
