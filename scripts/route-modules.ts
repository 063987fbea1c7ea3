/**
 * The pages whose lazy chunks a document announces (scripts/build-client.mjs records their files
 * for the prerendered documents and the BFF's preload links, issue 17). The back office's list
 * pages are its table's (shared/back-office.ts): route-modules.test.ts fails when the file it
 * names is not the one client/features/admin/admin-routes.tsx loads.
 */
import { BACK_OFFICE, BACK_OFFICE_NAMES } from '@shared/back-office';

export const ADMIN_SHELL = 'client/features/admin/components/admin-shell.tsx';
export const USER_CENTRE = 'client/features/account/routes/usercenter/index.tsx';
/** The pages whose lazy chunks the document announces: the modules rendered for each beyond the entry. */
export const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  // For the documents that are not prerendered: phones, sub-platform looks, the intern widget.
  '/login': ['client/features/auth/routes/login/index.tsx'],
  '/register': ['client/features/auth/routes/register/index.tsx'],
  '/forget': ['client/features/auth/routes/forget/index.tsx'],
  '/usercenter': [USER_CENTRE],
  // A tab whose chunk the page loads on arrival (bff/documents/route-preloads.ts `preloadsFor`).
  '/usercenter?tab=keys': [USER_CENTRE, 'client/features/account/routes/usercenter/access-keys.tsx'],
  '/admin': [ADMIN_SHELL],
  // Each back-office list page: the shell's chunk and its own.
  ...Object.fromEntries(
    BACK_OFFICE_NAMES.map((name) => [BACK_OFFICE[name].path, [ADMIN_SHELL, BACK_OFFICE[name].files.list]]),
  ),
};
/** What the in-app browser's documents load besides their page's: the warning above it (spec §1). */
export const IN_APP_MODULES = ['client/components/compat-warning.tsx'];
export const IN_APP = 'in-app';
