/** The route tree of spec §2: every route declared once; unknown paths go to /login. */
import { lazy, useEffect, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { BrowserRouter, Navigate, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { BFF_PATHS, brandRoute, DEMO_PAGES, ROUTES } from '@shared/routes';
import { registerNavigate } from '../lib/api/session-events';
import { CenterSpin } from '../components/center-spin';
import { PageSkeleton } from '../components/page-skeleton';
import { pageFailed, TakenOver } from '../lib/take-over';
import { LazyPart } from '../components/load-error';
// Before the pages: the order of first imports is the order of Arco's CSS in the vendor chunk.
import { AnonymousOnly, FramedWidgetOnly, RequireSession } from './guards';
import { adminRoute } from '@client/features/admin/admin-mount';
import { LoginEntrance, LoginPage } from './entrances';
import { runtimeConfig } from '../lib/runtime-config';

const RegisterPage = lazy(() => import('../features/auth/routes/register/index'));
const ActivePage = lazy(() => import('../features/auth/routes/active/index'));
const AuthenticationPage = lazy(() => import('../features/auth/routes/authentication/index'));
const UserCenterPage = lazy(() => import('../features/account/routes/usercenter/index'));
const NoPermissionPage = lazy(() => import('../features/public/routes/no-permission/index'));
const ForgetPage = lazy(() => import('../features/auth/routes/forget/index'));
const UsernamePage = lazy(() => import('../features/auth/routes/username/index'));
const DeleteProtocolPage = lazy(() => import('../features/public/routes/delete-protocol/index'));
const OauthCallbackPage = lazy(() => import('../features/oauth/routes/oauth-callback/index'));
const WechatPage = lazy(() => import('../features/oauth/routes/wechat/index'));
const SetPhonePage = lazy(() => import('../features/account/routes/setphone/index'));
const DemoPage = lazy(() => import('../features/public/routes/demo-page/index'));

type Access = 'public' | 'anonymous' | 'session';

function page(
  Component: LazyExoticComponent<ComponentType> | ComponentType,
  access: Access = 'public',
): ReactNode {
  // A signed-in page's code on its way: the page's outline, as the document showed it (issue 29).
  const element = (
    <LazyPart fallback={access === 'session' ? <PageSkeleton /> : <CenterSpin />} onFailed={pageFailed}>
      <Component />
      <TakenOver />
    </LazyPart>
  );
  if (access === 'anonymous') return <AnonymousOnly>{element}</AnonymousOnly>;
  if (access === 'session') return <RequireSession>{element}</RequireSession>;
  return element;
}

/** The table for a deployment whose sub-brand prefix is `brandPrefix`. */
const routesFor = (brandPrefix: string): RouteObject[] => [
  { path: ROUTES.login, element: page(LoginEntrance, 'anonymous') },
  { path: ROUTES.register, element: page(RegisterPage, 'anonymous') },
  { path: ROUTES.forget, element: page(ForgetPage, 'anonymous') },
  { path: ROUTES.active, element: page(ActivePage) },
  { path: ROUTES.authentication, element: page(AuthenticationPage) },
  // The BFF's checked redirect renders here only to refuse (spec §4: "redirect failed", then login).
  { path: BFF_PATHS.redirect, element: page(AuthenticationPage) },
  { path: ROUTES.usercenter, element: page(UserCenterPage, 'session') },
  { path: ROUTES.username, element: page(UsernamePage, 'session') },
  { path: ROUTES.setphone, element: page(SetPhonePage, 'session') },
  { path: ROUTES.wechat, element: page(WechatPage) },
  { path: ROUTES.midpage, element: page(WechatPage) },
  { path: ROUTES.carsiLogin, element: page(OauthCallbackPage) },
  { path: ROUTES.githubLogin, element: page(OauthCallbackPage) },
  { path: ROUTES.deleteProtocol, element: page(DeleteProtocolPage) },
  { path: ROUTES.noPermission, element: page(NoPermissionPage) },
  // The back office, for a signed-in user only.
  { ...adminRoute, element: <RequireSession>{adminRoute.element}</RequireSession> },
  // Demo mode only: the pages the built-in development links point at.
  ...Object.values(DEMO_PAGES).map((path) => ({ path, element: page(DemoPage) })),
  // The sub-brand's twins, under the operator's prefix.
  { path: brandRoute(brandPrefix, 'login'), element: page(LoginPage, 'anonymous') },
  { path: brandRoute(brandPrefix, 'register'), element: page(RegisterPage, 'anonymous') },
  { path: brandRoute(brandPrefix, 'authentication'), element: page(AuthenticationPage) },
  { path: brandRoute(brandPrefix, 'forget'), element: page(ForgetPage, 'anonymous') },
  { path: brandRoute(brandPrefix, 'wechat'), element: page(WechatPage) },
  { path: '*', element: <Navigate to={ROUTES.login} replace /> },
];

// Made on first use, not when the module loads: the server renderer loads the app before it knows
// a runtime config (client/entry-server.tsx).
let table: { brandPrefix: string; routes: RouteObject[] } | undefined;
function routeTable(): RouteObject[] {
  const { brandPrefix } = runtimeConfig();
  if (table?.brandPrefix !== brandPrefix) table = { brandPrefix, routes: routesFor(brandPrefix) };
  return table.routes;
}

/**
 * The route table under whichever router holds it: the browser's below, or the server renderer's;
 * inside another site's frame, only the widget's pages.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  // So that a 401 from the HTTP client moves to /login without reloading the page.
  useEffect(() => registerNavigate((path) => void navigate(path, { replace: true })), [navigate]);
  const routes = useRoutes(routeTable());
  return <FramedWidgetOnly>{routes}</FramedWidgetOnly>;
}

/**
 * The browser's router. The declarative one: no page loads data through the router, and the
 * data router (createBrowserRouter) would add 16 KB gzip to every first load.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
