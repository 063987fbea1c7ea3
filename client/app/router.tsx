/** The route tree of spec §2: every route declared once; unknown paths go to /login. */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ROUTES } from '@shared/routes';
import { CenterSpin } from '../components/center-spin';
import { ComingSoon } from '../components/coming-soon';
import { adminRoutes } from './admin-routes';
import { AnonymousOnly, RequireSession } from './guards';

const LoginPage = lazy(() => import('../pages/login/index'));
const RegisterPage = lazy(() => import('../pages/register/index'));
const ActivePage = lazy(() => import('../pages/active/index'));
const AuthenticationPage = lazy(() => import('../pages/authentication/index'));
const UserCenterPage = lazy(() => import('../pages/usercenter/index'));
const NoPermissionPage = lazy(() => import('../pages/no-permission/index'));

type Access = 'public' | 'anonymous' | 'session';

function page(
  Component: LazyExoticComponent<ComponentType> | ComponentType,
  access: Access = 'public',
): ReactNode {
  const element = (
    <Suspense fallback={<CenterSpin />}>
      <Component />
    </Suspense>
  );
  if (access === 'anonymous') return <AnonymousOnly>{element}</AnonymousOnly>;
  if (access === 'session') return <RequireSession>{element}</RequireSession>;
  return element;
}

export const routes: RouteObject[] = [
  { path: ROUTES.login, element: page(LoginPage, 'anonymous') },
  { path: ROUTES.register, element: page(RegisterPage, 'anonymous') },
  { path: ROUTES.forget, element: page(ComingSoon, 'anonymous') },
  { path: ROUTES.active, element: page(ActivePage) },
  { path: ROUTES.authentication, element: page(AuthenticationPage) },
  { path: ROUTES.usercenter, element: page(UserCenterPage, 'session') },
  { path: ROUTES.username, element: page(ComingSoon, 'session') },
  { path: ROUTES.setphone, element: page(ComingSoon, 'session') },
  { path: ROUTES.wechat, element: page(ComingSoon) },
  { path: ROUTES.midpage, element: page(ComingSoon) },
  { path: ROUTES.carsiLogin, element: page(ComingSoon) },
  { path: ROUTES.githubLogin, element: page(ComingSoon) },
  { path: ROUTES.deleteProtocol, element: page(ComingSoon) },
  { path: ROUTES.noPermission, element: page(NoPermissionPage) },
  ...adminRoutes,
  { path: ROUTES.brandLogin, element: page(ComingSoon, 'anonymous') },
  { path: ROUTES.brandRegister, element: page(ComingSoon, 'anonymous') },
  { path: ROUTES.brandAuthentication, element: page(AuthenticationPage) },
  { path: ROUTES.brandForget, element: page(ComingSoon, 'anonymous') },
  { path: ROUTES.brandWechat, element: page(ComingSoon) },
  { path: '*', element: <Navigate to={ROUTES.login} replace /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
