import { useLocation } from 'react-router-dom';
import { skeletonPageOf, skeletonTree, type SkeletonNode, type SkeletonPage } from '@shared/skeleton';

function Outline({ node, top }: { node: SkeletonNode; top?: SkeletonPage }) {
  const lines = Array.from({ length: node.lines ?? 0 }, (_, i) => (
    <span key={i} className="boot-skeleton-line" />
  ));
  return (
    <div className={node.className} {...(top ? { 'aria-busy': true, 'data-page': top } : {})}>
      {node.mark ? (
        <span className="brand boot-skeleton-mark" aria-hidden="true">
          <span className="brand-mark">◆</span>
        </span>
      ) : null}
      {lines}
      {node.children?.map((child, i) => (
        <Outline key={i} node={child} />
      ))}
    </div>
  );
}

/**
 * The page's outline while its code or its session check is on the way: the very skeleton the BFF
 * put in the document (shared/skeleton.ts), so the first screen goes from it to the page with no
 * blank frame between (issue 29). `page` defaults to the current address's.
 */
export function PageSkeleton({ page }: { page?: SkeletonPage }) {
  const { pathname } = useLocation();
  const which = page ?? skeletonPageOf(pathname);
  return <Outline node={skeletonTree(which)} top={which} />;
}

/** A part of a page that is on the way: its outline inside the page already shown. */
export function PartSkeleton({ node }: { node: SkeletonNode }) {
  return (
    <div className="page-skeleton" aria-busy="true">
      <Outline node={node} />
    </div>
  );
}
