import type { TableColumnProps } from '@arco-design/web-react';
import type { Platform } from '@shared/contract/admin';
import { operatePath, ROUTES, type Operate } from '@shared/routes';
import { WebLink } from '@client/components/web-link';
import { deletePlatforms, useBackOfficeList, type ListFilters } from '@client/features/admin/api';
import { AdminPage } from '@client/features/admin/components/admin-page';
import {
  dayRange,
  filterText,
  useListAddress,
  useFromList,
} from '@client/features/admin/components/list-filters';
import { FilterPanel, preloadFilterFields } from '@client/features/admin/components/filter-panel';
import { lazyComponent } from '@client/lib/lazy';
import type { FilterValues } from './filters';
import { useListDeletion } from '@client/features/admin/components/list-deletion';
import { ACTIONS_WIDTH, AdminList, rowActionsColumn } from '@client/features/admin/components/admin-list';
import { dayParam } from '@shared/api/list-address';
import { useFormatTime } from '@client/lib/format-time';
import { adminTexts } from '@client/features/admin/components/admin-shell.locale';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './locale';
import { format } from '@shared/i18n/define-texts';

const toOperate = (operate: Operate, id?: string) => operatePath(ROUTES.adminPlatformOperate, operate, id);

/** The filters in the address (BACK_OFFICE.platforms.list.filters) as the form's values. */
function fieldsOf(params: URLSearchParams): FilterValues {
  const [from, to] = [dayParam(params.get('from')), dayParam(params.get('to'))];
  return {
    platformsId: params.get('id') ?? undefined,
    displayName: params.get('name') ?? undefined,
    created: from && to ? [from, to] : undefined,
  };
}

/** The form's values as the list call's filters. */
function filtersOf(values: FilterValues): ListFilters<'platforms'> {
  const { from, to } = dayRange(values.created);
  return {
    platformsId: filterText(values.platformsId),
    displayName: filterText(values.displayName),
    beginTime: from,
    endTime: to,
  };
}

const Filters = lazyComponent(() => import(/* webpackChunkName: "admin-platforms-filters" */ './filters'));

/** The parts the page's first render needs: its filter fields on a desktop. */
export const preloadParts = () => preloadFilterFields(Filters);

/** /admin/platform: the sub-platform list (spec §2). */
export default function PlatformListPage() {
  const formatTime = useFormatTime();
  const t = useTexts(texts);
  const common = useTexts(adminTexts);
  const from = useFromList();
  const { page, size, values, setPage, apply } = useListAddress('platforms', fieldsOf);
  const { data, error, isLoading, mutate } = useBackOfficeList(
    'platforms',
    { page, size },
    filtersOf(values),
  );
  const deletion = useListDeletion(deletePlatforms, t.deleted);

  function search(next: FilterValues): void {
    const [from, to] = next.created ?? [];
    const params = { id: filterText(next.platformsId), name: filterText(next.displayName), from, to };
    apply(params, mutate, deletion);
  }

  // Widths that fit the panel at 1280 px (issue 29): a home page URL may have 512 characters, and
  // as wide as its content the table scrolled with the fixed Actions column over it.
  const columns: TableColumnProps<Platform>[] = [
    // Arco's own ellipsis and tooltip: the cell holds its text once.
    { title: t.columnId, dataIndex: 'id', width: 120, ellipsis: true, tooltip: true },
    { title: t.columnName, dataIndex: 'displayName', width: 200, ellipsis: true, tooltip: true },
    { title: t.columnCreated, dataIndex: 'createTime', width: 168, render: (v: string) => formatTime(v) },
    {
      title: t.columnHome,
      dataIndex: 'homePageUrl',
      width: 320,
      ellipsis: true,
      tooltip: true,
      render: (v: string) => <WebLink url={v} />,
    },
    rowActionsColumn<Platform>(
      common,
      {
        view: (row) => toOperate('view', row.id),
        edit: (row) => toOperate('edit', row.id),
        remove: (row) => deletion.remove([row.id], format(t.deleteOne, { name: row.displayName })),
      },
      from,
      ACTIONS_WIDTH,
    ),
  ];

  return (
    <AdminPage title={common.modules.platforms}>
      {deletion.holder}
      <FilterPanel values={values} fields={Filters}>
        <Filters values={values} onSearch={search} />
      </FilterPanel>
      <AdminList<Platform>
        addLabel={t.add}
        addTo={toOperate('create')}
        from={from}
        selection={deletion}
        rowKey="id"
        columns={columns}
        data={data?.records ?? []}
        loading={isLoading && !data}
        page={page}
        size={size}
        total={data?.total ?? 0}
        onPage={setPage}
        error={error}
        onRetry={() => mutate()}
      />
    </AdminPage>
  );
}
