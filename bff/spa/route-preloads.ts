/**
 * Preload links for a page's lazy chunks (issue 17), from route-preloads.json, which
 * scripts/build-client.mjs writes: the browser then fetches the page's code with the entry's
 * instead of a round trip after it. The chunks are classic scripts (Rspack's chunk loading), so
 * they are announced with `preload`, not `modulepreload`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BRANDABLE_PAGES, brandRoute } from '@shared/routes';

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

const ASSET = /^\/static\/[\w./-]+\.(js|css)$/;

/** The links for each page; an empty table when the build wrote none. */
export function loadRoutePreloads(staticDir: string): Map<string, string> {
  const file = path.join(staticDir, ROUTE_PRELOADS_FILE);
  const table = new Map<string, string>();
  if (!existsSync(file)) return table;
  const routes = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  for (const [route, files] of Object.entries(routes)) {
    // Names of the build's own files, nothing else reaches the document.
    const links = files
      .filter((f) => ASSET.test(f))
      // Low, as the entry's deferred scripts are: a high-priority chunk would hold the entry back.
      .map(
        (f) =>
          `<link rel="preload" href="${f}" as="${f.endsWith('.js') ? 'script' : 'style'}" fetchpriority="low">`,
      );
    table.set(route, links.join(''));
  }
  return table;
}

/**
 * The links for a request: its page's, or those of the page's tab when the table has them
 * (`/usercenter?tab=keys`). A repeated or odd `tab` is not a tab: the page's links. The
 * sub-brand's twins (`/xlab-login`) load the same chunks as the pages they copy.
 */
export function preloadsFor(
  table: Map<string, string>,
  pagePath: string,
  tab: unknown,
  brandPrefix?: string,
): string {
  const trimmed = pagePath.replace(/(.)\/+$/, '$1');
  const copied = brandPrefix
    ? BRANDABLE_PAGES.find((name) => trimmed === brandRoute(brandPrefix, name))
    : undefined;
  const page = copied ? `/${copied}` : trimmed;
  return (typeof tab === 'string' && table.get(`${page}?tab=${tab}`)) || (table.get(page) ?? '');
}
