/**
 * The pages whose lazy chunks a document announces (scripts/build-client.mjs records their files
 * for the prerendered documents and the BFF's preload links, issue 17), each by the name its
 * `import()` gives its chunk (`webpackChunkName`): the build reads the named chunk groups, and
 * fails when a name here names none. The back office's list pages are its table's
 * (shared/back-office.ts), each chunk `admin-<module>`. route-modules.test.ts fails when a name
 * is on no `import()`, on two, or on one that loads another file than the table names.
 */
import { BACK_OFFICE, BACK_OFFICE_NAMES, type BackOfficeName } from '@shared/back-office';
import { PAGE_TABS, TAB_PARAM } from '@shared/routes';

export const ADMIN_SHELL_CHUNK = 'admin-shell';
const USER_CENTRE_CHUNK = 'usercenter';
/** The chunk of a back-office module's list page. */
export const backOfficeChunk = (name: BackOfficeName) => `admin-${name}`;

/** The pages whose lazy chunks the document announces: the named chunks each renders beyond the entry. */
export const ROUTE_CHUNKS: Readonly<Record<string, readonly string[]>> = {
  // For the documents that are not prerendered: phones, sub-platform looks, the intern widget.
  '/login': ['login'],
  '/register': ['register'],
  '/forget': ['forget'],
  '/usercenter': [USER_CENTRE_CHUNK],
  // A tab whose chunk the page loads on arrival (bff/documents/route-preloads.ts `routeOf`).
  '/usercenter?tab=keys': [USER_CENTRE_CHUNK, 'usercenter-keys'],
  '/admin': [ADMIN_SHELL_CHUNK],
  // Each back-office list page: the shell's chunk and its own.
  ...Object.fromEntries(
    BACK_OFFICE_NAMES.map((name) => [BACK_OFFICE[name].path, [ADMIN_SHELL_CHUNK, backOfficeChunk(name)]]),
  ),
};
/** The chunk of a back-office list's filter fields (its table's `files.filters`). */
export const filtersChunk = (name: BackOfficeName) => `admin-${name}-filters`;

/**
 * What a page's desktop document announces besides its ROUTE_CHUNKS: the parts a phone's loads
 * only once the page is the app's (a list's filter fields, folded there). Recorded in the
 * preload table under desktopPartsOf(route) (shared/documents.ts).
 */
export const DESKTOP_CHUNKS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  BACK_OFFICE_NAMES.filter((name) => 'filters' in BACK_OFFICE[name].files).map((name) => [
    BACK_OFFICE[name].path,
    [filtersChunk(name)],
  ]),
);

/** What the in-app browser's documents load besides their page's: the warning above it (spec §1). */
export const IN_APP_CHUNKS = ['compat-warning'];
export const IN_APP = 'in-app';

/**
 * The addresses the build prerenders (scripts/prerender.ts, for each language and device class of
 * shared/device.ts): each visitor page with tabs, and each tab's own document, the first tab's
 * too: a tab pressed before the scripts is a link to that address (client/components/tabs.tsx),
 * `?tab=sms` back from the password tab.
 */
export const PRERENDERED_PAGES: readonly string[] = Object.entries(PAGE_TABS).flatMap(([page, tabs]) => [
  page,
  ...tabs.map((tab) => `${page}?${TAB_PARAM}=${tab}`),
]);
