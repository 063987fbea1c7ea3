/**
 * The HTTP server for an Express app. Express gives every request and response its own methods
 * by swapping their prototypes (`Object.setPrototypeOf`) as it takes them; V8 then has to treat
 * both objects, and every Node internal that touches them, as new shapes. Here they are born with
 * the app's prototypes, through Node's documented `IncomingMessage` and `ServerResponse` server
 * options, so Express's swap finds the prototype already in place and changes nothing. That is
 * about 45 % of a proxied call's CPU: docs/adr/0002-server-prototypes.md has the figures and what
 * to re-check on an upgrade of Node or Express; server.test.ts fails if an upgrade undoes it.
 */
import { createServer, IncomingMessage, ServerResponse, type Server, type ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { acceptProxyOnlyHeadersFrom, type ProxyOnlyHeader } from './tracing/context';

/**
 * A constructor that builds `Base`'s objects with `prototype` as their prototype. Node's message
 * classes are plain constructor functions, so `Base` runs on the object V8 allocated for it
 * (with `Reflect.construct` and a new target instead, the constructors themselves became the
 * slow part, measured: a tenth of the call).
 */
function bornWith(Base: new (...args: never[]) => object, prototype: object): unknown {
  const init = Base as unknown as (this: object, ...args: unknown[]) => void;
  function Born(this: object, ...args: unknown[]): void {
    init.apply(this, args);
  }
  Born.prototype = prototype;
  return Born;
}

/**
 * How long a client may take (DESIGN.md §5): its headers within 10 s and the whole request
 * within 30 s, so a BFF reached without nginx in front is not held by clients that trickle
 * bytes; an idle kept-alive connection lives longer than nginx's upstream keepalive (60 s) and
 * than clients', so a proxy or browser never reuses a socket the BFF is just closing.
 */
export const SERVER_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 65_000,
  // Node checks both timeouts on this interval (30 s by default, which would triple them).
  connectionsCheckingInterval: 1000,
} as const satisfies ServerOptions;

/**
 * The server for `app`; `proxyHeaders` are the request-id and trace headers taken from a trusted
 * proxy (TRUST_PROXY_HEADERS; all of them unless said).
 */
export function createAppServer(
  app: Express,
  options: ServerOptions = {},
  proxyHeaders?: readonly ProxyOnlyHeader[],
): Server {
  const server = createServer(
    {
      ...options,
      IncomingMessage: bornWith(IncomingMessage, app.request) as typeof IncomingMessage,
      ServerResponse: bornWith(ServerResponse, app.response) as typeof ServerResponse,
    },
    app,
  );
  // A trace context and a request id from the proxies TRUST_PROXY names only: Express's `trust proxy` setting as
  // Express compiles it (the function req.ip asks, hop 0 being the peer).
  acceptProxyOnlyHeadersFrom(
    server,
    (address) => (app.get('trust proxy fn') as (address: string, hop: number) => boolean)(address, 0),
    proxyHeaders,
  );
  return server;
}

/**
 * Listens on a loopback port the kernel picks, but never on `reserved`: a port another listener
 * of this process has been given but not bound yet (the BFF's own, while the embedded local UAA
 * starts first), which the kernel may hand out meanwhile. Seen once in CI: the embedded UAA took
 * the BFF's port and the BFF then failed with EADDRINUSE.
 */
export async function listenAvoiding(
  listen: () => Server,
  reserved: number,
): Promise<{ server: Server; port: number }> {
  const server = listen();
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  if (port !== reserved) return { server, port };
  // Another port first, then this one back: the kernel cannot give the same one again.
  const other = await listenAvoiding(listen, reserved);
  await new Promise((resolve) => server.close(resolve));
  return other;
}
