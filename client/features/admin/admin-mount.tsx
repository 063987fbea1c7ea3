/**
 * The back office in the app's route table, mounted by app/router.tsx behind its session guard:
 * its shell on /admin and every path under it. The shell routes among the pages of the back
 * office's route tree (admin-routes.tsx), which comes with the shell's code; any other path under
 * /admin gets the shell's "no permission" (never the catch-all redirect to /login).
 */
import type { RouteObject } from 'react-router-dom';
import { ROUTES } from '@shared/routes';
import { PageSkeleton } from '@client/components/page-skeleton';
import { LazyPart } from '@client/components/load-error';
import { lazyComponent } from '@client/lib/lazy';

// Lazy, like the pages: the shell's Layout, Menu, Avatar and Dropdown stay out of /login's download.
const AdminShell = lazyComponent(() =>
  import(/* webpackChunkName: "admin-shell" */ './components/admin-shell').then((m) => ({
    default: m.AdminShell,
    preloadParts: m.preloadParts,
  })),
);

export const adminRoute: RouteObject = {
  path: `${ROUTES.admin}/*`,
  element: (
    <LazyPart fallback={<PageSkeleton page="admin" />}>
      <AdminShell />
    </LazyPart>
  ),
  handle: { preload: AdminShell.preload },
};
