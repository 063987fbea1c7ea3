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
import { BACK_OFFICE, BACK_OFFICE_NAMES, type BackOffice, type BackOfficeName } from '@shared/back-office';
import type { BackOfficeModule } from '@shared/contract/admin';
import { ROUTES } from '@shared/routes';
import { lazyComponent } from '@client/lib/lazy';

/** A page's code: a chunk of its own, loaded when the page is first shown. */
type PageLoad = () => Promise<{ default: ComponentType }>;

/**
 * Each module's pages' code, the one fact of a module the back office's table cannot hold (the
 * BFF's bundle holds no page): its list page, named `admin-<module>` as the chunk its document
 * announces (scripts/route-modules.ts), and its form when the table names one. The compiler asks
 * for a line for each module, and scripts/route-modules.test.ts checks that each loads the file
 * the table names (`files`) under that chunk name.
 */
const PAGE_CODE = {
  users: {
    list: () => import(/* webpackChunkName: "admin-users" */ './routes/user/index'),
    form: () => import('./routes/user/form'),
  },
  platforms: {
    list: () => import(/* webpackChunkName: "admin-platforms" */ './routes/platform/index'),
    form: () => import('./routes/platform/form'),
  },
  roles: { list: () => import(/* webpackChunkName: "admin-roles" */ './routes/role/index') },
} satisfies {
  [N in BackOfficeName]: { list: PageLoad } & (BackOffice[N] extends { form: string }
    ? { form: PageLoad }
    : object);
};

/** Exported for scripts/route-modules.test.ts. */
export const PAGE_CODE_OF: Readonly<Record<BackOfficeName, { list: PageLoad; form?: PageLoad }>> = PAGE_CODE;

interface AdminPageRoute {
  /** From the back office's table. */
  path: string;
  load: PageLoad;
}

export interface AdminModuleRoute extends AdminPageRoute {
  /** The module's name in the back office's table. */
  name: BackOfficeName;
  /** The name the UAA returns in the user's resource list; its title is the shell's texts' `modules`. */
  module: BackOfficeModule;
  /** The module's other pages (create, edit, view): in no menu, titled and permitted as their module. */
  children?: readonly AdminPageRoute[];
}

/** The modules in menu order, each with its pages, from the back office's table. */
export const ADMIN_ROUTES: readonly AdminModuleRoute[] = BACK_OFFICE_NAMES.map((name) => {
  const entry: { path: string; form?: string; module: BackOfficeModule } = BACK_OFFICE[name];
  const code = PAGE_CODE_OF[name];
  return {
    name,
    path: entry.path,
    module: entry.module,
    load: code.list,
    ...(entry.form && code.form && { children: [{ path: entry.form, load: code.form }] }),
  };
});

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

/**
 * The code of the page at `url` and of the parts its first render there needs (the page's own
 * `preloadParts`), loaded with the shell's before a document is taken over.
 */
export async function preloadParts(url: URL): Promise<void> {
  await PAGES.find(({ path }) => matchPath(path, url.pathname))?.Page.preload(url);
}
