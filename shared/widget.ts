/**
 * The intern platform's embedded login widget (spec §2), decided once for the BFF and the SPA:
 * whether a query asks for it, and which documents are the widget's. Only those may be framed by
 * the allow-listed sub-platforms (DESIGN.md §5); inside another site's frame the SPA shows nothing
 * else. The BFF answers a request before the SPA sees its address, so both read the same query
 * the same way: URLSearchParams over the raw query, never a server's own parse of it.
 */
import { platformFromRedirect } from './platforms';
import { BFF_PATHS, brandRoute, ROUTES } from './routes';

/**
 * Whether a query asks for the widget: its `redirect`, else its `redirect_url`, names the intern
 * platform. As URLSearchParams reads them: names are case-sensitive, the first of repeated ones
 * counts, and an empty `redirect` is no fallback to `redirect_url`. A host that merely has
 * `intern` as a label (`intern.attacker.example`) asks for it too: that only chooses the look;
 * who may frame it is still the allow-list's, and where it leads the redirect check's.
 */
export function widgetRequested(params: URLSearchParams): boolean {
  return platformFromRedirect(params.get('redirect') ?? params.get('redirect_url')) === 'intern';
}

/**
 * The pages that are the widget's when the query asks for it: its entrances (the login page's
 * variants, the register and forgot pages its links lead to, set-phone) and its last step,
 * /authentication, whose refusal is a page the frame shows. Lower case, as `pagePath` gives.
 */
function widgetPagesFor(brandPrefix: string): ReadonlySet<string> {
  return new Set(
    [
      ROUTES.login,
      ROUTES.register,
      ROUTES.forget,
      ROUTES.setphone,
      ROUTES.authentication,
      brandRoute(brandPrefix, 'login'),
      brandRoute(brandPrefix, 'register'),
      brandRoute(brandPrefix, 'forget'),
      brandRoute(brandPrefix, 'authentication'),
    ].map((page) => page.toLowerCase()),
  );
}
const widgetPages = new Map<string, ReadonlySet<string>>();

/** A path as the router matches it: in any case, trailing slashes ignored. */
export function pagePath(path: string): string {
  return path.replace(/(.)\/+$/, '$1').toLowerCase();
}

/**
 * Whether the document at `pathname` with query `search` (with or without its `?`) is the
 * widget's. /bff/redirect is, when the address it checks names the intern platform: the widget's
 * login ends there when it was given a `redirect_url`, and its refusal is a page too.
 */
export function isWidgetDocument(pathname: string, search: string, brandPrefix: string): boolean {
  const params = new URLSearchParams(search);
  const path = pagePath(pathname);
  if (path === BFF_PATHS.redirect) return platformFromRedirect(params.get('to')) === 'intern';
  let pages = widgetPages.get(brandPrefix);
  if (!pages) widgetPages.set(brandPrefix, (pages = widgetPagesFor(brandPrefix)));
  return pages.has(path) && widgetRequested(params);
}
