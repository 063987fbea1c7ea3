/** The back office's routes (spec §2, §6), mounted by router.tsx. */
import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { ROUTES } from '@shared/routes';
import { ComingSoon } from '../components/coming-soon';
import { RequireSession } from './guards';

const placeholder = (
  <RequireSession>
    <ComingSoon />
  </RequireSession>
);

export const adminRoutes: RouteObject[] = [
  { path: ROUTES.admin, element: <Navigate to={ROUTES.adminPlatform} replace /> },
  { path: ROUTES.adminPlatform, element: placeholder },
  { path: ROUTES.adminPlatformOperate, element: placeholder },
  { path: ROUTES.adminUser, element: placeholder },
  { path: ROUTES.adminUserOperate, element: placeholder },
  { path: ROUTES.adminRole, element: placeholder },
];
