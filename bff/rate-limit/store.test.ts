/**
 * The Redis backend's connection against a peer that cuts every connection on its first bytes,
 * as a dying Redis does to a replica reconnecting at that moment: the replica must go on
 * reconnecting, never settle on the dead socket.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../log';
import { redisBackend, StoreUnavailableError, type CounterBackend } from './store';

let server: Server;
let port: number;
let connections = 0;
const sockets = new Set<Socket>();
let backend: CounterBackend | undefined;

beforeAll(async () => {
  server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.once('data', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await backend?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

it('keeps reconnecting when connections die as they open, and refuses meanwhile', async () => {
  backend = redisBackend(`redis://127.0.0.1:${port}`, createLogger('silent'));
  const distinct = backend.distinctFor('cut');
  const deadline = Date.now() + 5000;
  // Each attempt either finds the store down or has its connection cut under it: never a verdict.
  while (connections < 3) {
    if (Date.now() > deadline) throw new Error(`stuck after ${connections} connection(s)`);
    await expect(distinct.admit('k', 'm', 1, 1000)).rejects.toBeInstanceOf(StoreUnavailableError);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(connections).toBeGreaterThanOrEqual(3);
});
