import { IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer, listenAvoiding } from './server';
import { freePort, listen, shut } from '@tests/support/http';

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
  it("builds requests and responses with the app's prototypes, so Express swaps none", async () => {
    const app = express();
    const seen: boolean[] = [];
    // The server's request listener runs before Express: what it gets is what the server built.
    const server = createAppServer(app);
    server.prependListener('request', (req, res) => {
      seen.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response);
    });
    const base = await serve(server);
    app.get('/x', (req, res) => {
      res.json({
        same: Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response,
      });
    });
    expect(await (await fetch(`${base}/x`)).json()).toEqual({ same: true });
    expect(seen).toEqual([true, true]);
  });

  // docs/adr/0002-server-prototypes.md: what the two tests above and below guard on an upgrade.
  it("still finds Node's message classes plain constructor functions under Express's prototypes", () => {
    const app = express();
    for (const [Base, prototype] of [
      [IncomingMessage, app.request],
      [ServerResponse, app.response],
    ] as const) {
      // bornWith calls the constructor as a function: an ES class would throw on every request.
      expect(Function.prototype.toString.call(Base)).not.toMatch(/^class\b/);
      // Express's methods sit on an object whose chain still reaches Node's own prototype.
      expect(Object.prototype.isPrototypeOf.call(Base.prototype, prototype)).toBe(true);
    }
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

describe('listenAvoiding', () => {
  it('never keeps the port reserved for another listener, and gives the one it kept', async () => {
    const app = express();
    // The kernel's pick, as listen(0) would: first the reserved port itself, then any.
    const reserved = await freePort();
    const picks = [reserved, 0];
    const opened: Server[] = [];
    const { server, port } = await listenAvoiding(() => {
      const next = createAppServer(app).listen(picks.shift() ?? 0, '127.0.0.1');
      opened.push(next);
      return next;
    }, reserved);
    close = () => shut(server);
    expect(opened).toHaveLength(2);
    expect(port).not.toBe(reserved);
    expect(port).toBe((server.address() as AddressInfo).port);
    // The reserved port was handed back: its listener can bind it now.
    expect(opened[0]!.listening).toBe(false);
    const theirs = createAppServer(app);
    await new Promise<void>((resolve) => theirs.listen(reserved, '127.0.0.1', resolve));
    await shut(theirs);
  });

  it('takes the first port when it is not the reserved one', async () => {
    let calls = 0;
    const { server, port } = await listenAvoiding(() => {
      calls += 1;
      return createAppServer(express()).listen(0, '127.0.0.1');
    }, 1);
    close = () => shut(server);
    expect(calls).toBe(1);
    expect(port).toBeGreaterThan(1);
  });
});
