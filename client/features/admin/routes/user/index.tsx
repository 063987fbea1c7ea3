import { DatePicker, Form, Input, Switch, type TableColumnProps } from '@arco-design/web-react';
import { AsEnteredTitle } from '@client/features/admin/components/as-entered';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { InternalUser } from '@shared/contract/admin';
import { operatePath, ROUTES, type Operate } from '@shared/routes';
import {
  deleteInternalUsers,
  updateInternalUser,
  useInternalUsers,
  usePlatformNames,
  useSources,
  type UserFilters,
} from '@client/features/admin/api';
import { AdminPage } from '@client/features/admin/components/admin-page';
import { AdminFilters, dayRange, useListSearch } from '@client/features/admin/components/list-filters';
import {
  ACTIONS_WIDTH,
  AdminList,
  CellText,
  PAGE_SIZE,
  rowActionsColumn,
  useListDeletion,
} from '@client/features/admin/components/admin-list';
import { useFormatTime } from '@client/lib/format-time';
import { adminTexts } from '@client/features/admin/components/admin-shell.locale';
import { notify } from '@client/lib/notify';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './locale';
import './user.css';
import { format } from '@shared/i18n/define-texts';
import { handleError } from '@client/lib/api/handle-error';

interface FilterValues {
  ssoUid?: string;
  phone?: string;
  email?: string;
  githubAccount?: string;
  created?: string[];
}

/** The registration-source filter's "all" choice (no filter). */
const ALL = '__all';
const DEFAULT_SOURCE = 'default';

const toOperate = (operate: Operate, id?: string) => operatePath(ROUTES.adminUserOperate, operate, id);
const labelOf = (user: InternalUser) => user.username || user.email || user.phone || user.ssoUid;

