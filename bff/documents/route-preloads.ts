/**
 * Preload links for a page's chunks (issue 17), from the build's route-preloads.json: the page's
 * code comes with the entry's, not a round trip after it. Rspack's chunks are classic scripts:
 * `preload`, not `modulepreload`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BRANDABLE_PAGES, brandRoute } from '@shared/routes';

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

const ASSET = /^\/static\/[\w./-]+\.(js|css)$/;

/** Each page's files, the build's own and nothing else; an empty table when the build wrote none. */
export function loadRoutePreloads(staticDir: string): Map<string, string[]> {
  const file = path.join(staticDir, ROUTE_PRELOADS_FILE);
  const table = new Map<string, string[]>();
  if (!existsSync(file)) return table;
  const routes = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  for (const [route, files] of Object.entries(routes))
    table.set(
      route,
      files.filter((f) => ASSET.test(f)),
    );
  return table;
}

/**
 * Low priority, as the entry's deferred scripts: a high one would hold the entry back. A rendered
 * page needs its chunks' styles before its first paint: stylesheets then, not preloads.
 */
export function linksOf(files: readonly string[], renderedPage: boolean): string {
  return files
    .map((f) =>
      f.endsWith('.js')
        ? `<link rel="preload" href="${f}" as="script" fetchpriority="low">`
        : renderedPage
          ? `<link rel="stylesheet" href="${f}">`
          : `<link rel="preload" href="${f}" as="style" fetchpriority="low">`,
    )
    .join('');
}

/**
 * The route of the table a page answers to: its tab's when the table has it (`/usercenter?tab=keys`),
 * else its own; a repeated `tab` is none. The sub-brand's twins (`/xlab-login`) are the pages they
 * copy. Undefined when the table has neither.
 */
export function routeOf(
  table: ReadonlyMap<string, unknown>,
  pagePath: string,
  tab: unknown,
  brandPrefix?: string,
): string | undefined {
  const trimmed = pagePath.replace(/(.)\/+$/, '$1');
  const copied = brandPrefix
    ? BRANDABLE_PAGES.find((name) => trimmed === brandRoute(brandPrefix, name))
    : undefined;
  const page = copied ? `/${copied}` : trimmed;
  const tabbed = typeof tab === 'string' ? `${page}?tab=${tab}` : undefined;
  if (tabbed && table.has(tabbed)) return tabbed;
  return table.has(page) ? page : undefined;
}
