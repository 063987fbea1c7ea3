/**
 * The outline of a client-rendered page until React renders it (shared/skeleton.ts, which the app
 * shows too while its code comes), styled by global.css: the CSP admits no inline style.
 */
import { skeletonPageOf, skeletonTree, type SkeletonNode } from '@shared/skeleton';

const MARK =
  '<span class="brand boot-skeleton-mark" aria-hidden="true"><span class="brand-mark">◆</span></span>';

function markup(node: SkeletonNode, attributes = ''): string {
  const inner =
    (node.mark ? MARK : '') +
    '<span class="boot-skeleton-line"></span>'.repeat(node.lines ?? 0) +
    (node.children ?? []).map((child) => markup(child)).join('');
  return `<div class="${node.className}"${attributes}>${inner}</div>`;
}

/** The skeleton of the page at `path`. */
export function skeletonOf(path: string): string {
  const page = skeletonPageOf(path);
  return markup(skeletonTree(page), ` aria-busy="true" data-page="${page}"`);
}
