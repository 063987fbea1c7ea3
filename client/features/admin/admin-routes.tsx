/**
 * The back office's routes (spec §2, §6), mounted by app/router.tsx behind its session guard.
 * Every page renders inside the shell, which shows it only when its module is in the user's
 * resource list; any other path under /admin gets the shell's "no permission" (never the
 * catch-all redirect to /login).
 */
import { lazy } from 'react';
import { useOutletContext, type RouteObject } from 'react-router-dom';
import { ROUTES } from '@shared/routes';
import { PageSkeleton } from '@client/components/page-skeleton';
import { LazyPart } from '@client/components/load-error';
import { TakenOver } from '@client/lib/take-over';
import type { AdminPageName, AdminPages } from './admin-pages';

// Lazy, like the pages: the shell's Layout, Menu, Avatar and Dropdown stay out of /login's download.
const AdminShell = lazy(() => import('./components/admin-shell').then((m) => ({ default: m.AdminShell })));

/** A back-office page, from the table the shell passes to its outlet (admin-pages.tsx). */
function AdminPage({ name }: { name: AdminPageName }) {
  const Page = useOutletContext<AdminPages>()[name];
  return (
    <>
      <Page />
      <TakenOver />
    </>
  );
}

export const adminRoute: RouteObject = {
  path: ROUTES.admin,
  element: (
    <LazyPart fallback={<PageSkeleton page="admin" />}>
      <AdminShell />
    </LazyPart>
  ),
  children: [
    { index: true, element: null },
    { path: ROUTES.adminPlatform, element: <AdminPage name="platformList" /> },
    { path: ROUTES.adminPlatformOperate, element: <AdminPage name="platformForm" /> },
    { path: ROUTES.adminUser, element: <AdminPage name="userList" /> },
    { path: ROUTES.adminUserOperate, element: <AdminPage name="userForm" /> },
    { path: ROUTES.adminRole, element: <AdminPage name="roleList" /> },
    { path: '*', element: null },
  ],
};