/** /admin/user: the internal-user list (spec §2). */
export default function UserListPage() {
  const formatTime = useFormatTime();
  const t = useTexts(texts);
  const common = useTexts(adminTexts);
  const navigate = useNavigate();
  const [form] = Form.useForm<FilterValues>();
  const { filters: fields, page, setPage, apply } = useListSearch<UserFilters>();
  const [source, setSource] = useState<string[]>([]);
  const [used, setUsed] = useState<string[]>([]);
  const [switching, setSwitching] = useState<string | null>(null);
  const names = usePlatformNames();
  const { data: sources } = useSources();
  const filters: UserFilters = {
    ...fields,
    createOrigins: source.length && source[0] !== ALL ? source : undefined,
    platforms: used.length ? used : undefined,
  };
  const { data, error, isLoading, mutate } = useInternalUsers(
    { pageNumber: page, pageSize: PAGE_SIZE },
    filters,
  );
  const deletion = useListDeletion(deleteInternalUsers, t.deleted);
  // An id no platform has is shown as stored, less what could hide or reorder it (a right-to-left
  // override): anyone's sign-up link may set the source the UAA records.
  const nameOf = (id: string) => names.get(id) ?? id.replace(/[\p{Cc}\p{Cf}]/gu, '');

  function search(values: FilterValues): void {
    const { from, to } = dayRange(values.created);
    const text = (v: string | undefined) => v?.trim() || undefined;
    const next = {
      ssoUid: text(values.ssoUid),
      phone: text(values.phone),
      email: text(values.email),
      githubAccount: text(values.githubAccount),
      since: from,
      until: to,
    };
    apply(next, mutate, deletion);
  }

  function reset(): void {
    form.resetFields();
    setSource([]);
    setUsed([]);
    search({});
  }

  /** Spec §4: the list switch sends the update at once. */
  async function setStatus(user: InternalUser, on: boolean): Promise<void> {
    setSwitching(user.ssoUid);
    try {
      await updateInternalUser(
        { ssoUid: user.ssoUid, status: on ? 'ACTIVE' : 'DISABLED' },
        { silent: false },
      );
      notify.success(common.operationSuccess);
    } catch (error) {
      handleError(error); // the switch keeps the stored state
    } finally {
      setSwitching(null);
    }
  }

  const sourceOptions = [
    { text: t.all, value: ALL },
    { text: t.defaultSource, value: DEFAULT_SOURCE },
    ...(sources ?? []).map((id) => ({ text: nameOf(id), value: id })),
  ];
  const platformOptions = (sources ?? []).map((id) => ({ text: nameOf(id), value: id }));

  // Widths that fit the panel at 1280 px (issue 29: 996 px with the selection column), so the fixed
  // Actions column covers nothing there; longer values end in an ellipsis with a tooltip.
  const text = (v: string | null) => (v ? <CellText>{v}</CellText> : null);
  const columns: TableColumnProps<InternalUser>[] = [
    { title: t.ssoUid, dataIndex: 'ssoUid', width: 72, render: text },
    { title: t.email, dataIndex: 'email', width: 112, render: text },
    { title: t.phone, dataIndex: 'phone', width: 96 },
    { title: t.github, dataIndex: 'githubAccount', width: 72, render: text },
    {
      title: t.columnSource,
      dataIndex: 'createBy',
      width: 108,
      filters: sourceOptions,
      filterMultiple: false,
      filteredValue: source,
      render: (v: string) => text(v ? nameOf(v) : t.defaultSource),
    },
    {
      title: t.columnPlatforms,
      dataIndex: 'platforms',
      width: 96,
      filters: platformOptions,
      filterMultiple: true,
      filteredValue: used,
      render: (v: string[]) => text(v.map(nameOf).join(', ')),
    },
    {
      title: <AsEnteredTitle title={t.columnRoles} />,
      dataIndex: 'roles',
      width: 76,
      render: (_: unknown, row) => text(row.roles.map((r) => r.roleName).join(', ')),
    },
    {
      title: t.columnStatus,
      dataIndex: 'status',
      width: 100,
      render: (_: unknown, row) => (
        <Switch
          checked={row.status === 'ACTIVE'}
          checkedText={t.active}
          uncheckedText={t.disabled}
          loading={switching === row.ssoUid}
          aria-label={format(t.statusOf, { user: labelOf(row) })}
          onChange={(on) => void setStatus(row, on)}
        />
      ),
    },
    {
      title: t.columnCreated,
      dataIndex: 'createTime',
      width: 88,
      render: (v: string) => <span className="user-created">{formatTime(v)}</span>,
    },
    rowActionsColumn<InternalUser>(
      common,
      {
        view: (row) => navigate(toOperate('view', row.ssoUid)),
        edit: (row) => navigate(toOperate('edit', row.ssoUid)),
        remove: (row) => deletion.remove([row.ssoUid], format(t.deleteOne, { user: labelOf(row) })),
      },
      ACTIONS_WIDTH,
    ),
  ];

  return (
    <AdminPage title={common.modules.users}>
      {deletion.holder}
      <AdminFilters form={form} onSearch={search} onReset={reset}>
        <Form.Item label={t.ssoUid} field="ssoUid">
          <Input placeholder={t.ssoUidPlaceholder} allowClear />
        </Form.Item>
        <Form.Item label={t.phone} field="phone">
          <Input placeholder={t.phonePlaceholder} allowClear />
        </Form.Item>
        <Form.Item label={t.email} field="email">
          <Input placeholder={t.emailPlaceholder} allowClear />
        </Form.Item>
        <Form.Item label={t.github} field="githubAccount">
          <Input placeholder={t.githubPlaceholder} allowClear />
        </Form.Item>
        <Form.Item label={t.created} field="created">
          <DatePicker.RangePicker placeholder={[common.createdFrom, common.createdTo]} allowClear />
        </Form.Item>
      </AdminFilters>
      <AdminList<InternalUser>
        addLabel={t.add}
        onAdd={() => navigate(toOperate('create'))}
        selection={deletion}
        rowKey="ssoUid"
        columns={columns}
        data={data?.users ?? []}
        loading={isLoading && !data}
        page={page}
        total={data?.totalCount ?? 0}
        onPage={setPage}
        error={error}
        onRetry={() => mutate()}
        onChange={(_pagination, _sorter, columnFilters, extra) => {
          if (extra.action !== 'filter') return;
          setSource((columnFilters.createBy as string[] | undefined) ?? []);
          setUsed((columnFilters.platforms as string[] | undefined) ?? []);
          setPage(1);
        }}
      />
    </AdminPage>
  );
}
