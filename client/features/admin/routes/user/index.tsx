import { Switch, type TableColumnProps } from '@arco-design/web-react';
import { AsEnteredTitle, useAsEnteredLang } from '@client/features/admin/components/as-entered';
import { useState } from 'react';
import type { InternalUser } from '@shared/contract/admin';
import { operatePath, ROUTES, type Operate } from '@shared/routes';
import {
  deleteInternalUsers,
  updateInternalUser,
  useBackOfficeList,
  usePlatformNames,
  useSources,
  type ListFilters,
} from '@client/features/admin/api';
import { AdminPage } from '@client/features/admin/components/admin-page';
import {
  dayRange,
  filterText,
  useListAddress,
  useFromList,
  type FilterParams,
} from '@client/features/admin/components/list-filters';
import { FilterPanel, preloadFilterFields } from '@client/features/admin/components/filter-panel';
import { lazyComponent } from '@client/lib/lazy';
import type { FilterValues } from './filters';
import { useListDeletion } from '@client/features/admin/components/list-deletion';
import {
  ACTIONS_WIDTH,
  AdminList,
  CellText,
  rowActionsColumn,
} from '@client/features/admin/components/admin-list';
import { dayParam } from '@shared/api/list-address';
import { useFormatTime } from '@client/lib/format-time';
import { adminTexts } from '@client/features/admin/components/admin-shell.locale';
import { notify } from '@client/lib/notify';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './locale';
import './user.css';
import { format } from '@shared/i18n/define-texts';
import { handleError } from '@client/lib/api/handle-error';

/** The registration-source filter's "all" choice (no filter). */
const ALL = '__all';
const DEFAULT_SOURCE = 'default';

const toOperate = (operate: Operate, id?: string) => operatePath(ROUTES.adminUserOperate, operate, id);
const labelOf = (user: InternalUser) => user.username || user.email || user.phone || user.ssoUid;

/** The filters in the address (BACK_OFFICE.users.list.filters) as the form's values. */
function fieldsOf(params: URLSearchParams): FilterValues {
  const [from, to] = [dayParam(params.get('from')), dayParam(params.get('to'))];
  const platforms = params.getAll('platform').filter(Boolean);
  return {
    ssoUid: params.get('uid') ?? undefined,
    phone: params.get('phone') ?? undefined,
    email: params.get('email') ?? undefined,
    githubAccount: params.get('github') ?? undefined,
    created: from && to ? [from, to] : undefined,
    source: params.get('source') || undefined,
    platforms: platforms.length ? platforms : undefined,
  };
}

/** The form's values as the address writes them. */
function paramsOf(values: FilterValues): FilterParams {
  const [from, to] = values.created ?? [];
  return {
    uid: filterText(values.ssoUid),
    phone: filterText(values.phone),
    email: filterText(values.email),
    github: filterText(values.githubAccount),
    from,
    to,
    source: values.source === ALL ? undefined : values.source,
    platform: values.platforms,
  };
}

/** The form's values as the search call's filters. */
function filtersOf(values: FilterValues): ListFilters<'users'> {
  const { from, to } = dayRange(values.created);
  return {
    ssoUid: filterText(values.ssoUid),
    phone: filterText(values.phone),
    email: filterText(values.email),
    githubAccount: filterText(values.githubAccount),
    since: from,
    until: to,
    createOrigins: values.source ? [values.source] : undefined,
    platforms: values.platforms,
  };
}

const Filters = lazyComponent(() => import(/* webpackChunkName: "admin-users-filters" */ './filters'));

/** The parts the page's first render needs: its filter fields on a desktop. */
export const preloadParts = () => preloadFilterFields(Filters);

/** /admin/user: the internal-user list (spec §2). */
export default function UserListPage() {
  const formatTime = useFormatTime();
  const t = useTexts(texts);
  const common = useTexts(adminTexts);
  const langOf = useAsEnteredLang();
  const from = useFromList();
  const { page, size, values, setPage, apply } = useListAddress('users', fieldsOf);
  const [switching, setSwitching] = useState<string | null>(null);
  const names = usePlatformNames();
  const { data: sources } = useSources();
  const { data, error, isLoading, mutate } = useBackOfficeList('users', { page, size }, filtersOf(values));
  const deletion = useListDeletion(deleteInternalUsers, t.deleted);
  // An id no platform has is shown as stored, less what could hide or reorder it (a right-to-left
  // override): anyone's sign-up link may set the source the UAA records.
  const nameOf = (id: string) => names.get(id) ?? id.replace(/[\p{Cc}\p{Cf}]/gu, '');

  function search(next: FilterValues): void {
    apply(paramsOf(next), mutate, deletion);
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

  // Named, searchable fields of the filter form (issue 40): as column filters they could be neither
  // reached nor named by keyboard or screen reader, and 70 platforms filled a six-row box.
  const platformOptions = (sources ?? []).map((id) => ({ label: nameOf(id), value: id }));
  const sourceOptions = [
    { label: t.all, value: ALL },
    { label: t.defaultSource, value: DEFAULT_SOURCE },
    ...platformOptions,
  ];

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
      render: (v: string) => text(v ? nameOf(v) : t.defaultSource),
    },
    {
      title: t.columnPlatforms,
      dataIndex: 'platforms',
      width: 96,
      render: (v: string[]) => text(v.map(nameOf).join(', ')),
    },
    {
      title: <AsEnteredTitle title={t.columnRoles} />,
      dataIndex: 'roles',
      width: 76,
      render: (_: unknown, row) => {
        const names = row.roles.map((r) => r.roleName).join(', ');
        return names ? <CellText lang={langOf(names)}>{names}</CellText> : null;
      },
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
        view: (row) => toOperate('view', row.ssoUid),
        edit: (row) => toOperate('edit', row.ssoUid),
        remove: (row) => deletion.remove([row.ssoUid], format(t.deleteOne, { user: labelOf(row) })),
      },
      from,
      ACTIONS_WIDTH,
    ),
  ];

  return (
    <AdminPage title={common.modules.users}>
      {deletion.holder}
      <FilterPanel values={values} fields={Filters}>
        <Filters
          values={values}
          onSearch={search}
          sourceOptions={sourceOptions}
          platformOptions={platformOptions}
        />
      </FilterPanel>
      <AdminList<InternalUser>
        addLabel={t.add}
        addTo={toOperate('create')}
        from={from}
        selection={deletion}
        rowKey="ssoUid"
        columns={columns}
        data={data?.users ?? []}
        loading={isLoading && !data}
        page={page}
        size={size}
        total={data?.totalCount ?? 0}
        onPage={setPage}
        error={error}
        onRetry={() => mutate()}
      />
    </AdminPage>
  );
}
