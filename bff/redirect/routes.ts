/**
 * GET /bff/redirect and GET /authentication (DESIGN.md §5): every redirect is checked against the
 * allow-list here, and the one-time code is fetched and attached on the server, so the browser
 * never handles the code exchange.
 */
import express, { type Request, type Response, type Router } from 'express';
import parseurl from 'parseurl';
import type { Logger } from 'pino';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { isSuccess } from '@shared/api/envelope';
import type { AppEnv } from '@shared/environment';
import { CLIENT_ID, checkRedirect, withCode } from '@shared/redirect';
import { brandRoute, DEFAULT_BRAND_PREFIX, ROUTES } from '@shared/routes';
import { sendError } from '../http-errors';
import { clearSessionCookie, readSessionToken, type CookiePolicy } from '../session/cookie';
import type { SecurityEvents } from '../security-events/events';
import { callWithSession, type SessionCallTarget } from '../upstream/session-call';
import type { AllowlistSource } from './allowlist';
import type { Documents } from '../documents/document';

export interface RedirectDeps extends SessionCallTarget {
  allowlist: AllowlistSource;
  cookie: CookiePolicy;
  envOf(req: Request): AppEnv;
  documents: Documents;
  logger: Logger;
  upstreamTimeoutMs: number;
  /**
   * The session a document acts for: the cookie's token, unless the UAA just refused it (app.ts
   * has then cleared the cookie already). Without it, the cookie's token.
   */
  sessionToken?: (req: Request) => string | undefined;
  /** The UAA answered 401 for the session: remembered and reported, as a first screen's is. */
  onRefusedToken?: (req: Request, token: string) => void;
  /** The security events: codes issued, redirects refused, sessions the UAA ended. */
  events?: SecurityEvents;
  /** CLIENT_REDIRECTS_FILE: a listed clientId gets its codes only on its own origins. */
  clientRedirects?: ReadonlyMap<string, readonly string[]>;
  /** The sub-brand's route prefix; its twin of /authentication sends back to its own login. */
  brandPrefix?: string;
}

