/**
 * A list's panel: its table (selection, columns, row actions, paging) and its confirmed
 * deletions.
 */
import {
  Button,
  Table,
  Typography,
  type PaginationProps,
  type TableColumnProps,
  type TableProps,
} from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useEffect, useRef } from 'react';
import { LIST_PAGE_SIZES } from '@shared/api/list-address';
import { useTexts } from '@client/lib/i18n/use-texts';
import { DataLoadError } from '@client/components/load-error';
import { adminTexts } from './admin-shell.locale';
import { useA11yTable } from './admin-table';
import { LinkButton } from '@client/components/link-button';
import type { OpenedFrom } from './list-filters';
import type { useListDeletion } from './list-deletion';

/**
 * Spec §9: 12 per page by default; the 12, 15 and 20 options exist but the size changer is not
 * shown (an address may ask for another: shared/api/list-address.ts).
 */
export function pagination(
  { page, size }: { page: number; size: number },
  total: number,
  onChange: (page: number) => void,
  { totalKnown = true } = {},
): PaginationProps {
  return {
    current: page,
    total,
    pageSize: size,
    sizeOptions: [...LIST_PAGE_SIZES],
    sizeCanChange: false,
    showTotal: totalKnown,
    // Arco passes the page size too: the page alone is the list's to change.
    onChange: (next: number) => onChange(next),
  };
}

/** What a list's panel needs of its deletions (`useListDeletion`): the selection and the bulk delete. */
type ListSelection = Pick<ReturnType<typeof useListDeletion>, 'selected' | 'setSelected' | 'removeSelected'>;

/** Arco's row-selection column. */
const SELECTION_WIDTH = 40;

/**
 * The table's width: the sum of its columns' when each declares one (a fixed layout, so long
 * values end in an ellipsis and the fixed Actions column never covers a column for good),
 * otherwise each column as wide as its content.
 */
function tableWidth<T>(columns: TableColumnProps<T>[]): number | 'max-content' {
  const widths = columns.map((column) => column.width);
  if (!widths.every((width): width is number => typeof width === 'number')) return 'max-content';
  return widths.reduce((sum, width) => sum + width, SELECTION_WIDTH);
}

/**
 * A value that may be longer than its column: one line, an ellipsis, and the whole value in a
 * tooltip; `lang` when it is not in the page's language (useAsEnteredLang).
 */
export function CellText({ children, lang }: { children: string; lang?: string }) {
  return (
    // The tooltip says the text again (Arco reads it as a string): in its language too.
    <Typography.Ellipsis showTooltip={lang ? { content: <span lang={lang}>{children}</span> } : true}>
      {lang ? <span lang={lang}>{children}</span> : children}
    </Typography.Ellipsis>
  );
}

/**
 * The Actions column's width: its three text buttons at the tighter padding of sized tables
 * (admin-shell.css), in either language.
 */
export const ACTIONS_WIDTH = 136;

/**
 * A list's panel: Add and Bulk delete above the table. The table's rows are selectable by
 * checkbox (the checkboxes get their names), it scrolls sideways when narrow, and it is paged.
 * Give every column a width (and long values `CellText`) when the content would not fit.
 */
