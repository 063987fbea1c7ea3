/**
 * The outline a client-rendered page shows until React renders it (issue 17): its header and
 * grey blocks where the content will be, instead of a blank page. Static markup styled by the
 * app's global.css (the CSP admits no inline style); React replaces it on its first render.
 */
import { ROUTES } from '@shared/routes';

/** The built index.html's empty root, which the skeleton or a rendered page fills. */
export const ROOT_ELEMENT = '<div id="root"></div>';

// A glyph, so that the skeleton is the page's first contentful paint (grey blocks alone are not).
const MARK =
  '<span class="brand boot-skeleton-mark" aria-hidden="true"><span class="brand-mark">◆</span></span>';
const lines = (n: number) => '<span class="boot-skeleton-line"></span>'.repeat(n);

/** A signed-in page: the header bar, a side menu and the content's lines. */
const SIGNED_IN =
  '<div class="boot-skeleton" aria-busy="true"><div class="boot-skeleton-header">' +
  MARK +
  '</div>' +
  `<div class="boot-skeleton-body"><div class="boot-skeleton-side">${lines(3)}</div>` +
  `<div class="boot-skeleton-main">${lines(6)}</div></div></div>`;

/** A visitor's page: the card its form will fill. */
const VISITOR =
  `<div class="boot-skeleton" aria-busy="true"><div class="boot-skeleton-header is-plain">${MARK}</div>` +
  '<div class="boot-skeleton-card">' +
  `${lines(5)}</div></div>`;

function skeletonFor(path: string): string {
  const signedIn = [ROUTES.usercenter, ROUTES.username, ROUTES.setphone, ROUTES.admin].some(
    (route) => path === route || path.startsWith(`${route}/`),
  );
  return signedIn ? SIGNED_IN : VISITOR;
}

/** The document with the page's skeleton inside its empty root element. */
export function withSkeleton(html: string, path: string): string {
  return html.replace(ROOT_ELEMENT, `<div id="root">${skeletonFor(path)}</div>`);
}
