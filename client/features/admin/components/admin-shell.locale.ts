import { BACK_OFFICE, BACK_OFFICE_NAMES, type BackOfficeModule } from '@shared/back-office';
import { defineTexts } from '@shared/i18n/define-texts';
import type { Locale } from '@shared/i18n/locale';

/** Each module's title in `locale`, as the back office's table names it (shared/back-office.ts). */
const modulesIn = (locale: Locale) =>
  Object.fromEntries(
    BACK_OFFICE_NAMES.map((name) => [BACK_OFFICE[name].module, BACK_OFFICE[name].label[locale]]),
  ) as Record<BackOfficeModule, string>;

/** Texts of the back-office shell and the controls every back-office page shares. */
export const adminTexts = defineTexts(
  {
    title: 'Back office',
    accountMenu: 'Account menu',
    logout: 'Log out',
    navigation: 'Back-office modules',
    modules: modulesIn('en-US'),
    search: 'Search',
    reset: 'Reset',
    filters: 'Filters',
    filtersSet: 'Filters ({count})',
    add: 'Add',
    bulkDelete: 'Delete selected',
    view: 'View',
    edit: 'Edit',
    delete: 'Delete',
    actions: 'Actions',
    confirm: 'Confirm',
    cancel: 'Cancel',
    back: 'Back',
    save: 'Save',
    createdFrom: 'Created from',
    createdTo: 'Created until',
    selectRow: 'Select this row',
    selectAll: 'Select all rows',
    operationSuccess: 'Operation successful',
    deleteTitle: 'Delete',
    deleteSelected: 'Delete the {count} selected items? This cannot be undone.',
    deleted: 'Deleted successfully',
    draftRestored: 'What you typed before signing in again is back. Save to keep it.',
  },
  {
    title: '后台管理',
    accountMenu: '账号菜单',
    logout: '退出登录',
    navigation: '后台模块',
    modules: modulesIn('zh-CN'),
    search: '查询',
    reset: '重置',
    filters: '筛选',
    filtersSet: '筛选（{count}）',
    add: '新增',
    bulkDelete: '批量删除',
    view: '查看',
    edit: '编辑',
    delete: '删除',
    actions: '操作',
    confirm: '确定',
    cancel: '取消',
    back: '返回',
    save: '保存',
    createdFrom: '创建开始日期',
    createdTo: '创建结束日期',
    selectRow: '选择此行',
    selectAll: '选择全部行',
    operationSuccess: '操作成功',
    deleteTitle: '删除',
    deleteSelected: '确定删除选中的 {count} 项吗？删除后无法恢复。',
    deleted: '删除成功',
    draftRestored: '已恢复重新登录前填写的内容，保存后生效。',
  },
);
