/**
 * Stage 5, documents that call the UAA (a signed-in page's first screen, the one-time code of
 * /authentication): each counts as the call it makes under the per-address rules, so a flood of
 * documents meets the same budget as a flood of API calls. A token the UAA just refused makes no
 * call, and its cookie goes.
 */
import type { RequestHandler } from 'express';
import { uaaCallRulePath } from '../proxy/gateway-call';
import type { RateLimits } from '../rate-limit/limiter';
import { documentCallOf } from '../rate-limit/rules';
import { contextOf, type SecurityEvents } from '../security-events/events';
import { emitRateLimitEvents } from '../security-events/gateway-events';
import { clearSessionCookie, readSessionToken } from '../session/cookie';
import type { Sessions } from './sessions';

export function countDocumentCalls(opts: {
  brandPrefix: string;
  sessions: Sessions;
  rateLimits: RateLimits;
  events: SecurityEvents;
}): RequestHandler {
  const { sessions, rateLimits, events } = opts;
  return (req, res, next) => {
    const call = documentCallOf(req.method, req.path, opts.brandPrefix);
    if (!call) return next();
    const token = readSessionToken(req, sessions.cookie);
    if (token === undefined) return next();
    if (sessions.refusedTokens.has(token)) {
      clearSessionCookie(req, res, sessions.cookie);
      return next();
    }
    // A refusal is left on res.locals (logged, metered, and an event once the page is answered,
    // with those of the first screen's further calls); the page is served without the call.
    const context = contextOf(req);
    res.once('finish', () => emitRateLimitEvents(events, context, res, token, req.path));
    rateLimits.admit(req, res, uaaCallRulePath(call)).then(() => next(), next);
  };
}
