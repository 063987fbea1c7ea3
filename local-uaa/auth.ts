/**
 * Bearer-token authentication for every member call, and the back office's module check.
 * A missing, unknown, revoked or expired token is HTTP 401 with A0211 (spec §4: the SPA and the
 * BFF act on the status); a signed-in user without the module is HTTP 403 with A0201.
 */
import type { RequestHandler, Response } from 'express';
import type { BackOfficeModule } from '@shared/contract/admin';
import { localText } from './messages';
import type { UserRecord } from './records';
import { UaaError } from './reply';
import type { Store } from './store';

const BEARER = /^Bearer\s+(\S+)$/i;
const USER_LOCAL = 'uaaUser';
const TOKEN_LOCAL = 'uaaToken';

export function bearerToken(header: string | undefined): string | undefined {
  return BEARER.exec(header ?? '')?.[1];
}

export function requireAuth(store: Store): RequestHandler {
  return (req, res, next) => {
    const token = bearerToken(req.headers.authorization);
    const user = token ? store.resolveSession(token) : null;
    if (!user) throw new UaaError('A0211', 401);
    res.locals[USER_LOCAL] = user;
    res.locals[TOKEN_LOCAL] = token;
    next();
  };
}

/** The user `requireAuth` admitted; only valid in handlers mounted behind it. */
export function currentUser(res: Response): UserRecord {
  const user = res.locals[USER_LOCAL] as UserRecord | undefined;
  if (!user) throw new Error('currentUser() used on a route without requireAuth');
  return user;
}

/** The bearer token of the current request (to keep its session when others are revoked). */
export function currentToken(res: Response): string {
  return res.locals[TOKEN_LOCAL] as string;
}

/** Refuses (403) a user whose roles open none of the modules. */
export function assertModule(store: Store, user: UserRecord, modules: readonly BackOfficeModule[]): void {
  const owned = store.roles.modulesOf(user.roles);
  if (!modules.some((m) => owned.includes(m))) throw new UaaError('A0201', 403, localText('noModule'));
}

/** Middleware form of `assertModule`, mounted after `requireAuth`. */
export function requireModule(store: Store, ...modules: BackOfficeModule[]): RequestHandler {
  return (_req, res, next) => {
    assertModule(store, currentUser(res), modules);
    next();
  };
}
