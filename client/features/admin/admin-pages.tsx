/**
 * The back office's pages, loaded by the shell (components/admin-shell.tsx) rather than by the
 * route table: each page's chunk is then a child of the shell's and leaves out the Arco parts the
 * shell has already brought (Trigger, Menu's helpers, lodash; 82 modules the two chunks each held
 * when both were loaded from the route table). The routes name a page; the shell hands the table
 * to them through its outlet.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type AdminPageName = 'platformList' | 'platformForm' | 'userList' | 'userForm' | 'roleList';
export type AdminPages = Record<AdminPageName, LazyExoticComponent<ComponentType>>;

export const ADMIN_PAGES: AdminPages = {
  platformList: lazy(() => import('./routes/platform/index')),
  platformForm: lazy(() => import('./routes/platform/form')),
  userList: lazy(() => import('./routes/user/index')),
  userForm: lazy(() => import('./routes/user/form')),
  roleList: lazy(() => import('./routes/role/index')),
};
