/**
 * The local UAA: a stateful stand-in for the legacy UAA's HTTP contract (DESIGN.md §8), for
 * development, the demo and the tests. `index.ts` listens; this builds the app so supertest and
 * the BFF can drive the real thing in-process.
 */
import express from 'express';
import { requireAuth } from './auth';
import { DevState } from './dev-state';
import { defaultLogger, type Logger } from './logger';
import { Outbox } from './outbox';
import { errorHandler, notFound } from './reply';
import { registerAdminPlatformRoutes } from './routes/admin-platforms';
import { registerAdminRoleRoutes } from './routes/admin-roles';
import { registerAdminUserRoutes } from './routes/admin-users';
import { registerAllowlistRoutes } from './routes/allowlist';
import { registerCaptchaRoutes } from './routes/captcha';
import { registerCipherRoutes } from './routes/cipher';
import { registerConsentRoutes } from './routes/consent';
import { registerCredentialRoutes } from './routes/credentials';
import type { RouteDeps } from './routes/deps';
import { registerDevRoutes } from './routes/dev';
import { registerInternalAuthRoutes } from './routes/internal-auth';
import { registerLocationRoutes } from './routes/location';
import { registerLoginRoutes } from './routes/login';
import { registerLogoutRoutes } from './routes/logout';
import { registerOauthRoutes } from './routes/oauth';
import { registerPasswordRoutes } from './routes/password';
import { registerPersonalRoutes } from './routes/personal';
import { registerRegisterRoutes } from './routes/register';
import { registerTrackingRoutes } from './routes/tracking';
import { registerUploadRoutes } from './routes/upload';
import { registerVerificationRoutes } from './routes/verification';
import { createStore, type Store } from './store';

export interface LocalUaaOptions {
  /**
   * The SPA origin (e.g. http://localhost:8080), used for activation links and for every
   * /__dev page address the local UAA hands out (consent pages, uploaded files).
   */
  publicUrl: string;
  /** JSON file that keeps the state across restarts; in memory only when absent. */
  dataFile?: string;
  /**
   * WeChat's QR-login page (https://open.weixin.qq.com/connect/qrconnect). When set, the WeChat
   * oauthaddress points there, as the legacy UAA's does in production, instead of at the
   * simulated consent page (which the BFF refuses in production). Codes still come from here.
   */
  wechatQrUrl?: string;
  /** Clock in milliseconds; tests move it instead of sleeping. */
  now?: () => number;
  logger?: Logger;
}

export interface LocalUaa {
  app: express.Express;
  store: Store;
  outbox: Outbox;
  /** Development switches (location) and tracking records. */
  dev: DevState;
  /** Writes pending state to the data file; call before exit. */
  close(): Promise<void>;
}

const ROUTE_MODULES = [
  registerCipherRoutes,
  registerCaptchaRoutes,
  registerRegisterRoutes,
  registerLoginRoutes,
  registerLocationRoutes,
  registerOauthRoutes,
  registerLogoutRoutes,
  registerInternalAuthRoutes,
  registerPersonalRoutes,
  registerVerificationRoutes,
  registerPasswordRoutes,
  registerCredentialRoutes,
  registerAdminPlatformRoutes,
  registerAdminUserRoutes,
  registerAdminRoleRoutes,
  registerUploadRoutes,
  registerTrackingRoutes,
  registerAllowlistRoutes,
  registerConsentRoutes,
  registerDevRoutes,
] as const;

export function createLocalUaa(options: LocalUaaOptions): LocalUaa {
  const now = options.now ?? Date.now;
  const logger = options.logger ?? defaultLogger;
  const store = createStore({ now, dataFile: options.dataFile, logger });
  const outbox = new Outbox(now, logger);
  const dev = new DevState();
  const deps: RouteDeps = {
    store,
    outbox,
    publicUrl: options.publicUrl,
    wechatQrUrl: options.wechatQrUrl,
    now,
    logger,
    requireAuth: requireAuth(store),
    dev,
  };

  const app = express();
  app.disable('x-powered-by');
  app.use(express.json({ limit: '100kb' }));
  const router = express.Router();
  for (const register of ROUTE_MODULES) register(router, deps);
  app.use(router);
  app.use(notFound);
  app.use(errorHandler(logger));

  return { app, store, outbox, dev, close: () => store.flush() };
}
