/**
 * The route tree of spec §2: every route declared once; unknown paths go to /login. A route whose
 * page is a chunk of its own names that chunk's loader in its `handle`, so that the code of the
 * page a document shows can be loaded before the app takes the document over (preloadRoute).
 */
import { useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, matchRoutes, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { BFF_PATHS, brandRoute, DEMO_PAGES, ROUTES, SIGNED_IN_PAGES } from '@shared/routes';
import { registerNavigate } from '../lib/api/session-events';
import { useRuntimeConfig } from '../lib/render-context';
import { lazyComponent } from '../lib/lazy';
import { Redirect } from '../lib/redirect';
import { CenterSpin } from '../components/center-spin';
import { PageSkeleton } from '../components/page-skeleton';
import { LazyPart } from '../components/load-error';
import { adminRoute } from '@client/features/admin/admin-mount';
// The pages the login route's widget entrances show too: one loader each, whichever route shows it.
import { ForgetPage, LoginEntrance, LoginPage, RegisterPage, SetPhonePage } from './entrances';
import { AnonymousOnly, FramedWidgetOnly, RequireSession } from './guards';

const ActivePage = lazyComponent(() => import('../features/auth/routes/active/index'));
const AuthenticationPage = lazyComponent(() => import('../features/auth/routes/authentication/index'));
const UserCenterPage = lazyComponent(
  () => import(/* webpackChunkName: "usercenter" */ '../features/account/routes/usercenter/index'),
);
const NoPermissionPage = lazyComponent(() => import('../features/public/routes/no-permission/index'));
const UsernamePage = lazyComponent(() => import('../features/auth/routes/username/index'));
const DeleteProtocolPage = lazyComponent(() => import('../features/public/routes/delete-protocol/index'));
const OauthCallbackPage = lazyComponent(() => import('../features/oauth/routes/oauth-callback/index'));
const WechatPage = lazyComponent(() => import('../features/oauth/routes/wechat/index'));
const DemoPage = lazyComponent(() => import('../features/public/routes/demo-page/index'));

type Access = 'public' | 'anonymous' | 'session';

/**
 * What a route's `handle` says: how to load the code its page needs at an address (none: its
 * parent route's code brings it).
 */
export interface RouteHandle {
  preload?(url: URL): Promise<void>;
}

function page(
  Component: ComponentType & { preload?: RouteHandle['preload'] },
  access: Access = 'public',
): Pick<RouteObject, 'element' | 'handle'> {
  // A signed-in page's code on its way: the page's outline, as the document showed it (issue 29).
  let element: ReactNode = (
    <LazyPart fallback={access === 'session' ? <PageSkeleton /> : <CenterSpin />}>
      <Component />
    </LazyPart>
  );
  if (access === 'anonymous') element = <AnonymousOnly>{element}</AnonymousOnly>;
  if (access === 'session') element = <RequireSession>{element}</RequireSession>;
  const handle: RouteHandle | undefined = Component.preload ? { preload: Component.preload } : undefined;
  return { element, handle };
}

/** A page at `path`; a signed-in page (SIGNED_IN_PAGES) asks for a session whatever `access` says. */
function route(
  path: string,
  Component: Parameters<typeof page>[0],
  access: Exclude<Access, 'session'> = 'public',
): RouteObject {
  return { path, ...page(Component, path in SIGNED_IN_PAGES ? 'session' : access) };
}

/** The table for a deployment whose sub-brand prefix is `brandPrefix`. */
const routesFor = (brandPrefix: string): RouteObject[] => [
  route(ROUTES.login, LoginEntrance, 'anonymous'),
  route(ROUTES.register, RegisterPage, 'anonymous'),
  route(ROUTES.forget, ForgetPage, 'anonymous'),
  route(ROUTES.active, ActivePage),
  route(ROUTES.authentication, AuthenticationPage),
  // The BFF's checked redirect renders here only to refuse (spec §4: "redirect failed", then login).
  route(BFF_PATHS.redirect, AuthenticationPage),
  route(ROUTES.usercenter, UserCenterPage),
  route(ROUTES.username, UsernamePage),
  route(ROUTES.setphone, SetPhonePage),
  route(ROUTES.wechat, WechatPage),
  route(ROUTES.midpage, WechatPage),
  route(ROUTES.carsiLogin, OauthCallbackPage),
  route(ROUTES.githubLogin, OauthCallbackPage),
  route(ROUTES.deleteProtocol, DeleteProtocolPage),
  route(ROUTES.noPermission, NoPermissionPage),
  // The back office, for a signed-in user only (SIGNED_IN_PAGES names it too), its outline its own.
  { ...adminRoute, element: <RequireSession>{adminRoute.element}</RequireSession> },
  // Demo mode only: the pages the built-in development links point at.
  ...Object.values(DEMO_PAGES).map((path) => route(path, DemoPage)),
  // The sub-brand's twins, under the operator's prefix.
  route(brandRoute(brandPrefix, 'login'), LoginPage, 'anonymous'),
  route(brandRoute(brandPrefix, 'register'), RegisterPage, 'anonymous'),
  route(brandRoute(brandPrefix, 'authentication'), AuthenticationPage),
  route(brandRoute(brandPrefix, 'forget'), ForgetPage, 'anonymous'),
  route(brandRoute(brandPrefix, 'wechat'), WechatPage),
  { path: '*', element: <Redirect to={ROUTES.login} /> },
];

let table: { brandPrefix: string; routes: RouteObject[] } | undefined;
function routeTable(brandPrefix: string): RouteObject[] {
  if (table?.brandPrefix !== brandPrefix) table = { brandPrefix, routes: routesFor(brandPrefix) };
  return table.routes;
}

/**
 * Loads the code of the page at `url` (each matched route's, and the parts its first render
 * there needs), as React Router has a lazy route's loaded before hydrating: React then hydrates
 * the whole page in one pass, and a tap at first paint reaches it. A part whose code cannot come
 * says so when it renders (LazyPart).
 */
export async function preloadRoute(url: URL, brandPrefix: string): Promise<void> {
  const matches = matchRoutes(routeTable(brandPrefix), url.pathname) ?? [];
  await Promise.allSettled(
    matches.map(({ route }) => (route.handle as RouteHandle | undefined)?.preload?.(url)),
  );
}

/**
 * The route table under whichever router holds it: the browser's below, or the app renderer's;
 * inside another site's frame, only the widget's pages.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  // So that a 401 from the HTTP client moves to /login without reloading the page.
  useEffect(() => registerNavigate((path) => void navigate(path, { replace: true })), [navigate]);
  const routes = useRoutes(routeTable(useRuntimeConfig().brandPrefix));
  return <FramedWidgetOnly>{routes}</FramedWidgetOnly>;
}

/**
 * The browser's router. The declarative one: no page loads data through the router, and the
 * data router would add 17.7 KB gzip to every first load (ADR 0008).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
