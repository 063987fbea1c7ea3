/**
 * What the server knows of the browser from its request: the facts every document is chosen and
 * rendered by (the client's BrowserFacts, read from the request instead of the window).
 */
import type { Request } from 'express';
import parseurl from 'parseurl';
import { LOCALE_COOKIE, TIME_ZONE_COOKIE } from '@shared/prerender';

/** What the server knows of the browser from its request, as the app's BrowserFacts. */
export interface PageFacts {
  method: string;
  path: string;
  /** The query string as the browser sent it (`location.search`): '' or '?…'. */
  search: string;
  userAgent: string | undefined;
  localeCookie: string | undefined;
  timeZoneCookie: string | undefined;
}

/** A cookie's value when it is one string (cookie-parser makes `j:` cookies objects). */
const cookieOf = (req: Request, name: string) => {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

export function pageFactsOf(req: Request): PageFacts {
  return {
    method: req.method,
    // As the browser asked, a router's mount included: `/prerender/login` is no /login.
    path: parseurl.original(req)?.pathname ?? req.path,
    search: parseurl.original(req)?.search ?? '',
    userAgent: req.get('user-agent'),
    localeCookie: cookieOf(req, LOCALE_COOKIE),
    timeZoneCookie: cookieOf(req, TIME_ZONE_COOKIE),
  };
}