export function AdminList<T>({
  addLabel,
  addTo,
  from,
  selection,
  rowKey,
  columns,
  data,
  loading,
  page,
  size,
  total,
  onPage,
  onChange,
  error,
  onRetry,
}: {
  addLabel: string;
  /** The create form's address, and what the link carries there (the list's own: useFromList). */
  addTo: string;
  from: OpenedFrom;
  selection: ListSelection;
  rowKey: keyof T & string;
  columns: TableColumnProps<T>[];
  data: T[];
  /**
   * Nothing to show yet. Not SWR's `isLoading` alone: a page seeded from the first screen is
   * reported loading until its revalidation ends, with its rows already there.
   */
  loading: boolean;
  page: number;
  size: number;
  total: number;
  /** `replace` when the list corrects its own page (no step back to a page that is not there). */
  onPage: (page: number, options?: { replace?: boolean }) => void;
  onChange?: TableProps<T>['onChange'];
  /** The page's load failed (SWR's error): said in the table's place, with `onRetry`. */
  error?: unknown;
  onRetry: () => unknown;
}) {
  const t = useTexts(adminTexts);
  const tableRef = useA11yTable(t);
  const width = tableWidth(columns);
  const failed = error !== undefined && data.length === 0 && !loading;
  // A page that failed keeps the paging the list had (issue 40), or the pages up to this one when
  // none has come yet, without a total it does not know: the person can still move.
  const lastTotal = useRef<number | null>(null);
  if (!failed && !loading) lastTotal.current = total;
  useLastPageWhenPastTheEnd(
    { page, size, total },
    !loading && error === undefined && data.length === 0,
    onPage,
  );
  const paging = failed
    ? pagination({ page, size }, lastTotal.current ?? page * size, onPage, {
        totalKnown: lastTotal.current !== null,
      })
    : pagination({ page, size }, total, onPage);
  return (
    <section className="admin-panel">
      <div className="admin-toolbar">
        <LinkButton type="primary" icon={<IconPlus />} to={addTo} state={from}>
          {addLabel}
        </LinkButton>
        <Button status="danger" icon={<IconDelete />} onClick={selection.removeSelected}>
          {t.bulkDelete}
        </Button>
      </div>
      <div ref={tableRef}>
        <Table<T>
          className={width === 'max-content' ? 'admin-table' : 'admin-table admin-table-sized'}
          rowKey={rowKey}
          columns={columns}
          data={data}
          loading={loading}
          noDataElement={failed ? <DataLoadError compact onRetry={onRetry} /> : undefined}
          scroll={{ x: width }}
          rowSelection={{
            type: 'checkbox',
            // Each row's checkbox is named by its label's text (hidden: admin-shell.css), in the
            // page's markup from the start: the BFF renders the list before any script runs.
            checkboxProps: () => ({ children: t.selectRow }),
            selectedRowKeys: selection.selected,
            onChange: (keys) => selection.setSelected(keys.map(String)),
          }}
          onChange={onChange}
          pagination={paging}
        />
      </div>
    </section>
  );
}

/**
 * The last column of a list: view and edit the row (links to its form's address, carrying `from`),
 * and delete it.
 */
export function rowActionsColumn<T>(
  t: { actions: string; view: string; edit: string; delete: string },
  on: { view: (row: T) => string; edit: (row: T) => string; remove: (row: T) => void },
  from: OpenedFrom,
  width?: number,
): TableColumnProps<T> {
  return {
    title: t.actions,
    dataIndex: 'actions',
    fixed: 'right',
    width,
    render: (_: unknown, row: T) => (
      <span className="admin-row-actions">
        <LinkButton type="text" size="small" to={on.view(row)} state={from}>
          {t.view}
        </LinkButton>
        <LinkButton type="text" size="small" to={on.edit(row)} state={from}>
          {t.edit}
        </LinkButton>
        <Button type="text" size="small" status="danger" onClick={() => on.remove(row)}>
          {t.delete}
        </Button>
      </span>
    ),
  };
}

/**
 * A page past the last (its every row deleted, an address from before) moves to the last page,
 * instead of "No data" beside a total and no page selected (issue 40). `emptyAnswer`: the page's
 * call answered, with no rows.
 */
export function useLastPageWhenPastTheEnd(
  { page, size, total }: { page: number; size: number; total: number },
  emptyAnswer: boolean,
  onPage: (page: number, options: { replace: boolean }) => void,
): void {
  const lastPage = Math.max(1, Math.ceil(total / size));
  const pastTheEnd = emptyAnswer && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onPage(lastPage, { replace: true });
  }, [pastTheEnd, lastPage, onPage]);
}
