import { Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { useState } from 'react';
import type { BackOfficeModule, Role } from '@shared/contract/admin';
import { useRoles } from '../../api';
import { AdminPage, pagination, PAGE_SIZE } from '../../components/admin-list';
import { adminTexts } from '../../components/admin-shell.locale';
import { useTexts } from '../../../../lib/i18n/use-texts';
import { texts } from './locale';

/** /admin/role: the read-only role list (spec §2, §6: roles are not created or edited here). */
export default function RoleListPage() {
  const t = useTexts(texts);
  const common = useTexts(adminTexts);
  const [page, setPage] = useState(1);
  const { data, isLoading } = useRoles({ pageNumber: page, pageSize: PAGE_SIZE }, 1);
  const moduleTitle = (name: string) => common.modules[name as BackOfficeModule] ?? name;

  const columns: TableColumnProps<Role>[] = [
    { title: t.roleId, dataIndex: 'roleId' },
    { title: t.roleName, dataIndex: 'roleName' },
    {
      title: t.modules,
      dataIndex: 'resName',
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
    { title: t.description, dataIndex: 'roleDesc' },
  ];

  return (
    <AdminPage title={common.modules.role}>
      <section className="admin-panel">
        <Table<Role>
          className="admin-table"
          rowKey="roleId"
          columns={columns}
          data={data?.roles ?? []}
          loading={isLoading && !data}
          scroll={{ x: 'max-content' }}
          pagination={pagination(page, data?.totalCount ?? 0, setPage)}
        />
      </section>
    </AdminPage>
  );
}
