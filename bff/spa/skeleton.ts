/**
 * The outline a client-rendered page shows until React renders it (issues 17 and 29): its header
 * and grey blocks where the content will be, instead of a blank page, shaped like the page
 * (shared/skeleton.ts; the app shows the same one while its code comes). Static markup styled by
 * the app's global.css (the CSP admits no inline style); React replaces it on its first render.
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
