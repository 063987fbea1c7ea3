/**
 * The back office's modules (spec §2, §6, §7), each named once, in menu order: its address, the
 * UAA's name for it (the permission), its title, the list its page opens on, and the source
 * files of its pages. Everything else that names a module is derived from this table: the
 * routes (shared/routes.ts), the module names the contract knows (contract/modules.ts), the
 * first screen's lists (api/first-screen.ts), their SWR keys (client/lib/api/swr-keys.ts), the
 * shell's menu, titles and permission check (client/features/admin/admin-routes.tsx), the chunks
 * a document announces (scripts/route-modules.ts). The one thing it cannot hold is the `import()`
 * of a page, which is the client's (the BFF's bundle holds no page): admin-routes.tsx has one
 * line per module, which the compiler asks for, and scripts/route-modules.test.ts checks that it
 * loads the file named here. Adding a list page: docs/architecture.md.
 *
 * Plain data, importing nothing at run time, so that the contract can take its module names from
 * it without a circle.
 */
import type { ListPaging } from './api/list-address';
import type { Locale } from './i18n/locale';

/** One module of the back office. */
export interface BackOfficeEntry {
  /** Its list page's address. */
  path: `/admin/${string}`;
  /** Its form's (create, edit, view: `:operate`), when it has one. */
  form?: `/admin/${string}/:operate`;
  /** The name the UAA gives it in a user's resource list (role/management/user/res/list). */
  module: string;
  /** Its title in the side menu, the document's title and the role list, in each language. */
  label: Readonly<Record<Locale, string>>;
  /** The list its page opens on. */
  list: {
    /** The call (a name of ENDPOINTS; api/first-screen.ts has the compiler check it). */
    endpoint: string;
    /** The call when the address filters the list, if not the same one. */
    search?: string;
    /** The call's paging fields for a page of the list: the hook's and the first screen's. */
    payload: (paging: ListPaging) => object;
    /** The reply's rows and its total. */
    rows: string;
    total: string;
    /** The first item of its SWR keys: a change refreshes every page of it. */
    resource: string;
    /** The address's filter parameters (list-address.ts), as its filter form writes them. */
    filters: readonly string[];
  };
  /**
   * The source files of its pages, from the repository's root: the chunks a document announces.
   * `filters`, its list's filter fields, which a desktop's document announces and a phone loads
   * once the page is the app's (client/features/admin/components/filter-panel.tsx).
   */
  files: { list: string; form?: string; filters?: string };
}

export const BACK_OFFICE = {
  users: {
    path: '/admin/user',
    form: '/admin/user/:operate',
    module: 'users',
    label: { 'en-US': 'User management', 'zh-CN': '用户管理' },
    list: {
      endpoint: 'internalUserList',
      search: 'internalUserSearch',
      payload: ({ page, size }: ListPaging) => ({ pageNumber: page, pageSize: size }),
      rows: 'users',
      total: 'totalCount',
      resource: 'admin/users',
      filters: ['uid', 'phone', 'email', 'github', 'from', 'to', 'source', 'platform'],
    },
    files: {
      list: 'client/features/admin/routes/user/index.tsx',
      form: 'client/features/admin/routes/user/form.tsx',
      filters: 'client/features/admin/routes/user/filters.tsx',
    },
  },
  platforms: {
    path: '/admin/platform',
    form: '/admin/platform/:operate',
    module: 'platforms',
    label: { 'en-US': 'Platform management', 'zh-CN': '平台管理' },
    list: {
      endpoint: 'platformList',
      payload: ({ page, size }: ListPaging) => ({ current: page, pageSize: size }),
      rows: 'records',
      total: 'total',
      resource: 'admin/platforms',
      filters: ['id', 'name', 'from', 'to'],
    },
    files: {
      list: 'client/features/admin/routes/platform/index.tsx',
      form: 'client/features/admin/routes/platform/form.tsx',
      filters: 'client/features/admin/routes/platform/filters.tsx',
    },
  },
  roles: {
    path: '/admin/role',
    module: 'role',
    label: { 'en-US': 'Role management', 'zh-CN': '角色管理' },
    list: {
      endpoint: 'roleList',
      payload: ({ page, size }: ListPaging) => ({
        pageNumber: page,
        pageSize: size,
        resourceModule: 1 as const,
      }),
      rows: 'roles',
      total: 'totalCount',
      resource: 'admin/roles',
      filters: [],
    },
    files: { list: 'client/features/admin/routes/role/index.tsx' },
  },
} as const satisfies Record<string, BackOfficeEntry>;

export type BackOffice = typeof BACK_OFFICE;
/** A module's name in this table (the name of its list). */
export type BackOfficeName = keyof BackOffice;
/** The UAA's name of a module. */
export type BackOfficeModule = BackOffice[BackOfficeName]['module'];

/** The modules in menu order. */
export const BACK_OFFICE_NAMES = Object.keys(BACK_OFFICE) as BackOfficeName[];

/** Whether `name` is a module of this table (an own key: not `toString`). */
export const isBackOfficeName = (name: string): name is BackOfficeName => Object.hasOwn(BACK_OFFICE, name);

/** The module whose list page is at `path`, none for any other path. */
export function backOfficeListAt(path: string): BackOfficeName | undefined {
  return BACK_OFFICE_NAMES.find((name) => BACK_OFFICE[name].path === path);
}
