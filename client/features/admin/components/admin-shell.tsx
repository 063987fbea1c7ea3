import { Layout, Menu, Spin } from '@arco-design/web-react';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { ROUTES } from '@shared/routes';
import { useWithLang } from '@client/lib/i18n/lang-in-links';
import { logout, useModules, useUserInfo } from '@client/lib/api/account';
import { setPermitted, signedOut, usePermitted } from '@client/lib/api/session-events';
import { useTexts } from '@client/lib/i18n/use-texts';
import { useDocumentTitle } from '@client/lib/hooks/use-document-title';
import { platformNames } from '@client/lib/platform-theme';
import { adminTexts } from './admin-shell.locale';
import { AccountMenu } from './account-menu';
import { LanguageSwitch } from '@client/components/language-switch';
import { ADMIN_PAGE_ROUTES, ADMIN_ROUTES, adminModuleAt } from '@client/features/admin/admin-routes';
import { DataLoadError, LazyPart } from '@client/components/load-error';
import { ApiError } from '@client/lib/api/client';
import { lazyComponent } from '@client/lib/lazy';
import { PartSkeleton } from '@client/components/page-skeleton';
import { ADMIN_CONTENT } from '@shared/skeleton';
import './admin-shell.css';
import { Redirect } from '@client/lib/redirect';

export { preloadParts } from '@client/features/admin/admin-routes';

// Shown only to a user without the page's module: its illustration (Arco's Result) stays out of
// every back-office page's download.
const NoPermission = lazyComponent(() =>
  import('@client/components/no-permission').then((m) => ({ default: m.NoPermission })),
);

/** The permissions on their way (spec §2: a spinner), over the outline of the page to come. */
function Loading() {
  return (
    <div className="admin-loading">
      <Spin size={32} />
      <PartSkeleton node={ADMIN_CONTENT} />
    </div>
  );
}

/** A page's code on its way: its outline inside the shell (issue 29), not a blank area. */
const PAGE_COMING = <PartSkeleton node={ADMIN_CONTENT} />;

/**
 * The back-office shell (spec §2, §6): header, avatar menu, the side menu of the modules the
 * user's resource list names, and the page itself only when its module is among them; all of
 * them from the back office's route tree (admin-routes.tsx).
 */
export function AdminShell() {
  const t = useTexts(adminTexts);
  const navigate = useNavigate();
  // The menu's links keep the page's `lang` in the address (the move to the first module is a
  // Redirect, which keeps it itself).
  const withLang = useWithLang();
  const { pathname } = useLocation();
  const { data: user, error: userError, mutate: reloadUser } = useUserInfo();
  const { data: modules, error: modulesError, mutate: reloadModules } = useModules(user?.ssoUid);
  const permitted = usePermitted();

  // A 403 turns the flag off for the page that got it; another page gets a fresh chance.
  useEffect(() => setPermitted(true), [pathname]);

  const allowed = ADMIN_ROUTES.filter((route) => modules?.includes(route.module));
  const current = adminModuleAt(pathname);
  const page = useRoutes(ADMIN_PAGE_ROUTES);
  // In the page's language: "Platform management · Back office · Account Center".
  const names = useTexts(platformNames);
  useDocumentTitle(current ? t.modules[current.module] : undefined, t.title, names.main);
  const loading = !userError && !modulesError && (!user || !modules);
  // The user or the modules did not come (a slow or failing upstream): that is not "no permission",
  // which only a 403 says (lib/api/client.ts). SWR tries again on focus, reconnect and after pauses.
  const failed = (!user && userError !== undefined) || (!modules && modulesError !== undefined);
  const denied = [userError, modulesError].some((e) => e instanceof ApiError && e.status === 403);
  const atRoot = pathname.replace(/\/+$/, '') === ROUTES.admin;

  async function onLogout(): Promise<void> {
    try {
      await logout();
    } catch {
      /* the BFF clears the cookie whatever the upstream says */
    }
    signedOut();
    navigate(ROUTES.login, { replace: true });
  }

  let content;
  if (loading) content = <Loading />;
  else if (failed && !denied)
    content = (
      <DataLoadError onRetry={() => Promise.all([reloadUser(), user ? reloadModules() : undefined])} />
    );
  else if (atRoot && allowed[0]) content = <Redirect to={allowed[0].path} />;
  else if (!permitted || !current || !allowed.includes(current))
    content = (
      <LazyPart fallback={<Loading />}>
        <NoPermission className="admin-denied" />
      </LazyPart>
    );
  else
    content = (
      <LazyPart key={pathname} fallback={PAGE_COMING}>
        {page}
      </LazyPart>
    );

  const name = user?.username || user?.phone || user?.email || '';
  return (
    <Layout className="admin-layout">
      <Layout.Header className="admin-header" role="banner">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          {t.title}
        </span>
        <span className="admin-header-actions">
          <LanguageSwitch />
          <AccountMenu
            name={name}
            label={t.accountMenu}
            logoutLabel={t.logout}
            onLogout={() => void onLogout()}
          />
        </span>
      </Layout.Header>
      {/* Side by side from the first render, before a table with the inlined list measures itself. */}
      <Layout className="admin-body" hasSider={allowed.length > 0}>
        {allowed.length > 0 ? (
          <Layout.Sider className="admin-sider" width={200}>
            <nav aria-label={t.navigation}>
              {/* Each item is a link to its module's address (in the page's language when the address
                  names one), which the router follows once the app has the page: a tap before
                  then loads it (issue 39). The Link's props pass through Arco's Menu.Item, whose
                  element the Link then is: <a role="menuitem" href>. */}
              <Menu selectedKeys={current ? [current.path] : []}>
                {allowed.map((route) => (
                  <Menu.Item
                    key={route.path}
                    wrapper={Link}
                    {...{
                      to: withLang(route.path),
                      'aria-current': route === current ? 'page' : undefined,
                    }}
                  >
                    {t.modules[route.module]}
                  </Menu.Item>
                ))}
              </Menu>
            </nav>
          </Layout.Sider>
        ) : null}
        <Layout.Content className="admin-content">{content}</Layout.Content>
      </Layout>
    </Layout>
  );
}
