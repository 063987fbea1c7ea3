/**
 * Stage 9, the app: its files, then every other GET is a document (documents/document.ts) with its first
 * screen's data (issue 17: a signed-in user's data, the first page of the list it opens on; a
 * visitor learns only that there is no session), drawn by the render host when it can.
 */
import express, { type Request, type Response, type Router } from 'express';
import type { AppConfig } from '@shared/api/runtime-config';
import type { RateLimits } from '../rate-limit/limiter';
import { uaaCallRulePath } from '../proxy/gateway-call';
import { createDocuments, type Documents } from '../documents/document';
import { createFirstScreenLoader } from '../documents/first-screen';
import { documentRequestOf } from '../documents/document-request';
import { renderSignedIn, type RenderHost } from '../documents/server-render';
import { abortOnHangUp } from '../upstream/client';
import type { SessionCallTarget } from '../upstream/session-call';
import type { Sessions } from './sessions';

export interface PagesOptions {
  staticDir: string;
  configFor: (req: Request) => AppConfig;
  upstream: SessionCallTarget;
  tokenJsonPaths: readonly string[];
  firstScreenTimeoutMs: number;
  sessions: Sessions;
  rateLimits: RateLimits;
  /** The signed-in pages' render host; without it, the shell. */
  renderHost?: RenderHost;
}

export interface Pages {
  /** The documents, which the redirect routes answer with too. */
  documents: Documents;
  /** The build's files, then a document for every other GET. */
  routes: Router;
}

export function pages(opts: PagesOptions): Pages {
  const { sessions, rateLimits, configFor } = opts;
  const firstScreen = createFirstScreenLoader({
    ...opts.upstream,
    tokenJsonPaths: opts.tokenJsonPaths,
    onRefusedToken: sessions.onDocumentRefusedToken,
    onUser: (token, userId) => sessions.account.users.learn(token, userId),
    admit: async (req, call) => (await rateLimits.admit(req, req.res!, uaaCallRulePath(call))) === 'admitted',
    timeoutMs: opts.firstScreenTimeoutMs,
  });
  const documents = createDocuments({
    staticDir: opts.staticDir,
    configFor,
    hasSession: (req) => sessions.documentToken(req) !== undefined,
  });
  // Over the per-address limits (stage 5) the page comes without its first screen, and its own
  // calls meet the limits in turn.
  const firstScreenOf = async (req: Request, res: Response) => {
    const token = sessions.documentToken(req);
    if (token === undefined) return { authenticated: false };
    return res.locals.rateLimit ? undefined : firstScreen(req, token, abortOnHangUp(res));
  };
  const routes = express.Router();
  routes.use(documents.files);
  routes.get(/.*/, async (req, res) => {
    // A HEAD request reads no page, so it costs the UAA nothing.
    const screen = req.method === 'HEAD' ? undefined : await firstScreenOf(req, res);
    const pageConfig = configFor(req);
    const rendered = await renderSignedIn(opts.renderHost, documentRequestOf(req), pageConfig, screen);
    documents.send(req, res, { config: pageConfig, firstScreen: screen, rendered });
  });
  return { documents, routes };
}
