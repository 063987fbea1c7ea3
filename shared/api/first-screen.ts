/**
 * A page's first screen, which the BFF inlines as JSON beside the runtime config (issue 17): the
 * session, for a signed-in page the user, and the first page of the list it opens on. Never the
 * token.
 */
import type { BackOfficeModule } from '../contract/admin';
import type { EndpointName, ReplyOf } from '../contract/endpoints';
import type { UserInfo } from '../contract/personal';
import { ROUTES, TAB_PARAM } from '../routes';
import { filtersList, listPagingOf, type FilteredList, type ListPaging } from './list-address';

/** The id of the `<script type="application/json">` element that carries it. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/** Whether a path is the back office's (its pages ask for the user's modules first). */
export const isBackOffice = (path: string): boolean =>
  path === ROUTES.admin || path.startsWith(`${ROUTES.admin}/`);

/** Whether a page's first screen shows the user (the user centre and the back office). */
export function wantsFirstScreen(path: string): boolean {
  return path === ROUTES.usercenter || isBackOffice(path);
}

/** The lists a page opens on: its first render's call and its payload for the page asked, and the module it needs. */
export const FIRST_LISTS = {
  users: {
    endpoint: 'internalUserList',
    payload: ({ page, size }: ListPaging) => ({ pageNumber: page, pageSize: size }),
    module: 'users',
  },
  platforms: {
    endpoint: 'platformList',
    payload: ({ page, size }: ListPaging) => ({ current: page, pageSize: size }),
    module: 'platforms',
  },
  roles: {
    endpoint: 'roleList',
    payload: ({ page, size }: ListPaging) => ({
      pageNumber: page,
      pageSize: size,
      resourceModule: 1 as const,
    }),
    module: 'role',
  },
  /** The user centre's keys tab; the BFF adds the user (`sso_uid`) to the payload. */
  credentials: { endpoint: 'credentialList', payload: () => ({}), module: undefined },
} as const satisfies Record<
  string,
  {
    endpoint: EndpointName;
    payload: (paging: ListPaging) => object;
    module: BackOfficeModule | undefined;
  }
>;

export type FirstListName = keyof typeof FIRST_LISTS;

const BACK_OFFICE_LISTS: Partial<Record<string, FirstListName & FilteredList>> = {
  [ROUTES.adminUser]: 'users',
  [ROUTES.adminPlatform]: 'platforms',
  [ROUTES.adminRole]: 'roles',
};

/**
 * The list a page opens on, from its path and query: a back-office list at the page and size its
 * address asks for (list-address.ts), unless the address filters it (that search is the browser's
 * to make: its dates are the browser's days); the user centre's keys on `?tab=keys`.
 */
export function firstListOf(
  path: string,
  query: URLSearchParams,
): { name: FirstListName; paging?: ListPaging } | undefined {
  const list = Object.hasOwn(BACK_OFFICE_LISTS, path) ? BACK_OFFICE_LISTS[path] : undefined;
  if (list) return filtersList(list, query) ? undefined : { name: list, paging: listPagingOf(query) };
  const tabs = query.getAll(TAB_PARAM);
  if (path === ROUTES.usercenter && tabs.length === 1 && tabs[0] === 'keys') return { name: 'credentials' };
  return undefined;
}

type ListData<L extends FirstListName> = ReplyOf<(typeof FIRST_LISTS)[L]['endpoint']>;

/** A list's page as its call answered it (the reply's checked `data`); a back-office list's says which. */
export type FirstList = {
  [L in FirstListName]: { name: L; paging?: ListPaging; data: ListData<L> };
}[FirstListName];

export interface FirstScreen {
  authenticated: boolean;
  /** Signed in, on the user centre and the back office. */
  userInfo?: UserInfo;
  /** The back-office modules the user may open: only on the back office's pages. */
  modules?: BackOfficeModule[];
  /** The first page of the list the page opens on, when the UAA gave it in time. */
  list?: FirstList;
}
