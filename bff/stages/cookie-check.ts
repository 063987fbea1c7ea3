/**
 * Stage 3, the session cookie check: two session cookies (one planted from a sibling subdomain)
 * or one a header cannot carry mean no session, and every copy this response can reach is
 * cleared (docs/architecture.md, "The session cookie").
 */
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { SecurityEvents } from '../security-events/events';
import { clearPlantedSessionCookies, sessionCookieState, type CookiePolicy } from '../session/cookie';

export function refusePlantedSessionCookies(
  cookie: CookiePolicy,
  events: SecurityEvents,
  logger: Logger,
): RequestHandler {
  return (req, res, next) => {
    const state = sessionCookieState(req, cookie);
    if (state === 'duplicate' || state === 'malformed') {
      logger.warn({ reqId: req.id, state }, 'session cookie refused');
      events.emit(req, {
        type: 'session_end',
        action: 'refused-cookie',
        outcome: 'success',
        details: { reason: state },
      });
      clearPlantedSessionCookies(req, res, cookie);
    }
    next();
  };
}
