/**
 * What the BFF reads of a document's request: the method, the address as the browser asked for
 * it, the user agent and the two cookies the app keeps (locale, time zone). The documents are
 * chosen by it (./prerendered.ts), and a signed-in page's render takes its locale, device and time
 * zone from it (./server-render.ts), where the app in the browser reads its RenderContext from the
 * window.
 */
import type { Request } from 'express';
import parseurl from 'parseurl';
import { LOCALE_COOKIE, TIME_ZONE_COOKIE } from '@shared/documents';

/** What the BFF reads of a document's request. */
export interface DocumentRequest {
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

export function documentRequestOf(req: Request): DocumentRequest {
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
