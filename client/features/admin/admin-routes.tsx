/**
 * The back office's routes (spec §2, §6), mounted by app/router.tsx behind its session guard.
 * Every page renders inside the shell, which shows it only when its module is in the user's
 * resource list; any other path under /admin gets the shell's "no permission" (never the
 * catch-all redirect to /login).
 */
import { useOutletContext, type RouteObject } from 'react-router-dom';
import { ROUTES } from '@shared/routes';
import { PageSkeleton } from '@client/components/page-skeleton';
import { LazyPart } from '@client/components/load-error';
import { lazyComponent } from '@client/lib/lazy';
import type { AdminPageName, AdminPages } from './admin-pages';

// Lazy, like the pages: the shell's Layout, Menu, Avatar and Dropdown stay out of /login's download.
const AdminShell = lazyComponent(() =>
  import('./components/admin-shell').then((m) => ({ default: m.AdminShell, preloadParts: m.preloadParts })),
);

/** A back-office page, from the table the shell passes to its outlet (admin-pages.tsx). */
function AdminPage({ name }: { name: AdminPageName }) {
  const Page = useOutletContext<AdminPages>()[name];
  return <Page />;
}

/** A back-office route and its page, whose code the shell loads (its `preloadParts`). */
const child = (path: string, name: AdminPageName): RouteObject => ({
  path,
  element: <AdminPage name={name} />,
  handle: { page: name },
});

export const adminRoute: RouteObject = {
  path: ROUTES.admin,
  element: (
    <LazyPart fallback={<PageSkeleton page="admin" />}>
      <AdminShell />
    </LazyPart>
  ),
  handle: { preload: AdminShell.preload },
  children: [
    { index: true, element: null },
    child(ROUTES.adminPlatform, 'platformList'),
    child(ROUTES.adminPlatformOperate, 'platformForm'),
    child(ROUTES.adminUser, 'userList'),
    child(ROUTES.adminUserOperate, 'userForm'),
    child(ROUTES.adminRole, 'roleList'),
    { path: '*', element: null },
  ],
};
