/**
 * A page's first screen, which the BFF inlines as JSON beside the runtime config (issue 17): the
 * session, for a signed-in page the user, and the first page of the list it opens on. Never the
 * token.
 */
import {
  BACK_OFFICE,
  BACK_OFFICE_NAMES,
  backOfficeListAt,
  type BackOffice,
  type BackOfficeModule,
  type BackOfficeName,
} from '../back-office';
import type { EndpointName, ReplyOf } from '../contract/endpoints';
import type { UserInfo } from '../contract/personal';
import { ROUTES, TAB_PARAM } from '../routes';
import { filtersList, listPagingOf, type ListPaging } from './list-address';

/** The id of the `<script type="application/json">` element that carries it. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/** Whether a path is the back office's (its pages ask for the user's modules first). */
export const isBackOffice = (path: string): boolean =>
  path === ROUTES.admin || path.startsWith(`${ROUTES.admin}/`);

/** Whether a page's first screen shows the user (the user centre and the back office). */
export function wantsFirstScreen(path: string): boolean {
  return path === ROUTES.usercenter || isBackOffice(path);
}

/** A back-office list as a first screen takes it: its call, that call's paging fields, its module. */
type BackOfficeList<N extends BackOfficeName> = {
  endpoint: BackOffice[N]['list']['endpoint'];
  payload: BackOffice[N]['list']['payload'];
  module: BackOffice[N]['module'];
};

const backOfficeLists = Object.fromEntries(
  BACK_OFFICE_NAMES.map((name) => {
    const { list, module } = BACK_OFFICE[name];
    return [name, { endpoint: list.endpoint, payload: list.payload, module }];
  }),
) as { [N in BackOfficeName]: BackOfficeList<N> };

/**
 * The lists a page opens on: its first render's call and its payload for the page asked, and the
 * module it needs. The back office's are its table's (shared/back-office.ts); the compiler checks
 * here that each names a call of the contract.
 */
export const FIRST_LISTS = {
  ...backOfficeLists,
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

/**
 * The list a page opens on, from its path and query: a back-office list at the page and size its
 * address asks for (list-address.ts), unless the address filters it (that search is the browser's
 * to make: its dates are the browser's days); the user centre's keys on `?tab=keys`.
 */
export function firstListOf(
  path: string,
  query: URLSearchParams,
): { name: FirstListName; paging?: ListPaging } | undefined {
  const list = backOfficeListAt(path);
  if (list)
    return filtersList(BACK_OFFICE[list].list.filters, query)
      ? undefined
      : { name: list, paging: listPagingOf(query) };
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
