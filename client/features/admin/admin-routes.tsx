/**
 * The back office's routes (spec §2, §6), mounted by app/router.tsx behind its session guard.
 * Every page renders inside the shell, which shows it only when its module is in the user's
 * resource list; any other path under /admin gets the shell's "no permission" (never the
 * catch-all redirect to /login).
 */
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { ROUTES } from '@shared/routes';
import { CenterSpin } from '../../components/center-spin';

// Lazy, like the pages: the shell's Layout, Menu, Avatar and Dropdown stay out of /login's download.
const AdminShell = lazy(() => import('./components/admin-shell').then((m) => ({ default: m.AdminShell })));

const PlatformListPage = lazy(() => import('./routes/platform/index'));
const PlatformFormPage = lazy(() => import('./routes/platform/form'));
const UserListPage = lazy(() => import('./routes/user/index'));
const UserFormPage = lazy(() => import('./routes/user/form'));
const RoleListPage = lazy(() => import('./routes/role/index'));

export const adminRoute: RouteObject = {
  path: ROUTES.admin,
  element: (
    <Suspense fallback={<CenterSpin />}>
      <AdminShell />
    </Suspense>
  ),
  children: [
    { index: true, element: null },
    { path: ROUTES.adminPlatform, element: <PlatformListPage /> },
    { path: ROUTES.adminPlatformOperate, element: <PlatformFormPage /> },
    { path: ROUTES.adminUser, element: <UserListPage /> },
    { path: ROUTES.adminUserOperate, element: <UserFormPage /> },
    { path: ROUTES.adminRole, element: <RoleListPage /> },
    { path: '*', element: null },
  ],
};
