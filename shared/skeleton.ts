/**
 * The outline of a page until it renders (issues 17 and 29): the BFF puts it in a client-rendered
 * document and the app shows the same markup while a page's code or session check is on its way
 * (client/components/page-skeleton.tsx), so the first screen is one outline shaped like the page,
 * then the page: no blank frame between, and the back office never the user centre's outline.
 * Described once as a tree of class names, written out once as markup here, styled by the app's
 * global.css (the CSP admits no inline style).
 */
import { SIGNED_IN_PAGES } from './routes';

/** Which page's outline: the back office, a signed-in account page, or a visitor's card. */
export type SkeletonPage = 'admin' | 'usercenter' | 'visitor';

/** An element: its class and what it holds (other elements, or that many grey lines). */
export interface SkeletonNode {
  className: string;
  children?: readonly SkeletonNode[];
  lines?: number;
  /** The brand glyph, so that the outline is the page's first contentful paint. */
  mark?: boolean;
}

const node = (className: string, children?: readonly SkeletonNode[]): SkeletonNode => ({
  className,
  ...(children ? { children } : {}),
});
const lines = (className: string, count: number): SkeletonNode => ({ className, lines: count });

/** The back office's content area: title, filter panel, toolbar, table rows. */
export const ADMIN_CONTENT: SkeletonNode = node('boot-skeleton-main is-admin', [
  lines('boot-skeleton-title', 1),
  lines('boot-skeleton-panel is-filters', 4),
  lines('boot-skeleton-panel is-table', 7),
]);

/** An account page's content: a panel of rows. */
export const ACCOUNT_CONTENT: SkeletonNode = lines('boot-skeleton-main', 6);

const SKELETONS: Record<SkeletonPage, SkeletonNode> = {
  admin: node('boot-skeleton-body is-admin', [lines('boot-skeleton-side is-admin', 3), ADMIN_CONTENT]),
  usercenter: node('boot-skeleton-body', [lines('boot-skeleton-side', 3), ACCOUNT_CONTENT]),
  visitor: lines('boot-skeleton-card', 5),
};

/** The whole page's outline: a header, then the page's body. */
export function skeletonTree(page: SkeletonPage): SkeletonNode {
  const header: SkeletonNode = {
    className: page === 'visitor' ? 'boot-skeleton-header is-plain' : `boot-skeleton-header is-${page}`,
    mark: true,
  };
  return { className: 'boot-skeleton', children: [header, SKELETONS[page]] };
}

const under = (path: string, route: string) => path === route || path.startsWith(`${route}/`);

/** The outline of the page at `path`: its own if it is a signed-in page, else a visitor's. */
export function skeletonPageOf(path: string): SkeletonPage {
  const route = Object.keys(SIGNED_IN_PAGES).find((page) => under(path, page));
  return route ? SIGNED_IN_PAGES[route as keyof typeof SIGNED_IN_PAGES] : 'visitor';
}

const MARK =
  '<span class="brand boot-skeleton-mark" aria-hidden="true"><span class="brand-mark">◆</span></span>';

/** What an element of the outline holds, as markup: class names and grey lines, nothing else. */
export function skeletonInner(node: SkeletonNode): string {
  return (
    (node.mark ? MARK : '') +
    '<span class="boot-skeleton-line"></span>'.repeat(node.lines ?? 0) +
    (node.children ?? []).map((child) => element(child)).join('')
  );
}

/** An element of the outline and what it holds, with `attributes` (` name="value"`…) on it. */
const element = (node: SkeletonNode, attributes = '') =>
  `<div class="${node.className}"${attributes}>${skeletonInner(node)}</div>`;

/** The attributes that mark a whole page's outline: busy, and whose page it is. */
export const skeletonAttributes = (page: SkeletonPage) =>
  ({ 'aria-busy': 'true', 'data-page': page }) as const;

/** The whole outline of the page at `path`, as the BFF puts it in a document. */
export function skeletonMarkup(path: string): string {
  const page = skeletonPageOf(path);
  const attributes = Object.entries(skeletonAttributes(page))
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  return element(skeletonTree(page), attributes);
}
