import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer } from './server';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(app: express.Express): Promise<string> {
  const server = createAppServer(app, { keepAliveTimeout: 1234 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  expect(server.keepAliveTimeout).toBe(1234);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('createAppServer', () => {
  it("builds requests and responses with the app's prototypes, so Express swaps none", async () => {
    const app = express();
    const seen: boolean[] = [];
    // The server's request listener runs before Express: what it gets is what the server built.
    const server = createAppServer(app);
    server.prependListener('request', (req, res) => {
      seen.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
    app.get('/x', (req, res) => {
      res.json({
        same: Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response,
      });
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect(await (await fetch(`${base}/x`)).json()).toEqual({ same: true });
    expect(seen).toEqual([true, true]);
  });

  it("keeps Node's and Express's behaviour: headers, bodies, helpers, options", async () => {
    const app = express();
    app.use(express.json());
    app.post('/echo', (req, res) => {
      res
        .status(201)
        .set('X-Seen', req.get('x-in') ?? '')
        .json({ body: req.body as unknown, path: req.path, method: req.method, ip: req.ip });
    });
    const base = await serve(app);
    const res = await fetch(`${base}/echo?q=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-in': 'hello' },
      body: JSON.stringify({ a: [1, 2] }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-seen')).toBe('hello');
    expect(await res.json()).toEqual({ body: { a: [1, 2] }, path: '/echo', method: 'POST', ip: '127.0.0.1' });
  });
});
