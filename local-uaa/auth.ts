/**
 * Bearer-token authentication for every member call. A missing, unknown, revoked or expired
 * token is HTTP 401 with A0211 (spec §4: the SPA and the BFF act on the status).
 */
import type { RequestHandler, Response } from 'express';
import type { UserRecord } from './records';
import { UaaError } from './reply';
import type { Store } from './store';

const BEARER = /^Bearer\s+(\S+)$/i;
const USER_LOCAL = 'uaaUser';

export function requireAuth(store: Store): RequestHandler {
  return (req, res, next) => {
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    const user = token ? store.resolveSession(token) : null;
    if (!user) throw new UaaError('A0211', 401);
    res.locals[USER_LOCAL] = user;
    next();
  };
}

/** The user `requireAuth` admitted; only valid in handlers mounted behind it. */
export function currentUser(res: Response): UserRecord {
  const user = res.locals[USER_LOCAL] as UserRecord | undefined;
  if (!user) throw new Error('currentUser() used on a route without requireAuth');
  return user;
}
