/**
 * The local UAA: a stateful stand-in for the legacy UAA's HTTP contract (DESIGN.md §8), for
 * development, the demo and the tests. `index.ts` listens; this builds the app so supertest and
 * the BFF can drive the real thing in-process.
 */
import express from 'express';
import { requireAuth } from './auth';
import { defaultLogger, type Logger } from './logger';
import { Outbox } from './outbox';
import { errorHandler, notFound } from './reply';
import { registerAllowlistRoutes } from './routes/allowlist';
import { registerCipherRoutes } from './routes/cipher';
import type { RouteDeps } from './routes/deps';
import { registerDevRoutes } from './routes/dev';
import { registerInternalAuthRoutes } from './routes/internal-auth';
import { registerLoginRoutes } from './routes/login';
import { registerLogoutRoutes } from './routes/logout';
import { registerRegisterRoutes } from './routes/register';
import { createStore, type Store } from './store';

export interface LocalUaaOptions {
  /** The SPA origin, used to build activation links (e.g. http://localhost:8080). */
  publicUrl: string;
  /** JSON file that keeps the state across restarts; in memory only when absent. */
  dataFile?: string;
  /** Clock in milliseconds; tests move it instead of sleeping. */
  now?: () => number;
  logger?: Logger;
}

export interface LocalUaa {
  app: express.Express;
  store: Store;
  outbox: Outbox;
  /** Writes pending state to the data file; call before exit. */
  close(): Promise<void>;
}

const ROUTE_MODULES = [
  registerCipherRoutes,
  registerRegisterRoutes,
  registerLoginRoutes,
  registerLogoutRoutes,
  registerInternalAuthRoutes,
  registerAllowlistRoutes,
  registerDevRoutes,
] as const;

export function createLocalUaa(options: LocalUaaOptions): LocalUaa {
  const now = options.now ?? Date.now;
  const logger = options.logger ?? defaultLogger;
  const store = createStore({ now, dataFile: options.dataFile, logger });
  const outbox = new Outbox(now, logger);
  const deps: RouteDeps = {
    store,
    outbox,
    publicUrl: options.publicUrl,
    now,
    logger,
    requireAuth: requireAuth(store),
  };

  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '100kb' }));
  const router = express.Router();
  for (const register of ROUTE_MODULES) register(router, deps);
  app.use(router);
  app.use(notFound);
  app.use(errorHandler(logger));

  return { app, store, outbox, close: () => store.flush() };
}
