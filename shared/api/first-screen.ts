/**
 * A page's first screen, which the BFF inlines as JSON beside the runtime config (issue 17): the
 * session, for a signed-in page the user, and the first page of the list it opens on. Never the
 * token.
 */
import type { BackOfficeModule } from '../contract/admin';
import type { EndpointName, ReplyOf } from '../contract/endpoints';
import type { UserInfo } from '../contract/personal';
import { ROUTES } from '../routes';

/** The id of the `<script type="application/json">` element that carries it. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/** Spec §9: the back office's lists show 12 rows a page. */
export const LIST_PAGE_SIZE = 12;

/** The lists a page opens on: its first render's call and payload, and the module it needs. */
export const FIRST_LISTS = {
  users: {
    endpoint: 'internalUserList',
    payload: { pageNumber: 1, pageSize: LIST_PAGE_SIZE },
    module: 'users',
  },
  platforms: {
    endpoint: 'platformList',
    payload: { current: 1, pageSize: LIST_PAGE_SIZE },
    module: 'platforms',
  },
  roles: {
    endpoint: 'roleList',
    payload: { pageNumber: 1, pageSize: LIST_PAGE_SIZE, resourceModule: 1 },
    module: 'role',
  },
  /** The user centre's keys tab; the BFF adds the user (`sso_uid`) to the payload. */
  credentials: { endpoint: 'credentialList', payload: {}, module: undefined },
} as const satisfies Record<
  string,
  { endpoint: EndpointName; payload: object; module: BackOfficeModule | undefined }
>;

export type FirstListName = keyof typeof FIRST_LISTS;

/** The list a page opens on, from its path and its `tab` query parameter (undefined: none). */
export function firstListOf(path: string, tab: unknown): FirstListName | undefined {
  if (path === ROUTES.adminUser) return 'users';
  if (path === ROUTES.adminPlatform) return 'platforms';
  if (path === ROUTES.adminRole) return 'roles';
  if (path === ROUTES.usercenter && tab === 'keys') return 'credentials';
  return undefined;
}

type ListData<L extends FirstListName> = ReplyOf<(typeof FIRST_LISTS)[L]['endpoint']>;

/** A list's first page as its call answered it (the reply's checked `data`). */
export type FirstList = { [L in FirstListName]: { name: L; data: ListData<L> } }[FirstListName];

export interface FirstScreen {
  authenticated: boolean;
  /** Signed in, on the user centre and the back office. */
  userInfo?: UserInfo;
  /** The back-office modules the user may open: only on the back office's pages. */
  modules?: BackOfficeModule[];
  /** The first page of the list the page opens on, when the UAA gave it in time. */
  list?: FirstList;
}
