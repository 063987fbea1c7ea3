import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ALLOWLIST_JSON_PATH, ENDPOINTS } from '@shared/contract/endpoints';
import { errorHandler, UaaError } from './reply';
import { DEV_OUTBOX_PATH } from './routes/dev';
import { createTestUaa } from '@tests/support/local-uaa';

describe('local UAA transport', () => {
  const t = createTestUaa();
  const check = ENDPOINTS.registerCheck.path;

  it('answers malformed JSON with A0100 and HTTP 200, no stack trace', async () => {
    const reply = await t.http.post(check).set('Content-Type', 'application/json').send('{"item": ');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ msgCode: 'A0100', msg: '参数校验错误' });
    expect(reply.text).not.toMatch(/SyntaxError|at .*\.js/);
  });

  it.each([
    ['an array body', [1, 2]],
    ['a JSON string body', '"item"'],
    ['a number for a string', { item: 12345678901, type: 'phone' }],
    ['an array for a string', { item: ['a@example.org'], type: 'email' }],
    ['an object for a string', { item: { $ne: null }, type: 'email' }],
    ['a string over 10 KB', { item: `${'a'.repeat(10 * 1024)}@example.org`, type: 'email' }],
  ])('answers %s with A0100, never a 500', async (_name, body) => {
    const req = t.http.post(check).set('Content-Type', 'application/json');
    const reply = await req.send(typeof body === 'string' ? body : JSON.stringify(body));
    expect(reply.status).toBe(200);
    expect(reply.body.msgCode).toBe('A0100');
  });

  it('answers a missing body with A0100', async () => {
    const reply = await t.http.post(check);
    expect(reply.body.msgCode).toBe('A0100');
  });

  it('refuses a body over 100 KB with 413 and an envelope', async () => {
    const reply = await t.post(check, { item: 'x'.repeat(101 * 1024), type: 'email' });
    expect(reply.status).toBe(413);
    expect(reply.body.msgCode).toBe('A0100');
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const reply = await t.http.post('/api/v1/no/such/call').set('lang', 'en-US');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ msgCode: '-1', msg: 'Not found' });
  });

  it('localizes messages by the lang header, zh-CN by default', async () => {
    const en = await t.http.post(check).set('lang', 'en-US').send({ type: 'email' });
    const zh = await t.http.post(check).send({ type: 'email' });
    expect(en.body.msg).toBe('Parameter validation error');
    expect(zh.body.msg).toBe('参数校验错误');
  });

  it('does not announce Express', async () => {
    const reply = await t.http.get(ALLOWLIST_JSON_PATH);
    expect(reply.headers['x-powered-by']).toBeUndefined();
  });
});

describe('open calls', () => {
  const t = createTestUaa();

  it('hands out an RSA public key in PEM', async () => {
    const reply = await t.post(ENDPOINTS.pubKey.path);
    expect(reply.body.msgCode).toBe('10000');
    expect(reply.body.msg).toBe('success');
    expect(reply.body.data.pubKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n$/);
  });

  it('serves the redirect allow-list as plain JSON', async () => {
    const reply = await t.http.get(ALLOWLIST_JSON_PATH);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ redirectWhiteList: ['localhost', '127.0.0.1'] });
  });

  it('shows the outbox as a JSON array, newest last', async () => {
    expect((await t.http.get(DEV_OUTBOX_PATH)).body).toEqual([]);
    await t.register({ username: 'first', email: 'first@example.org', password: 'Passw0rd!' });
    await t.register({ username: 'second', email: 'second@example.org', password: 'Passw0rd!' });
    const mails = (await t.http.get(DEV_OUTBOX_PATH)).body as { to: string; channel: string; at: string }[];
    expect(mails.map((m) => m.to)).toEqual(['first@example.org', 'second@example.org']);
    expect(mails[0]).toMatchObject({ channel: 'email', at: new Date(t.now()).toISOString() });
  });
});

describe('error handler', () => {
  function appThrowing(err: unknown) {
    const app = express();
    app.get('/boom', () => {
      throw err;
    });
    const logged: unknown[] = [];
    app.use(errorHandler({ info: () => {}, error: (...args) => logged.push(args) }));
    return { http: request(app), logged };
  }

  it('turns a bug into envelope -1 with status 500 and no internals', async () => {
    const { http, logged } = appThrowing(new Error('secret detail at /srv/app.ts:12'));
    const reply = await http.get('/boom').set('lang', 'en-US');
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ msgCode: '-1', msg: 'Unknown error' });
    expect(reply.text).not.toContain('secret');
    expect(logged).toHaveLength(1);
  });

  it('answers a UaaError with its code, status and detail text', async () => {
    const { http } = appThrowing(new UaaError('A0201', 200, { 'en-US': 'Not yet', 'zh-CN': '尚未' }));
    const reply = await http.get('/boom').set('lang', 'en-US');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ msgCode: 'A0201', msg: 'Not yet' });
  });
});
