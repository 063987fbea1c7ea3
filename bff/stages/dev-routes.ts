/**
 * Stage 8, the development pages, only with the local UAA and never in production: the outbox
 * (the SMS and e-mails the local UAA "sent") and its other `/__dev/*` pages (the simulated GitHub,
 * WeChat and CARSI consent pages, uploaded files, test switches), proxied.
 */
import express, { type Request, type Router } from 'express';
import type { AppEnv } from '@shared/environment';
import type { OutboxMessage } from '@shared/api/dev-paths';
import { BFF_PATHS } from '@shared/routes';
import { createDevProxy } from '../dev/dev-proxy';
import { renderOutbox } from '../dev/outbox-page';
import { sendError } from '../http-errors';
import { ownOrigin, requireCsrf } from '../security/csrf';
import type { SecurityEvents } from '../security-events/events';
import { refusalEvents } from '../security-events/gateway-events';
import type { CookiePolicy } from '../session/cookie';
import type { PublicOrigin, UpstreamClient } from '../upstream/client';

export interface DevRoutesOptions {
  envOf: (req: Request) => AppEnv;
  /** The embedded local UAA's outbox. */
  outbox?: () => Promise<OutboxMessage[]>;
  /** The local UAA whose `/__dev/*` pages are proxied. */
  devUpstream?: string;
  client: UpstreamClient;
  publicOrigin: PublicOrigin;
  timeoutMs: number;
  events: SecurityEvents;
  cookie: CookiePolicy;
}

export function devRoutes(opts: DevRoutesOptions): Router {
  const { envOf, outbox, devUpstream } = opts;
  const router = express.Router();
  if (outbox) {
    router.get(BFF_PATHS.outbox, async (req, res) => {
      if (envOf(req) === 'production') return sendError(req, res, 404, 'A0100', 'notFound');
      const messages = await outbox();
      res.set('Cache-Control', 'no-store');
      if (req.accepts(['json', 'html']) === 'html') res.type('html').send(renderOutbox(messages));
      else res.json(messages);
    });
  }
  if (devUpstream) {
    const { client, timeoutMs, publicOrigin } = opts;
    router.use(
      BFF_PATHS.dev,
      refusalEvents(opts.events, opts.cookie),
      (req, res, next) => {
        if (envOf(req) === 'production') return sendError(req, res, 404, 'A0100', 'notFound');
        if (req.method === 'GET' || req.method === 'HEAD') return next();
        // The simulated consent pages post a plain HTML form, which cannot send X-CSRF: they are
        // admitted from our own origin only. Every other dev switch needs the header.
        if (req.path.startsWith('/oauth/') && req.get('origin') === ownOrigin(req)) return next();
        return requireCsrf(req, res, next);
      },
      createDevProxy({ client, target: devUpstream, timeoutMs, publicOrigin }),
    );
  }
  return router;
}
