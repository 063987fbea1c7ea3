/** The HTTP server for the Express app: Node's own `http.createServer`, with the timeouts below. */
import { createServer, type Server, type ServerOptions } from 'node:http';
import type { Express } from 'express';

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

/** `http.createServer(options, app)`: index.ts passes SERVER_TIMEOUTS, tests shorter ones. */
export function createAppServer(app: Express, options: ServerOptions = {}): Server {
  return createServer(options, app);
}
