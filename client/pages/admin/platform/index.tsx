import { Button, DatePicker, Form, Input, Table, type TableColumnProps } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Platform } from '@shared/api/admin-types';
import { productMessage } from '@shared/errors/catalogue';
import { ROUTES } from '@shared/routes';
import { deletePlatforms, usePlatforms, type PlatformQuery } from '../../../api/admin';
import {
  AdminPage,
  dayRange,
  formatTime,
  pagination,
  PAGE_SIZE,
  sameFilters,
  useConfirm,
} from '../../../components/admin-list';
import { operatePath, type Operate } from '../../../components/admin-modules';
import { adminTexts } from '../../../components/admin-shell.locale';
import { useA11yTable } from '../../../components/admin-table';
import { notify } from '../../../components/notify';
import { useTexts } from '../../../i18n/define-texts';
import { useLocale } from '../../../i18n/locale-context';
import { texts } from './locale';

interface FilterValues {
  platformsId?: string;
  displayName?: string;
  created?: string[];
}

const toOperate = (operate: Operate, id?: string) => operatePath(ROUTES.adminPlatformOperate, operate, id);

/** /admin/platform: the sub-platform list (spec §2). */
export default function PlatformListPage() {
  const t = useTexts(texts);
  const common = useTexts(adminTexts);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<Omit<PlatformQuery, 'current' | 'pageSize'>>({});
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const { data, isLoading, mutate } = usePlatforms({ current: page, pageSize: PAGE_SIZE, ...filters });
  const { confirm, holder } = useConfirm();
  const tableRef = useA11yTable(common);

  function search(values: FilterValues): void {
    const { from, to } = dayRange(values.created);
    const next = {
      platformsId: values.platformsId?.trim() || undefined,
      displayName: values.displayName?.trim() || undefined,
      beginTime: from,
      endTime: to,
    };
    // The same search again still asks the server (someone else may have changed the list).
    if (page === 1 && sameFilters(next, filters)) void mutate();
    setFilters(next);
    setPage(1);
    setSelected([]);
  }

  function reset(): void {
    form.resetFields();
    search({});
  }

  function remove(ids: string[], content: string): void {
    confirm({
      title: common.deleteTitle,
      content,
      onOk: async () => {
        await deletePlatforms(ids);
        notify.success(t.deleted);
        setSelected((s) => s.filter((id) => !ids.includes(id)));
      },
    });
  }

  function removeSelected(): void {
    if (selected.length === 0) {
      notify.warning(productMessage('selectToDelete', locale));
      return;
    }
    remove(selected, common.deleteSelected.replace('{count}', String(selected.length)));
  }

  const columns: TableColumnProps<Platform>[] = [
    { title: t.columnId, dataIndex: 'id' },
    { title: t.columnName, dataIndex: 'displayName' },
    { title: t.columnCreated, dataIndex: 'createTime', render: (v: string) => formatTime(v) },
    {
      title: t.columnHome,
      dataIndex: 'homePageUrl',
      render: (v: string) =>
        v ? (
          <a href={v} target="_blank" rel="noopener noreferrer">
            {v}
          </a>
        ) : null,
    },
    {
      title: common.actions,
      dataIndex: 'actions',
      fixed: 'right',
      render: (_: unknown, row) => (
        <span className="admin-row-actions">
          <Button type="text" size="small" onClick={() => navigate(toOperate('view', row.id))}>
            {common.view}
          </Button>
          <Button type="text" size="small" onClick={() => navigate(toOperate('edit', row.id))}>
            {common.edit}
          </Button>
          <Button
            type="text"
            size="small"
            status="danger"
            onClick={() => remove([row.id], t.deleteOne.replace('{name}', row.displayName))}
          >
            {common.delete}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <AdminPage title={common.modules.platforms}>
      {holder}
      <section className="admin-panel">
        <Form form={form} layout="vertical" onSubmit={search} className="admin-filters" role="search">
          <Form.Item label={t.id} field="platformsId">
            <Input placeholder={t.idPlaceholder} allowClear />
          </Form.Item>
          <Form.Item label={t.name} field="displayName">
            <Input placeholder={t.namePlaceholder} allowClear />
          </Form.Item>
          <Form.Item label={t.created} field="created">
            <DatePicker.RangePicker
              className="admin-range"
              placeholder={[common.createdFrom, common.createdTo]}
              allowClear
            />
          </Form.Item>
          <div className="admin-filter-buttons">
            <Button type="primary" htmlType="submit">
              {common.search}
            </Button>
            <Button onClick={reset}>{common.reset}</Button>
          </div>
        </Form>
      </section>
      <section className="admin-panel">
        <div className="admin-toolbar">
          <Button type="primary" icon={<IconPlus />} onClick={() => navigate(toOperate('create'))}>
            {t.add}
          </Button>
          <Button status="danger" icon={<IconDelete />} onClick={removeSelected}>
            {common.bulkDelete}
          </Button>
        </div>
        <div ref={tableRef}>
          <Table<Platform>
            className="admin-table"
            rowKey="id"
            columns={columns}
            data={data?.records ?? []}
            loading={isLoading}
            scroll={{ x: 'max-content' }}
            rowSelection={{
              type: 'checkbox',
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.map(String)),
            }}
            pagination={pagination(page, data?.total ?? 0, setPage)}
          />
        </div>
      </section>
    </AdminPage>
  );
}
