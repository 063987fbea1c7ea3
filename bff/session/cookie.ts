/**
 * The session cookie (DESIGN.md §5): the token lives only here, httpOnly, so browser JavaScript
 * never sees it. The iframe variant is needed because a Lax cookie is not sent inside a
 * cross-site frame; the CSRF header still guards it.
 */
import type { CookieOptions, Request, Response } from 'express';

export const FOURTEEN_DAYS_MS = 14 * 24 * 60 * 60 * 1000;

export interface CookiePolicy {
  name: string;
  /** Secure attribute for this request (false only in development). */
  secure(req: Request): boolean;
}

function baseOptions(req: Request, policy: CookiePolicy, embedded: boolean): CookieOptions {
  if (embedded) return { httpOnly: true, path: '/', sameSite: 'none', secure: true, partitioned: true };
  return { httpOnly: true, path: '/', sameSite: 'lax', secure: policy.secure(req) };
}

export function readSessionToken(req: Request, policy: CookiePolicy): string | undefined {
  const value: unknown = req.cookies?.[policy.name];
  return typeof value === 'string' && value.length > 0 && value.length <= 4096 ? value : undefined;
}

export function setSessionCookie(
  req: Request,
  res: Response,
  policy: CookiePolicy,
  token: string,
  opts: { autoLogin: boolean; embedded: boolean },
): void {
  const options = baseOptions(req, policy, opts.embedded);
  if (opts.autoLogin) options.maxAge = FOURTEEN_DAYS_MS;
  // A login always replaces the old cookie, whichever variant it was.
  res.clearCookie(policy.name, baseOptions(req, policy, !opts.embedded));
  res.cookie(policy.name, token, options);
}

export function clearSessionCookie(req: Request, res: Response, policy: CookiePolicy): void {
  res.clearCookie(policy.name, baseOptions(req, policy, false));
  res.clearCookie(policy.name, baseOptions(req, policy, true));
}
