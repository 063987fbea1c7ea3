// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { openInApp, setUpClientTest } from '@tests/support/client-app';
import { shown } from '@tests/support/client-form';
import RoleListPage from './index';

const uaa = setUpClientTest({});
const role = (roleId: number, resName: string) => ({
  roleId,
  roleName: `R${roleId}`,
  resName,
  roleDesc: 'd',
});

describe('the role list', () => {
  it.each(['users,__proto__', 'users,toString', 'users,constructor'])(
    'shows a module it does not know (%s) by its name, and every row',
    async (resName) => {
      uaa.answer({ roleList: { roles: [role(1, resName), role(2, 'platforms')], totalCount: 2 } });
      await openInApp(<RoleListPage />, { url: '/admin/role' });
      expect(shown('R2')).toBe(true);
      const tags = [...document.querySelectorAll('.role-modules .arco-tag')].map((tag) => tag.textContent);
      expect(tags).toContain(resName.split(',')[1]);
    },
  );
});
