/**
 * A call lands only on the account its page shows (issue 40). A tab showing member B kept acting
 * after another tab had signed C in: the session cookie is the browser's, not the tab's, so
 * "Cancel my account" on B's page cancelled C. The SPA names the account its page shows
 * (HEADERS.account, the ssoUid) on every call made for it (`actsForShownAccount`), and the BFF,
 * which knows whose session it forwards, refuses a call named for another account: 409 A0220,
 * nothing sent upstream. The header itself never goes upstream (proxy/header-policy.ts).
 *
 * Whose a session is comes from the UAA's own replies passing through (a login's, a user info's,
 * a document's first screen), kept per token for a while; on a miss, one user info call with the
 * session asks the UAA. Bounded, in this process only (each replica learns for itself: a miss
 * costs one call), keyed by an HMAC, never the token. A logout or a 401 forgets the token.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { HEADERS, SUCCESS_CODE } from '@shared/api/envelope';
import { actsForShownAccount, ENDPOINTS } from '@shared/contract/endpoints';
import { ACCOUNT_CHANGED_CODE } from '@shared/errors/catalogue';
import { sendError } from '../http-errors';
import { gatewayCallOf } from '../proxy/gateway-call';
import { readSessionToken, type CookiePolicy } from './cookie';

/** How long the UAA's word on a session's user is taken without asking again. */
export const SESSION_USER_TTL_MS = 10 * 60 * 1000;
/** Sessions remembered at once (about 150 bytes each); the oldest go first. */
export const SESSION_USERS_MAX = 20_000;
/** Longer than any user id: what the header may hold before it is plainly not one. */
const ACCOUNT_MAX_LENGTH = 128;

export interface SessionUsers {
  learn(token: string, userId: string): void;
  forget(token: string): void;
  userOf(token: string): string | undefined;
}

export function createSessionUsers(
  opts: { ttlMs?: number; max?: number; now?: () => number } = {},
): SessionUsers {
  const ttlMs = opts.ttlMs ?? SESSION_USER_TTL_MS;
  const max = opts.max ?? SESSION_USERS_MAX;
  const now = opts.now ?? Date.now;
  const key = randomBytes(32);
  // Insertion order is expiry order: the oldest entry is the first to go.
  const users = new Map<string, { userId: string; until: number }>();
  const digest = (token: string) => createHmac('sha256', key).update(token).digest('base64url');
  return {
    learn(token, userId) {
      const id = digest(token);
      users.delete(id);
      users.set(id, { userId, until: now() + ttlMs });
      if (users.size > max) users.delete(users.keys().next().value as string);
    },
    forget(token) {
      users.delete(digest(token));
    },
    userOf(token) {
      const id = digest(token);
      const known = users.get(id);
      if (known === undefined) return undefined;
      if (known.until > now()) return known.userId;
      users.delete(id);
      return undefined;
    },
  };
}

/** The user id a login or user info reply names (the legacy login reply carries it beside `data`). */
export function userIdOfReply(reply: unknown): string | undefined {
  if (typeof reply !== 'object' || reply === null) return undefined;
  const body = reply as Record<string, unknown>;
  const data = body.data as Record<string, unknown> | null | undefined;
  const found = body.ssouid ?? data?.ssoUid ?? data?.ssouid;
  return typeof found === 'string' && found !== '' ? found : undefined;
}

/** Asks the UAA whose session `token` is (a user info call); undefined when it does not say. */
export type LookUpUser = (req: Request, token: string) => Promise<{ userId?: string; refused?: boolean }>;

export interface AccountGuard {
  /**
   * Before the rate limits: a call named for another account than the session's, as far as this
   * process knows it, is refused and leaves nothing behind. A logout forgets its session here.
   */
  known: RequestHandler;
  /** After the rate limits: a session not known yet is looked up, one call, counted with the request's. */
  lookedUp: RequestHandler;
  /** The gateway's answer: a login's or user info's reply teaches whose session it is. */
  onAnswer(req: Request, res: Response, msgCode: unknown): void;
  users: SessionUsers;
}

export function accountGuard(opts: {
  cookie: CookiePolicy;
  lookUp: LookUpUser;
  users?: SessionUsers;
}): AccountGuard {
  const users = opts.users ?? createSessionUsers();

  /** The account the call is named for and its session, when the call is one to check. */
  function claimOf(req: Request): { account: string; token: string } | undefined {
    const call = gatewayCallOf(req);
    if (!call) return undefined;
    const token = readSessionToken(req, opts.cookie);
    if (call.endpoint === ENDPOINTS.logoutAll && token !== undefined) users.forget(token);
    const account = req.get(HEADERS.account);
    // No session: the UAA answers the call itself (401); no account named: no page to check against.
    if (!actsForShownAccount(call.endpoint) || account === undefined || token === undefined) return undefined;
    return { account, token };
  }

  const refuse = (req: Request, res: Response, account: string) =>
    sendError(req, res, 409, ACCOUNT_CHANGED_CODE, 'accountChanged', {
      reason: 'account-changed',
      details: { shownAccount: account.slice(0, ACCOUNT_MAX_LENGTH) },
    });

  return {
    users,
    known: (req, res, next) => {
      const claim = claimOf(req);
      if (!claim) return next();
      if (claim.account.length > ACCOUNT_MAX_LENGTH) return refuse(req, res, claim.account);
      const user = users.userOf(claim.token);
      if (user !== undefined && user !== claim.account) return refuse(req, res, claim.account);
      next();
    },
    lookedUp: (req, res, next) => {
      const claim = claimOf(req);
      if (!claim || users.userOf(claim.token) !== undefined) return next();
      opts.lookUp(req, claim.token).then(({ userId, refused }) => {
        // A session the UAA refused: the call meets the same 401 on its own.
        if (refused) return next();
        // Unknown whose it is (the UAA down or saying nothing usable): the act waits, whatever it is.
        if (userId === undefined) return sendError(req, res, 503, 'B0300', 'upstreamUnavailable');
        users.learn(claim.token, userId);
        if (userId !== claim.account) return refuse(req, res, claim.account);
        next();
      }, next);
    },
    onAnswer: (req, res, msgCode) => {
      const call = gatewayCallOf(req);
      if (!call || msgCode !== SUCCESS_CODE) return;
      const issued = res.locals.issuedToken;
      const token = issued ?? readSessionToken(req, opts.cookie);
      const userId = userIdOfReply(res.locals.upstreamReply);
      if (token === undefined || userId === undefined) return;
      if (issued !== undefined || call.endpoint === ENDPOINTS.userInfo) users.learn(token, userId);
    },
  };
}
