import type { RequestHandler } from 'express';
import type { DevState } from '../dev-state';
import type { Logger } from '../logger';
import type { Outbox } from '../outbox';
import type { Store } from '../store';

/** What every route module is given; routes reach state only through these. */
export interface RouteDeps {
  store: Store;
  outbox: Outbox;
  /** The SPA origin, for links in mails (activation) and the /__dev pages' addresses. */
  publicUrl: string;
  /** WeChat's QR-login page, when the WeChat address should point there (see LocalUaaOptions). */
  wechatQrUrl?: string;
  now: () => number;
  logger: Logger;
  /** Bearer-token check; sets the user for `currentUser(res)`. */
  requireAuth: RequestHandler;
  /** Development switches (location) and records (tracking events). */
  dev: DevState;
}
