import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_MODULES } from '@shared/contract/admin';
import { ROUTES } from '@shared/routes';
import { ADMIN_PAGE_ROUTES, ADMIN_ROUTES, adminModuleAt } from './admin-routes';

const PATHS = [
  '/admin',
  '/admin/',
  '/admin/user',
  '/admin/user/',
  '/admin/user/edit',
  '/admin/user/anything',
  '/admin/user/edit/more',
  '/admin/platform',
  '/admin/platform/create',
  '/admin/role',
  '/admin/role/view',
  '/admin/nothing-here',
  '/admin/users',
];

describe("the back office's route tree", () => {
  it('has every module of the spec once, in menu order', () => {
    expect(ADMIN_ROUTES.map((route) => route.module)).toEqual([...BACK_OFFICE_MODULES]);
  });

  it('places each page under its module', () => {
    expect(adminModuleAt(ROUTES.adminUser)?.module).toBe('users');
    expect(adminModuleAt('/admin/user/edit')?.module).toBe('users');
    expect(adminModuleAt('/admin/platform/')?.module).toBe('platforms');
    expect(adminModuleAt('/admin/platform/view')?.module).toBe('platforms');
    expect(adminModuleAt(ROUTES.adminRole)?.module).toBe('role');
  });

  it('has no module for a path with no page (the shell says "no permission")', () => {
    for (const path of [
      '/admin',
      '/admin/nothing-here',
      '/admin/users',
      '/admin/role/view',
      '/admin/user/a/b',
    ])
      expect(adminModuleAt(path), path).toBeUndefined();
  });

  it('routes to a page exactly where a module is found', () => {
    for (const path of PATHS)
      expect(Boolean(matchRoutes(ADMIN_PAGE_ROUTES, path, ROUTES.admin)), path).toBe(
        adminModuleAt(path) !== undefined,
      );
  });
});
