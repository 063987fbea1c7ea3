import type { Request, RequestHandler } from 'express';
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

const FORWARDED_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the browser is using, as the BFF in front says (X-Forwarded-Proto and -Host), else
 * the configured public URL's: a popup opened at http://127.0.0.1:8080 comes back there, not to
 * http://localhost:8080, another origin whose storage knows nothing of the login it started.
 * Mails keep the configured public URL (a Host header is the requester's to choose).
 */
export function requestOrigin(req: Request, publicUrl: string): string {
  const proto = req.get('x-forwarded-proto');
  const host = req.get('x-forwarded-host');
  if ((proto === 'http' || proto === 'https') && host && FORWARDED_HOST.test(host))
    return `${proto}://${host}`;
  return new URL(publicUrl).origin;
}
