/**
 * The stages createApp orders, each alone (the app's own route tests run them together): the
 * error handler's answers, the planted-cookie check, the runtime config's opener origins, and the
 * one call for a request's session.
 */
import { Readable } from 'node:stream';
import express, { type Request } from 'express';
import cookieParser from 'cookie-parser';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { createSecurityEvents } from '../security-events/events';
import { sessionCookiePolicy } from '../session/cookie';
import type { UpstreamClient, UpstreamReply } from '../upstream/client';
import { callWithSession } from '../upstream/session-call';
import { refusePlantedSessionCookies } from './cookie-check';
import { errorHandler, notFound } from './errors';
import { runtimeConfigFor } from './runtime-config';

const quiet = pino({ level: 'silent' });

describe('the error handler (stage 10)', () => {
  const appThrowing = (err: unknown) => {
    const logger = pino({ level: 'silent' });
    const error = vi.spyOn(logger, 'error');
    const app = express()
      .get('/x', () => {
        throw err;
      })
      .use(notFound)
      .use(errorHandler(logger));
    return { app, error };
  };

  it.each([
    ['a body past its limit', { type: 'entity.too.large', status: 413 }, 413],
    ['a charset the parser does not take', { type: 'charset.unsupported', status: 415 }, 415],
    ['a body that fails the shape check', { type: 'entity.verify.failed', status: 400 }, 400],
    ['a body that is not JSON', { type: 'entity.parse.failed', status: 400 }, 400],
    ['an aborted body', { type: 'request.aborted', status: 400 }, 400],
  ])("answers %s as the client's fault, in the envelope, unlogged", async (_, err, status) => {
    const { app, error } = appThrowing(Object.assign(new Error('x'), err));
    const res = await request(app).get('/x');
    expect(res.status).toBe(status);
    expect(res.body.msgCode).toBe('A0100');
    expect(error).not.toHaveBeenCalled();
  });

  it('answers anything else 500 with msgCode -1 and no stack, and logs it', async () => {
    const { app, error } = appThrowing(new Error('boom at /secret/path'));
    const res = await request(app).get('/x');
    expect(res.status).toBe(500);
    expect(res.body.msgCode).toBe('-1');
    expect(res.text).not.toContain('boom');
    expect(error).toHaveBeenCalledOnce();
  });

  it('answers any other path 404 in the envelope', async () => {
    const res = await request(appThrowing(new Error()).app).post('/nowhere');
    expect(res.status).toBe(404);
    expect(res.body.msgCode).toBe('A0100');
  });
});

describe('the session cookie check (stage 3)', () => {
  const cookie = sessionCookiePolicy({ cookieName: 'uaa-token' }, () => 'development');
  const setup = () => {
    const all: string[] = [];
    const events = createSecurityEvents({ destination: { write: (line) => void all.push(line) } });
    // The stream's own start line aside.
    const lines = {
      get all() {
        return all.filter((line) => line.includes('"session_end"'));
      },
    };
    const app = express()
      .use(cookieParser(), refusePlantedSessionCookies(cookie, events, quiet))
      .get('/', (_req, res) => res.send('ok'));
    return { app, lines };
  };

  it('lets one session cookie through untouched, with no event', async () => {
    const { app, lines } = setup();
    const res = await request(app).get('/').set('Cookie', 'uaa-token=abc');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(lines.all).toEqual([]);
  });

  it('clears two session cookies (one planted from a sibling) and leaves an event without the token', async () => {
    const { app, lines } = setup();
    const res = await request(app).get('/').set('Cookie', 'uaa-token=abc; uaa-token=planted');
    expect(res.status).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/uaa-token=;/);
    expect(lines.all).toHaveLength(1);
    expect(lines.all[0]).toContain('refused-cookie');
    expect(lines.all[0]).not.toContain('planted');
  });
});

describe('the runtime config (inlined in every document)', () => {
  const allowlist = { domains: () => ['app.example.org', 'localhost'] } as never;
  const config = {
    brandPrefix: 'xlab',
    links: { development: {}, staging: {}, production: {} },
    captcha: { provider: 'local' },
    openerOrigins: undefined,
  } as never;
  const reqFor = (host: string) => ({ protocol: 'https', get: () => host }) as unknown as Request;

  it('lets this origin and the allow-listed sites open it, and loopback embedders outside production', () => {
    const configFor = runtimeConfigFor({ config, envOf: () => 'staging', allowlist, demo: true });
    const page = configFor(reqFor('sso.example.org'));
    expect(page.demo).toBe(true);
    expect(page.openerOrigins).toEqual(
      expect.arrayContaining(['https://sso.example.org', 'https://app.example.org', 'https://localhost']),
    );
  });

  it('in production: no demo, no loopback opener', () => {
    const configFor = runtimeConfigFor({ config, envOf: () => 'production', allowlist, demo: true });
    const page = configFor(reqFor('sso.example.org'));
    expect(page.demo).toBe(false);
    expect(page.openerOrigins).toEqual(['https://sso.example.org', 'https://app.example.org']);
  });
});

describe('callWithSession: the one call for a request session', () => {
  const replying = (status: number, body: string) => {
    const done = vi.fn();
    const call = vi.fn(async (): Promise<UpstreamReply> => ({
      status,
      headers: {},
      bytes: async () => Buffer.from(body),
      stream: Readable.from([]),
      done,
    }));
    return { client: { call, close: async () => {} } as UpstreamClient, call, done };
  };
  const target = (client: UpstreamClient) => ({
    client,
    upstream: 'http://uaa/prefix',
    publicOrigin: () => new URL('https://sso.example.org'),
  });
  /** The reply and the response's count, as a route of the BFF would have them. */
  const callThrough = async (client: UpstreamClient, maxBytes?: number) => {
    const app = express().get('/', async (req, res) => {
      const reply = await callWithSession(
        target(client),
        req,
        'tok',
        ENDPOINTS.userInfo,
        {},
        {
          timeoutMs: 50,
          maxBytes,
        },
      );
      res.json({ ...reply, counted: res.locals.upstreamCalls });
    });
    return (await request(app).get('/').set('lang', 'en-US')).body as Record<string, unknown>;
  };

  it("posts the table's path with the session's bearer and counts the call on the response", async () => {
    const { client, call } = replying(200, '{"msgCode":"10000","data":{"ssoUid":"u1"}}');
    expect(await callThrough(client)).toEqual({
      status: 200,
      body: { msgCode: '10000', data: { ssoUid: 'u1' } },
      counted: 1,
    });
    const sent = (call.mock.calls as unknown as [{ url: string; headers: Record<string, string> }][])[0]![0];
    expect(sent.url).toBe(`http://uaa/prefix${ENDPOINTS.userInfo.path}`);
    expect(sent.headers.authorization).toBe('Bearer tok');
    expect(sent.headers.lang).toBe('en-US');
  });

  it('reads no body for a 401, and none past its size or that is not JSON', async () => {
    const refused = replying(401, 'never read');
    expect(await callThrough(refused.client)).toEqual({ status: 401, counted: 1 });
    expect(refused.done).toHaveBeenCalled();
    const big = replying(200, JSON.stringify({ data: 'x'.repeat(100) }));
    expect(await callThrough(big.client, 64)).toEqual({ status: 200, counted: 1 });
    const html = replying(502, '<html>Bad Gateway</html>');
    expect(await callThrough(html.client)).toEqual({ status: 502, counted: 1 });
  });
});
