import { useLocation } from 'react-router-dom';
import {
  skeletonAttributes,
  skeletonInner,
  skeletonPageOf,
  skeletonTree,
  type SkeletonNode,
  type SkeletonPage,
} from '@shared/skeleton';

// The outline's markup is written once (shared/skeleton.ts), for the BFF's document and for these:
// class names and grey lines only, no text of anyone's, so nothing in it needs escaping.

/**
 * The page's outline while its code or its session check is on the way: the very skeleton the BFF
 * put in the document, so the first screen goes from it to the page with no blank frame between
 * (issue 29). `page` defaults to the current address's.
 */
export function PageSkeleton({ page }: { page?: SkeletonPage }) {
  const { pathname } = useLocation();
  const which = page ?? skeletonPageOf(pathname);
  const tree = skeletonTree(which);
  return (
    <div
      className={tree.className}
      {...skeletonAttributes(which)}
      dangerouslySetInnerHTML={{ __html: skeletonInner(tree) }}
    />
  );
}

/** A part of a page that is on the way: its outline inside the page already shown. */
export function PartSkeleton({ node }: { node: SkeletonNode }) {
  return (
    <div className="page-skeleton" aria-busy="true">
      <div className={node.className} dangerouslySetInnerHTML={{ __html: skeletonInner(node) }} />
    </div>
  );
}
