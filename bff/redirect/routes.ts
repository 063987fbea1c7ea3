/**
 * GET /bff/redirect and GET /authentication (DESIGN.md §5): every redirect is checked against the
 * allow-list here, and the one-time code is fetched and attached on the server, so the browser
 * never handles the code exchange.
 */
import express, { type Request, type Response, type Router } from 'express';
import type { Logger } from 'pino';
import { ENDPOINTS } from '@shared/api/endpoints';
import { isSuccess } from '@shared/api/envelope';
import type { AppEnv } from '@shared/environment';
import { checkRedirect, withCode } from '@shared/redirect';
import { ROUTES } from '@shared/routes';
import { sendError } from '../http-errors';
import { clearSessionCookie, readSessionToken, type CookiePolicy } from '../session/cookie';
import type { AllowlistSource } from './allowlist';
import type { Spa } from '../spa/static';

export interface RedirectDeps {
  upstream: string;
  allowlist: AllowlistSource;
  cookie: CookiePolicy;
  envOf(req: Request): AppEnv;
  spa: Spa;
  logger: Logger;
  upstreamTimeoutMs: number;
}

/** A query parameter that must appear at most once; an array means it was repeated. */
function single(req: Request, name: string): string | undefined | null {
  const value = req.query[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

function loginUrl(req: Request, branded: boolean): string {
  const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
  return `${branded ? ROUTES.brandLogin : ROUTES.login}${query}`;
}

async function fetchCode(
  deps: RedirectDeps,
  req: Request,
  token: string,
  clientId: string,
): Promise<{ code?: string; unauthorized?: boolean }> {
  const res = await fetch(`${deps.upstream}${ENDPOINTS.internalAuth.path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      lang: req.get('lang') ?? 'zh-CN',
      'x-request-id': String(req.id),
    },
    body: JSON.stringify({ clientId }),
    signal: AbortSignal.timeout(deps.upstreamTimeoutMs),
  });
  if (res.status === 401) return { unauthorized: true };
  const body: unknown = await res.json().catch(() => undefined);
  if (!isSuccess(body)) return {};
  const data = body.data as { code?: unknown } | string | undefined;
  const code = typeof data === 'string' ? data : data?.code;
  return typeof code === 'string' && code !== '' ? { code } : {};
}

export function createRedirectRoutes(deps: RedirectDeps): Router {
  const router = express.Router();

  router.get('/bff/redirect', (req, res) => {
    const to = single(req, 'to');
    const verdict = checkRedirect(to, deps.allowlist.domains(), deps.envOf(req));
    if (!verdict.ok) return sendError(req, res, 400, 'A0100', 'redirectNotAllowed');
    res.set('Cache-Control', 'no-store').redirect(302, verdict.url.href);
  });

  async function authentication(req: Request, res: Response, branded: boolean): Promise<void> {
    res.set('Cache-Control', 'no-store');
    const clientId = single(req, 'clientId');
    const redirect = single(req, 'redirect');
    const state = single(req, 'state');
    const refuse = (): void => deps.spa.sendIndex(req, res, 400, { pageError: 'redirectFailed' });
    if (clientId === null || redirect === null || state === null || !clientId || !redirect) return refuse();
    const verdict = checkRedirect(redirect, deps.allowlist.domains(), deps.envOf(req));
    if (!verdict.ok) return refuse();

    const token = readSessionToken(req, deps.cookie);
    if (!token) return res.redirect(302, loginUrl(req, branded));
    try {
      const result = await fetchCode(deps, req, token, clientId);
      if (result.unauthorized) clearSessionCookie(req, res, deps.cookie);
      if (!result.code) return res.redirect(302, loginUrl(req, branded));
      res.redirect(302, withCode(verdict.url, result.code, state));
    } catch (err) {
      deps.logger.warn({ reqId: req.id, err: (err as Error).message }, 'one-time code fetch failed');
      res.redirect(302, loginUrl(req, branded));
    }
  }

  router.get(ROUTES.authentication, (req, res) => authentication(req, res, false));
  router.get(ROUTES.brandAuthentication, (req, res) => authentication(req, res, true));
  return router;
}
