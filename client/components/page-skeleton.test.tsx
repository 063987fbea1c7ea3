/**
 * The outline is one markup (shared/skeleton.ts): the document the BFF sends shows it, and the
 * app shows the very same while a signed-in page's code or session check is on its way; which
 * outline follows the route table's signed-in pages (SIGNED_IN_PAGES), every other page a visitor's.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BFF_PATHS, DEMO_PAGES, ROUTES, SIGNED_IN_PAGES } from '@shared/routes';
import { skeletonMarkup, skeletonPageOf } from '@shared/skeleton';
import { PageSkeleton } from './page-skeleton';

const shown = (path: string) =>
  renderToStaticMarkup(
    <StaticRouter location={path}>
      <PageSkeleton />
    </StaticRouter>,
  );

describe("a page's outline", () => {
  it.each([
    ...Object.keys(SIGNED_IN_PAGES),
    ROUTES.adminUser,
    `${ROUTES.admin}/platform/edit`,
    ROUTES.login,
    ROUTES.forget,
  ])('is the same markup in the document and in the app (%s)', (path) => {
    expect(shown(path)).toBe(skeletonMarkup(path));
    expect(skeletonMarkup(path)).toContain(`data-page="${skeletonPageOf(path)}"`);
  });

  it("is a signed-in page's own for it and the paths below it, a visitor's elsewhere", () => {
    for (const [route, outline] of Object.entries(SIGNED_IN_PAGES)) {
      expect(skeletonPageOf(route)).toBe(outline);
      expect(skeletonPageOf(`${route}/anything`)).toBe(outline);
      // A longer name that only begins like it is another page.
      expect(skeletonPageOf(`${route}x`)).toBe('visitor');
    }
    for (const path of [ROUTES.login, ROUTES.register, ROUTES.wechat, BFF_PATHS.redirect, DEMO_PAGES.home])
      expect(skeletonPageOf(path)).toBe('visitor');
    expect(skeletonPageOf(ROUTES.adminRole)).toBe('admin');
    expect(skeletonPageOf(ROUTES.setphone)).toBe('usercenter');
  });
});
