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
import { brandRoute, DEFAULT_BRAND_PREFIX, ROUTES } from '@shared/routes';
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
  /** The sub-brand's route prefix; its twin of /authentication sends back to its own login. */
  brandPrefix?: string;
}

/** A query parameter that must appear at most once; an array means it was repeated. */
function single(req: Request, name: string): string | undefined | null {
  const value = req.query[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
}

function loginUrl(req: Request, brandPrefix: string | null): string {
  const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
  return `${brandPrefix ? brandRoute(brandPrefix, 'login') : ROUTES.login}${query}`;
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
  const text = await readAtMost(res, MAX_CODE_REPLY_BYTES);
  let body: unknown;
  try {
    body = text === undefined ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!isSuccess(body)) return {};
  const data = body.data as { code?: unknown } | string | undefined;
  const code = typeof data === 'string' ? data : data?.code;
  // A code goes into a Location header: a short printable token, nothing else.
  return typeof code === 'string' && ONE_TIME_CODE.test(code) ? { code } : {};
}

const MAX_CODE_REPLY_BYTES = 64 * 1024;
const ONE_TIME_CODE = /^[\x21-\x7e]{1,512}$/;

/** The reply's text, or undefined once it outgrows `limit` bytes (the rest is not read). */
async function readAtMost(res: globalThis.Response, limit: number): Promise<string | undefined> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createRedirectRoutes(deps: RedirectDeps): Router {
  const router = express.Router();

  router.get('/bff/redirect', (req, res) => {
    const to = single(req, 'to');
    const verdict = checkRedirect(to, deps.allowlist.domains(), deps.envOf(req));
    if (!verdict.ok) return sendError(req, res, 400, 'A0100', 'redirectNotAllowed');
    res.set('Cache-Control', 'no-store').redirect(302, verdict.url.href);
  });

  async function authentication(req: Request, res: Response, branded: string | null): Promise<void> {
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
      // No body: Express's "Redirecting to <url>" text would be a second copy of the code.
      res
        .status(302)
        .location(withCode(verdict.url, result.code, state))
        .end();
    } catch (err) {
      deps.logger.warn({ reqId: req.id, err: (err as Error).message }, 'one-time code fetch failed');
      res.redirect(302, loginUrl(req, branded));
    }
  }

  const brandPrefix = deps.brandPrefix ?? DEFAULT_BRAND_PREFIX;
  router.get(ROUTES.authentication, (req, res) => authentication(req, res, null));
  router.get(brandRoute(brandPrefix, 'authentication'), (req, res) => authentication(req, res, brandPrefix));
  return router;
}
