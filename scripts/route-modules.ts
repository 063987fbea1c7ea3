/**
 * The pages whose lazy chunks a document announces (scripts/build-client.mjs records their files
 * for the prerendered documents and the BFF's preload links, issue 17). A back-office page is
 * named here as it is in client/features/admin/admin-routes.tsx: route-modules.test.ts fails when
 * one is named in one and not the other.
 */
export const ADMIN_SHELL = 'client/features/admin/components/admin-shell.tsx';
export const USER_CENTRE = 'client/features/account/routes/usercenter/index.tsx';
/** The pages whose lazy chunks the document announces: the modules rendered for each beyond the entry. */
export const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  // For the documents that are not prerendered: phones, sub-platform looks, the intern widget.
  '/login': ['client/features/auth/routes/login/index.tsx'],
  '/register': ['client/features/auth/routes/register/index.tsx'],
  '/forget': ['client/features/auth/routes/forget/index.tsx'],
  '/usercenter': [USER_CENTRE],
  // A tab whose chunk the page loads on arrival (bff/spa/route-preloads.ts `preloadsFor`).
  '/usercenter?tab=keys': [USER_CENTRE, 'client/features/account/routes/usercenter/access-keys.tsx'],
  '/admin': [ADMIN_SHELL],
  '/admin/user': [ADMIN_SHELL, 'client/features/admin/routes/user/index.tsx'],
  '/admin/platform': [ADMIN_SHELL, 'client/features/admin/routes/platform/index.tsx'],
  '/admin/role': [ADMIN_SHELL, 'client/features/admin/routes/role/index.tsx'],
};
/** What the in-app browser's documents load besides their page's: the warning above it (spec §1). */
export const IN_APP_MODULES = ['client/components/compat-warning.tsx'];
export const IN_APP = 'in-app';
