/**
 * The back office's pages, loaded by the shell (components/admin-shell.tsx) rather than by the
 * route table: each page's chunk is then a child of the shell's and leaves out the Arco parts the
 * shell has already brought (Trigger, Menu's helpers, lodash; 82 modules the two chunks each held
 * when both were loaded from the route table). The routes name a page; the shell hands the table
 * to them through its outlet.
 */
import type { ComponentType } from 'react';
import { lazyComponent, type Preloadable } from '@client/lib/lazy';

export type AdminPageName = 'platformList' | 'platformForm' | 'userList' | 'userForm' | 'roleList';
export type AdminPages = Record<AdminPageName, ComponentType & Preloadable>;

export const ADMIN_PAGES: AdminPages = {
  platformList: lazyComponent(() => import('./routes/platform/index')),
  platformForm: lazyComponent(() => import('./routes/platform/form')),
  userList: lazyComponent(() => import('./routes/user/index')),
  userForm: lazyComponent(() => import('./routes/user/form')),
  roleList: lazyComponent(() => import('./routes/role/index')),
};
