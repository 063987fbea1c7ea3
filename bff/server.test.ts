import type { Server } from 'node:http';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer } from './server';
import { listen, shut } from './testing';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

function serve(server: Server): Promise<string> {
  close = () => shut(server);
  return listen(server);
}

describe('createAppServer', () => {
  it("keeps Node's and Express's behaviour: headers, bodies, helpers, options", async () => {
    const app = express();
    app.use(express.json());
    app.post('/echo', (req, res) => {
      res
        .status(201)
        .set('X-Seen', req.get('x-in') ?? '')
        .json({ body: req.body as unknown, path: req.path, method: req.method, ip: req.ip });
    });
    const server = createAppServer(app, { keepAliveTimeout: 1234 });
    expect(server.keepAliveTimeout).toBe(1234);
    const base = await serve(server);
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
