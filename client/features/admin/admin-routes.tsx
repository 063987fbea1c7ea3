/**
 * The back office's route tree (spec §2, §6), as Arco Design Pro keeps one: its modules in menu
 * order, each with its list page and the pages under it. The shell (components/admin-shell.tsx)
 * takes from it its routes, its side menu, the redirect from /admin to the first module the user
 * may open, and the check that the current path belongs to one of the user's modules.
 *
 * Loaded with the shell, not with the app's route table (admin-mount.tsx puts the shell on
 * /admin/*): each page's chunk is then a child of the shell's and leaves out the Arco parts the
 * shell has already brought (Trigger, Menu's helpers, lodash: ~110 modules, ~20 KB gzip that each
 * page's chunk holds again when the app's table holds the pages' imports; docs/performance.md).
 */
import type { ComponentType } from 'react';
import { matchPath, type RouteObject } from 'react-router-dom';
import type { BackOfficeModule } from '@shared/contract/admin';
import { ROUTES } from '@shared/routes';
import { lazyComponent } from '@client/lib/lazy';
import type { adminTexts } from './components/admin-shell.locale';

interface AdminPageRoute {
  /** From ROUTES. */
  path: string;
  /** The page's code: a chunk of its own, loaded when the page is first shown. */
  load: () => Promise<{ default: ComponentType }>;
}

export interface AdminModuleRoute extends AdminPageRoute {
  /** The name the UAA returns in the user's resource list. */
  module: BackOfficeModule;
  /** Its title in the side menu and the document, a key of the shell's texts' `modules`. */
  label: keyof (typeof adminTexts)['en-US']['modules'];
  /** The module's other pages (create, edit, view): in no menu, titled and permitted as their module. */
  children?: readonly AdminPageRoute[];
}

export const ADMIN_ROUTES: readonly AdminModuleRoute[] = [
  {
    path: ROUTES.adminUser,
    module: 'users',
    label: 'users',
    load: () => import('./routes/user/index'),
    children: [{ path: ROUTES.adminUserOperate, load: () => import('./routes/user/form') }],
  },
  {
    path: ROUTES.adminPlatform,
    module: 'platforms',
    label: 'platforms',
    load: () => import('./routes/platform/index'),
    children: [{ path: ROUTES.adminPlatformOperate, load: () => import('./routes/platform/form') }],
  },
  { path: ROUTES.adminRole, module: 'role', label: 'role', load: () => import('./routes/role/index') },
];

const pagesOf = (route: AdminModuleRoute): readonly AdminPageRoute[] => [route, ...(route.children ?? [])];

/** The module whose page is at `pathname`; none for a path with no page. */
export function adminModuleAt(pathname: string): AdminModuleRoute | undefined {
  return ADMIN_ROUTES.find((route) => pagesOf(route).some((page) => matchPath(page.path, pathname)));
}

const PAGES = ADMIN_ROUTES.flatMap(pagesOf).map(({ path, load }) => ({ path, Page: lazyComponent(load) }));

/**
 * The routes the shell renders its page with, each page a chunk of its own. Their paths are the
 * tree's below /admin, as React Router matches routes under the shell's /admin/*.
 */
export const ADMIN_PAGE_ROUTES: RouteObject[] = PAGES.map(({ path, Page }) => ({
  path: path.slice(ROUTES.admin.length),
  element: <Page />,
}));

/** The code of the page at `url`, loaded with the shell's before a document is taken over. */
export async function preloadParts(url: URL): Promise<void> {
  await PAGES.find(({ path }) => matchPath(path, url.pathname))?.Page.preload();
}
