import { defineTexts } from '@shared/i18n/define-texts';

export const texts = defineTexts(
  {
    roleId: 'Role number',
    roleName: 'Role name',
    modules: 'Visible modules',
    description: 'Role description',
  },
  {
    roleId: '角色编号',
    roleName: '角色名称',
    modules: '可见模块',
    description: '角色描述',
  },
);
