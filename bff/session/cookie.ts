/**
 * The session cookie (DESIGN.md §5), its whole policy in one place: its name and attributes, when
 * it is Secure, how long it lives, how it is read (one well-formed value, or no session: ADR
 * 0007), set from a login and cleared. The token lives only here, httpOnly, so browser
 * JavaScript never sees it. The iframe variant is needed because a Lax cookie is not sent inside
 * a cross-site frame; the CSRF header still guards it.
 */
import type { CookieOptions, Request, Response } from 'express';
import { HEADERS, IFRAME_MARKER_VALUE } from '@shared/api/envelope';
import type { AppEnv } from '@shared/environment';

export const FOURTEEN_DAYS_MS = 14 * 24 * 60 * 60 * 1000;

export interface CookiePolicy {
  name: string;
  /**
   * An earlier name of the session cookie (COOKIE_LEGACY_NAME), read only while the request has
   * no cookie of `name`, never set, cleared with it: sessions from before a rename last until
   * they end, and one a sibling subdomain plants under that name never outranks the real one.
   */
  legacyName?: string;
  /** Secure attribute for this request (false only in development). */
  secure(req: Request): boolean;
}

/**
 * The policy of COOKIE_NAME and COOKIE_SECURE: Secure unless development, or as COOKIE_SECURE
 * says; always for a __Host- or __Secure- name, which browsers refuse without it, in development
 * too (browsers treat localhost as a secure context).
 */
export function sessionCookiePolicy(
  config: { cookieName: string; cookieLegacyName?: string; cookieSecure?: boolean },
  envOf: (req: Request) => AppEnv,
): CookiePolicy {
  const prefixed = /^__(Host|Secure)-/.test(config.cookieName);
  return {
    name: config.cookieName,
    legacyName: config.cookieLegacyName,
    secure: (req) => prefixed || (config.cookieSecure ?? envOf(req) !== 'development'),
  };
}

function baseOptions(req: Request, policy: CookiePolicy, embedded: boolean): CookieOptions {
  if (embedded) return { httpOnly: true, path: '/', sameSite: 'none', secure: true, partitioned: true };
  return { httpOnly: true, path: '/', sameSite: 'lax', secure: policy.secure(req) };
}

/** A token goes into `Authorization: Bearer …`: visible ASCII only, of a sane length. */
const TOKEN_SHAPE = /^[\x21-\x7e]{1,4096}$/;

/** What a browser keeps of one cookie, its name and value together (RFC 6265 §6.1: at least 4096 bytes). */
const COOKIE_MAX_BYTES = 4096;

/** A token the session cookie can carry and give back: its shape, and with its name within a browser's limit. */
export function fitsSessionCookie(token: string, policy: CookiePolicy): boolean {
  return (
    TOKEN_SHAPE.test(token) && policy.name.length + 1 + encodeURIComponent(token).length <= COOKIE_MAX_BYTES
  );
}

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

/** The values of the session cookie: COOKIE_NAME's, else (none of those) the legacy name's. */
function sessionCookieValues(req: Request, policy: CookiePolicy): string[] {
  const values = cookieValues(req, policy.name);
  return values.length > 0 || policy.legacyName === undefined ? values : cookieValues(req, policy.legacyName);
}

/** The names the session cookie has had: its own, and the legacy one while it is read. */
function sessionCookieNames(policy: CookiePolicy): string[] {
  return policy.legacyName === undefined ? [policy.name] : [policy.name, policy.legacyName];
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
  const values = sessionCookieValues(req, policy);
  if (values.length === 0) return 'none';
  if (values.length > 1) return 'duplicate';
  return TOKEN_SHAPE.test(values[0] ?? '') ? 'one' : 'malformed';
}

/** The session token, only when the request carries exactly one well-formed session cookie. */
export function readSessionToken(req: Request, policy: CookiePolicy): string | undefined {
  const values = sessionCookieValues(req, policy);
  return values.length === 1 && TOKEN_SHAPE.test(values[0] ?? '') ? values[0] : undefined;
}

/**
 * The cookie of a session a login reply issued: kept 14 days when the login's body asked for
 * `autoLogin` and that is the visitor's choice (`remember`), else for the browser's session; the
 * widget's variant when the login came from the embedded frame (its marker header).
 */
export function setSessionCookie(
  req: Request,
  res: Response,
  policy: CookiePolicy,
  token: string,
  { remember = true }: { remember?: boolean } = {},
): void {
  const body = req.body as { autoLogin?: unknown } | undefined;
  const autoLogin = remember && (body?.autoLogin === true || body?.autoLogin === 'true');
  const embedded = req.headers[HEADERS.iframe] === IFRAME_MARKER_VALUE;
  const options = baseOptions(req, policy, embedded);
  if (autoLogin) options.maxAge = FOURTEEN_DAYS_MS;
  // A login always replaces the old cookie, whichever variant it was, and one of the legacy name.
  res.clearCookie(policy.name, baseOptions(req, policy, !embedded));
  if (policy.legacyName !== undefined) clearCookieVariants(req, res, policy, policy.legacyName);
  res.cookie(policy.name, token, options);
}

function clearCookieVariants(req: Request, res: Response, policy: CookiePolicy, name: string): void {
  res.clearCookie(name, baseOptions(req, policy, false));
  res.clearCookie(name, baseOptions(req, policy, true));
}

/** Ends the session: the cookie of either name, in either variant. */
export function clearSessionCookie(req: Request, res: Response, policy: CookiePolicy): void {
  for (const name of sessionCookieNames(policy)) clearCookieVariants(req, res, policy, name);
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
  for (const name of sessionCookieNames(policy))
    for (const domain of [undefined, ...hosts]) {
      for (const path of domain === undefined ? paths : ['/', ...paths]) {
        res.clearCookie(name, { path, secure, ...(domain ? { domain } : {}) });
      }
    }
}
