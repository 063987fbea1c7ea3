/**
 * The session machinery every stage shares: the cookie's policy, the tokens the UAA just refused,
 * whose account each session is (the account guard, issue 40), and the binding of a flow's later
 * steps to the session that passed its first (issue 41). Made once per app by createApp.
 */
import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { isSuccess } from '@shared/api/envelope';
import type { AppEnv } from '@shared/environment';
import type { SecurityEvents } from '../security-events/events';
import { accountGuard, userIdOfReply } from '../session/account-guard';
import { readSessionToken, sessionCookiePolicy } from '../session/cookie';
import { createRefusedTokens } from '../session/refused-tokens';
import { stepUpBinding } from '../session/step-up';
import { abortOnHangUp } from '../upstream/client';
import { callWithSession, type SessionCallTarget } from '../upstream/session-call';

export interface SessionsOptions {
  /** The cookie's settings (COOKIE_NAME, COOKIE_SECURE…) and the replicas' shared hash keys. */
  config: Parameters<typeof sessionCookiePolicy>[0] & {
    rateLimitHashKey?: string;
    securityLogHashKey?: string;
  };
  envOf: (req: Request) => AppEnv;
  upstream: SessionCallTarget;
  timeoutMs: number;
  events: SecurityEvents;
}

export type Sessions = ReturnType<typeof createSessions>;

export function createSessions({ config, envOf, upstream, timeoutMs, events }: SessionsOptions) {
  const cookie = sessionCookiePolicy(config, envOf);
  // A secret every replica shares (one of the two is required in production); else this process's.
  const stepUp = stepUpBinding(
    cookie,
    config.rateLimitHashKey ?? config.securityLogHashKey ?? randomBytes(32),
  );
  // Tokens the UAA just answered 401 for: a document carrying one calls nobody (issue 30).
  const refusedTokens = createRefusedTokens();
  const onRefusedToken = (token: string) => {
    refusedTokens.remember(token);
    account.users.forget(token);
  };
  // A call lands only on the account its page shows: whose a session is, from the UAA's replies,
  // else from one user info call (issue 40).
  const account = accountGuard({
    cookie,
    lookUp: async (req, token) => {
      try {
        const { status, body } = await callWithSession(
          upstream,
          req,
          token,
          ENDPOINTS.userInfo,
          {},
          {
            timeoutMs,
            abort: abortOnHangUp(req.res!),
          },
        );
        if (status === 401) {
          onRefusedToken(token);
          return { refused: true };
        }
        return { userId: status === 200 && isSuccess(body) ? userIdOfReply(body) : undefined };
      } catch {
        return {};
      }
    },
  });
  return {
    cookie,
    stepUp,
    account,
    refusedTokens,
    /** A session the gateway's call found refused (the gateway says so itself). */
    onRefusedToken,
    /** A session the UAA refused while a document was served: remembered, and its event. */
    onDocumentRefusedToken(req: Request, token: string) {
      onRefusedToken(token);
      events.emit(req, { type: 'session_end', action: 'expired', outcome: 'success', token });
    },
    /** The session a document acts for: the cookie's token, unless the UAA just refused it. */
    documentToken(req: Request): string | undefined {
      const token = readSessionToken(req, cookie);
      return token === undefined || refusedTokens.has(token) ? undefined : token;
    },
  };
}