/** A query parameter that must appear at most once; an array means it was repeated. */
function single(req: Request, name: string): string | undefined | null {
  const value = req.query[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

/** A redirect's host for an event (never its path or query, which may carry anything). */
function hostOf(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname.slice(0, 253) || undefined;
  } catch {
    return undefined;
  }
}

function loginUrl(req: Request, brandPrefix: string | null): string {
  const search = parseurl.original(req)?.search ?? '';
  return `${brandPrefix ? brandRoute(brandPrefix, 'login') : ROUTES.login}${search}`;
}

async function fetchCode(
  deps: RedirectDeps,
  req: Request,
  token: string,
  clientId: string,
): Promise<{ code?: string; unauthorized?: boolean; msgCode?: string }> {
  const { status, body } = await callWithSession(
    deps,
    req,
    token,
    ENDPOINTS.internalAuth,
    { clientId },
    // A refusal's envelope says why (its msgCode is the failure's, in its event).
    { timeoutMs: deps.upstreamTimeoutMs, readErrors: true },
  );
  if (status === 401) return { unauthorized: true };
  if (!isSuccess(body)) {
    const msgCode = (body as { msgCode?: unknown } | undefined)?.msgCode;
    return typeof msgCode === 'string' ? { msgCode: msgCode.slice(0, 16) } : {};
  }
  const data = body.data as { code?: unknown } | string | undefined;
  const code = typeof data === 'string' ? data : data?.code;
  // A code goes into a Location header: a short printable token, nothing else.
  return typeof code === 'string' && ONE_TIME_CODE.test(code) ? { code } : {};
}

const ONE_TIME_CODE = /^[\x21-\x7e]{1,512}$/;

export function createRedirectRoutes(deps: RedirectDeps): Router {
  const router = express.Router();

  router.get('/bff/redirect', (req, res) => {
    const to = single(req, 'to');
    const verdict = checkRedirect(to, deps.allowlist.domains(), deps.envOf(req));
    if (!verdict.ok) {
      deps.events?.emit(req, {
        type: 'redirect_refused',
        outcome: 'success',
        details: { redirectHost: hostOf(to), via: 'bff-redirect' },
      });
      // A browser navigating here gets the page (the message in its language, then login);
      // a script asking for JSON gets the envelope.
      if (req.accepts(['json', 'html']) === 'html')
        return deps.documents.send(req, res.set('Cache-Control', 'no-store'), {
          status: 400,
          pageError: 'redirectFailed',
        });
      return sendError(req, res, 400, 'A0100', 'redirectNotAllowed');
    }
    res.set('Cache-Control', 'no-store').redirect(302, verdict.url.href);
  });

  // A client's pinned origins by its id in lower case, as a lenient lookup (a case-insensitive column) matches it.
  const pins = new Map([...(deps.clientRedirects ?? [])].map(([id, origins]) => [id.toLowerCase(), origins]));

  async function authentication(req: Request, res: Response, branded: string | null): Promise<void> {
    res.set('Cache-Control', 'no-store');
    // A HEAD (a prefetcher, a scanner with the cookie) would spend a code nobody reads.
    if (req.method === 'HEAD') {
      deps.events?.emit(req, {
        type: 'request_refused',
        outcome: 'failure',
        code: 'HTTP405',
        token: readSessionToken(req, deps.cookie),
        details: { reason: 'method', path: parseurl.original(req)?.pathname },
      });
      res.status(405).set('Allow', 'GET').end();
      return;
    }
    const clientId = single(req, 'clientId');
    const redirect = single(req, 'redirect');
    const state = single(req, 'state');
    const refuse = (reason: string): void => {
      deps.events?.emit(req, {
        type: 'redirect_refused',
        outcome: 'success',
        token: readSessionToken(req, deps.cookie),
        details: {
          redirectHost: hostOf(typeof redirect === 'string' ? redirect : undefined),
          clientId: typeof clientId === 'string' ? clientId.slice(0, 128) : undefined,
          reason,
          via: 'authentication',
        },
      });
      deps.documents.send(req, res, { status: 400, pageError: 'redirectFailed' });
    };
    if (clientId === null || redirect === null || state === null || !clientId || !redirect)
      return refuse('parameters');
    // Visible ASCII, as the pins are written: ` c1` or `c1\t` would be another id here and maybe the same upstream.
    if (!CLIENT_ID.test(clientId)) return refuse('parameters');
    const verdict = checkRedirect(redirect, deps.allowlist.domains(), deps.envOf(req));
    if (!verdict.ok) return refuse('not-allowed');
    // Pinned: another allow-listed host may not collect this client's code.
    const pinned = pins.get(clientId.toLowerCase());
    if (pinned && !pinned.includes(verdict.url.origin)) {
      deps.logger.warn(
        { reqId: req.id, clientId },
        "one-time code refused: redirect outside the client's origins",
      );
      return refuse('outside-client-origins');
    }

    const token = deps.sessionToken ? deps.sessionToken(req) : readSessionToken(req, deps.cookie);
    if (!token) return res.redirect(302, loginUrl(req, branded));
    // Over the per-address limits (app.ts counts the document as the call it makes): no call.
    if (res.locals.rateLimit)
      return deps.documents.send(req, res, { status: 429, pageError: 'tooManyRequests' });
    // The session is good but the UAA issues no code (a clientId it does not know, a platform
    // just deleted, the UAA down): a page that says so. The login page would send the signed-in
    // visitor straight back here, for ever (issue 29).
    const issued = (outcome: 'success' | 'failure', code?: string) =>
      deps.events?.emit(req, {
        type: 'one_time_code',
        outcome,
        code,
        token,
        details: { clientId, redirectHost: verdict.url.hostname },
      });
    const failed = (status: number, code: string): void => {
      issued('failure', code);
      deps.documents.send(req, res, { status, pageError: 'platformLoginFailed' });
    };
    try {
      const result = await fetchCode(deps, req, token, clientId);
      if (result.unauthorized) {
        issued('failure', 'A0211');
        deps.onRefusedToken?.(req, token);
        clearSessionCookie(req, res, deps.cookie);
        return res.redirect(302, loginUrl(req, branded));
      }
      if (!result.code) return failed(400, result.msgCode ?? 'B0300');
      issued('success');
      // No body: Express's "Redirecting to <url>" text would be a second copy of the code.
      res
        .status(302)
        .location(withCode(verdict.url, result.code, state))
        .end();
    } catch (err) {
      deps.logger.warn({ reqId: req.id, err: (err as Error).message }, 'one-time code fetch failed');
      failed(502, 'B0300');
    }
  }

  const brandPrefix = deps.brandPrefix ?? DEFAULT_BRAND_PREFIX;
  router.get(ROUTES.authentication, (req, res) => authentication(req, res, null));
  router.get(brandRoute(brandPrefix, 'authentication'), (req, res) => authentication(req, res, brandPrefix));
  return router;
}
