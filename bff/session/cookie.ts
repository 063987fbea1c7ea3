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

/** A token goes into `Authorization: Bearer …`: visible ASCII only, of a sane length. */
const TOKEN_SHAPE = /^[\x21-\x7e]{1,4096}$/;

/** Every value the request's Cookie header gives the cookie `name`, percent-decoded, in order. */
export function cookieValues(req: Request, name: string): string[] {
  const header = req.headers.cookie;
  if (!header || !header.includes(name)) return [];
  const values: string[] = [];
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // A malformed escape is no value a browser was given by us: it fails the shape check.
      value = '\u0000';
    }
    values.push(value);
  }
  return values;
}

/**
 * What the request's session cookie is: one well-formed value; two or more (one may have been
 * tossed from a sibling subdomain with a narrower Path, which browsers send first); a value a
 * header cannot carry; or none.
 */
export function sessionCookieState(
  req: Request,
  policy: CookiePolicy,
): 'one' | 'duplicate' | 'malformed' | 'none' {
  const values = cookieValues(req, policy.name);
  if (values.length === 0) return 'none';
  if (values.length > 1) return 'duplicate';
  return TOKEN_SHAPE.test(values[0] ?? '') ? 'one' : 'malformed';
}

/** The session token, only when the request carries exactly one well-formed session cookie. */
export function readSessionToken(req: Request, policy: CookiePolicy): string | undefined {
  const values = cookieValues(req, policy.name);
  return values.length === 1 && TOKEN_SHAPE.test(values[0] ?? '') ? values[0] : undefined;
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

/** A host name a Domain attribute can carry (a Host header may hold anything). */
const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * Clears every session cookie this response can reach: ours, and the copies a sibling subdomain
 * may have planted for a parent domain or a narrower path (each prefix of the request's path,
 * each parent domain of its host). The user then simply logs in again.
 */
export function clearPlantedSessionCookies(req: Request, res: Response, policy: CookiePolicy): void {
  clearSessionCookie(req, res, policy);
  // Each prefix of the request's path, up to the first segment a Path attribute cannot carry.
  const all = req.path.split('/').filter(Boolean);
  const cut = all.findIndex((segment) => !/^[A-Za-z0-9._~-]+$/.test(segment));
  const segments = cut === -1 ? all : all.slice(0, cut);
  const paths = segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`);
  const labels = req.hostname.split('.');
  const isAddress = /^[\d.]+$/.test(req.hostname) || req.hostname.includes(':');
  // Parent domains down to two labels (a browser refuses a public suffix anyway).
  const domains = isAddress ? [] : labels.slice(1, -1).map((_, i) => labels.slice(i + 1).join('.'));
  const secure = policy.secure(req);
  const hosts = [...(isAddress ? [] : [req.hostname]), ...domains].filter((d) => DOMAIN.test(d));
  for (const domain of [undefined, ...hosts]) {
    for (const path of domain === undefined ? paths : ['/', ...paths]) {
      res.clearCookie(policy.name, { path, secure, ...(domain ? { domain } : {}) });
    }
  }
}
