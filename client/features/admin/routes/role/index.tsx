import { Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import type { BackOfficeModule, Role } from '@shared/contract/admin';
import { useBackOfficeList } from '@client/features/admin/api';
import { AdminPage } from '@client/features/admin/components/admin-page';
import {
  CellText,
  pagination,
  useLastPageWhenPastTheEnd,
} from '@client/features/admin/components/admin-list';
import { useListAddress } from '@client/features/admin/components/list-filters';
import { adminTexts } from '@client/features/admin/components/admin-shell.locale';
import { AsEnteredTitle, useAsEnteredLang } from '@client/features/admin/components/as-entered';
import { useTexts } from '@client/lib/i18n/use-texts';
import { DataLoadError } from '@client/components/load-error';
import { texts } from './locale';

/** The role list has no filters. */
const noFilters = () => ({});

/** /admin/role: the read-only role list (spec §2, §6: roles are not created or edited here). */
export default function RoleListPage() {
  const t = useTexts(texts);
  const common = useTexts(adminTexts);
  const langOf = useAsEnteredLang();
  const { page, size, setPage } = useListAddress('roles', noFilters);
  const { data, error, isLoading, mutate } = useBackOfficeList('roles', { page, size }, {});
  const total = data?.totalCount ?? 0;
  useLastPageWhenPastTheEnd({ page, size, total }, data?.roles.length === 0, setPage);
  // Own keys only: a module named `__proto__` or `toString` is shown as its name, not Object's.
  const moduleTitle = (name: string) =>
    Object.hasOwn(common.modules, name) ? common.modules[name as BackOfficeModule] : name;

  // Declared widths (issue 29): a long description wraps within its column instead of widening
  // the table past the panel at 1280 px.
  const columns: TableColumnProps<Role>[] = [
    { title: t.roleId, dataIndex: 'roleId', width: 100 },
    {
      title: <AsEnteredTitle title={t.roleName} />,
      dataIndex: 'roleName',
      width: 180,
      render: (v: string) => <CellText lang={langOf(v)}>{v}</CellText>,
    },
    {
      title: t.modules,
      dataIndex: 'resName',
      width: 320,
      render: (v: string) => (
        <span className="role-modules">
          {v
            .split(',')
            .map((m) => m.trim())
            .filter(Boolean)
            .map((m) => (
              <Tag key={m} color="arcoblue">
                {moduleTitle(m)}
              </Tag>
            ))}
        </span>
      ),
    },
    {
      title: <AsEnteredTitle title={t.description} />,
      dataIndex: 'roleDesc',
      width: 360,
      render: (v: string) => (
        <span className="role-description" lang={langOf(v)}>
          {v}
        </span>
      ),
    },
  ];

  return (
    <AdminPage title={common.modules.role}>
      <section className="admin-panel">
        <Table<Role>
          className="admin-table admin-table-sized"
          rowKey="roleId"
          columns={columns}
          data={data?.roles ?? []}
          loading={isLoading && !data}
          noDataElement={error && !data ? <DataLoadError compact onRetry={() => mutate()} /> : undefined}
          scroll={{ x: columns.reduce((sum, column) => sum + Number(column.width), 0) }}
          pagination={pagination({ page, size }, total, (next) => setPage(next))}
        />
      </section>
    </AdminPage>
  );
}
