/**
 * Pieces every back-office list and form shares: page frame, filter and list panels, row actions,
 * confirmed deletion, time format, paging.
 */
import {
  Button,
  Form,
  Input,
  Modal,
  Table,
  Typography,
  type FormInstance,
  type PaginationProps,
  type TableColumnProps,
  type TableProps,
} from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { LIST_PAGE_SIZE } from '@shared/api/first-screen';
import { productMessage } from '@shared/errors/catalogue';
import { checkDescription, LIMITS } from '@shared/validation/rules';
import { useTexts } from '@client/lib/i18n/use-texts';
import { useLocale } from '@client/lib/i18n/locale-context';
import { adminTexts } from './admin-shell.locale';
import { useA11yTable } from './admin-table';
import { useRule } from '@client/components/form-rules';
import { notify } from '@client/lib/notify';
import { format } from '@shared/i18n/define-texts';
import { handleError } from '@client/lib/api/handle-error';
import { focusFell, focusHeading, returnFocusLater } from '@client/lib/focus';

/** Back-office pages shown in this tab so far. */
let pagesShown = 0;

export function AdminPage({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A page the shell moved to (Add, View, Edit, Save, Back, the menu) starts at its heading
  // (issue 29): the control that moved there is gone, and focus would fall to the page's body.
  // Not the first page of a visit, where the browser starts at the top anyway.
  useEffect(() => {
    if (pagesShown++ > 0 && focusFell()) focusHeading(heading.current);
  }, []);
  return (
    <>
      <div className="admin-page-head">
        <h1 className="admin-page-title" ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {extra}
      </div>
      {children}
    </>
  );
}

/** A picked date range (local 'YYYY-MM-DD' strings) as the first and last instant of those days. */
export function dayRange(range: string[] | undefined): { from?: number; to?: number } {
  const [from, to] = range ?? [];
  return {
    from: from ? new Date(`${from}T00:00:00`).getTime() : undefined,
    to: to ? new Date(`${to}T23:59:59.999`).getTime() : undefined,
  };
}

/** Filter objects compared by their set values (undefined means "no filter"). */
export function sameFilters(a: object, b: object): boolean {
  const set = (o: object) =>
    JSON.stringify(
      Object.entries(o)
        .filter(([, v]) => v !== undefined)
        .sort(([x], [y]) => x.localeCompare(y)),
    );
  return set(a) === set(b);
}

/**
 * A list's filters and page. `apply` runs a search: back to page 1, the selection cleared, and
 * the same search again still asks the server (someone else may have changed the list).
 */
export function useListSearch<F extends object>() {
  const [filters, setFilters] = useState<F>({} as F);
  const [page, setPage] = useState(1);
  function apply(next: F, refresh: () => unknown, selection: { setSelected(keys: string[]): void }): void {
    if (page === 1 && sameFilters(next, filters)) void refresh();
    setFilters(next);
    setPage(1);
    selection.setSelected([]);
  }
  return { filters, page, setPage, apply };
}

/**
 * Spec §9: 12 per page; the 12, 15 and 20 options exist but the size changer is not shown. The
 * BFF inlines the first page of this size (shared/api/first-screen.ts), so it is that constant.
 */
export const PAGE_SIZE = LIST_PAGE_SIZE;
export function pagination(
  current: number,
  total: number,
  onChange: (page: number) => void,
): PaginationProps {
  return {
    current,
    total,
    pageSize: PAGE_SIZE,
    sizeOptions: [12, 15, 20],
    sizeCanChange: false,
    showTotal: true,
    onChange,
  };
}

/** Confirmation dialogs that follow the app language (Modal.useModal reads the ConfigProvider). */
export function useConfirm() {
  const t = useTexts(adminTexts);
  const [modal, holder] = Modal.useModal();
  const confirm = useCallback(
    (options: { title: string; content: ReactNode; onOk: () => Promise<void> }) => {
      // Closed, the dialog gives focus back to the button that opened it, or to the page's heading
      // when that button's row was deleted (issue 29).
      const giveBack = returnFocusLater();
      modal.confirm?.({
        afterClose: () => giveBack(),
        title: options.title,
        content: options.content,
        okText: t.confirm,
        cancelText: t.cancel,
        okButtonProps: { status: 'danger' },
        onOk: async () => {
          // The dialog closes either way.
          await options.onOk().catch((error: unknown) => handleError(error));
        },
      });
    },
    [modal, t],
  );
  return { confirm, holder };
}

/** Copies a value and says so (spec §8 "copy success"). */
export function useCopy(): (value: string) => Promise<void> {
  const t = useTexts(adminTexts);
  return async (value) => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(t.copied);
    } catch {
      notify.error(t.copyFailed);
    }
  };
}

/** The filter panel of a list: the page's fields, then Search and Reset. */
export function AdminFilters<T>({
  form,
  onSearch,
  onReset,
  children,
}: {
  form: FormInstance<T>;
  onSearch: (values: T) => void;
  onReset: () => void;
  children: ReactNode;
}) {
  const t = useTexts(adminTexts);
  return (
    <section className="admin-panel">
      <Form form={form} layout="vertical" onSubmit={onSearch} className="admin-filters" role="search">
        {children}
        <div className="admin-filter-buttons">
          <Button type="primary" htmlType="submit">
            {t.search}
          </Button>
          <Button onClick={onReset}>{t.reset}</Button>
        </div>
      </Form>
    </section>
  );
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

/** A value that may be longer than its column: one line, an ellipsis, and the whole value in a tooltip. */
export function CellText({ children }: { children: string }) {
  return <Typography.Ellipsis showTooltip>{children}</Typography.Ellipsis>;
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
  onAdd,
  selection,
  rowKey,
  columns,
  data,
  loading,
  page,
  total,
  onPage,
  onChange,
}: {
  addLabel: string;
  onAdd: () => void;
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
  total: number;
  onPage: (page: number) => void;
  onChange?: TableProps<T>['onChange'];
}) {
  const t = useTexts(adminTexts);
  const tableRef = useA11yTable(t);
  const width = tableWidth(columns);
  return (
    <section className="admin-panel">
      <div className="admin-toolbar">
        <Button type="primary" icon={<IconPlus />} onClick={onAdd}>
          {addLabel}
        </Button>
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
          scroll={{ x: width }}
          rowSelection={{
            type: 'checkbox',
            selectedRowKeys: selection.selected,
            onChange: (keys) => selection.setSelected(keys.map(String)),
          }}
          onChange={onChange}
          pagination={pagination(page, total, onPage)}
        />
      </div>
    </section>
  );
}

/** The last column of a list: view, edit and delete the row. */
export function rowActionsColumn<T>(
  t: { actions: string; view: string; edit: string; delete: string },
  on: { view: (row: T) => void; edit: (row: T) => void; remove: (row: T) => void },
  width?: number,
): TableColumnProps<T> {
  return {
    title: t.actions,
    dataIndex: 'actions',
    fixed: 'right',
    width,
    render: (_: unknown, row: T) => (
      <span className="admin-row-actions">
        <Button type="text" size="small" onClick={() => on.view(row)}>
          {t.view}
        </Button>
        <Button type="text" size="small" onClick={() => on.edit(row)}>
          {t.edit}
        </Button>
        <Button type="text" size="small" status="danger" onClick={() => on.remove(row)}>
          {t.delete}
        </Button>
      </span>
    ),
  };
}

/**
 * A list's selection and its confirmed deletions: one row from its actions, or the selected
 * rows in bulk (none selected: a warning, nothing asked). `holder` renders the dialog.
 */
export function useListDeletion(deleteIds: (ids: string[]) => Promise<unknown>, deletedText: string) {
  const t = useTexts(adminTexts);
  const { locale } = useLocale();
  const { confirm, holder } = useConfirm();
  const [selected, setSelected] = useState<string[]>([]);

  function remove(ids: string[], content: string): void {
    confirm({
      title: t.deleteTitle,
      content,
      onOk: async () => {
        await deleteIds(ids);
        notify.success(deletedText);
        setSelected((s) => s.filter((id) => !ids.includes(id)));
      },
    });
  }

  function removeSelected(): void {
    if (selected.length === 0) {
      notify.warning(productMessage('selectToDelete', locale));
      return;
    }
    remove(selected, format(t.deleteSelected, { count: selected.length }));
  }

  return { selected, setSelected, remove, removeSelected, holder };
}

/** A form's buttons: Save and Cancel while editing; Edit and Back when only viewing. */
export function AdminFormButtons({
  readOnly,
  saving,
  onEdit,
  onBack,
}: {
  readOnly: boolean;
  saving: boolean;
  onEdit: () => void;
  onBack: () => void;
}) {
  const t = useTexts(adminTexts);
  return (
    <div className="admin-form-buttons">
      {readOnly ? (
        <>
          <Button type="primary" onClick={onEdit}>
            {t.edit}
          </Button>
          <Button onClick={onBack}>{t.back}</Button>
        </>
      ) : (
        <>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t.save}
          </Button>
          <Button onClick={onBack}>{t.cancel}</Button>
        </>
      )}
    </div>
  );
}

/** The free-text description of a platform or a user, with its length limit shown. */
export function DescriptionField({ label, placeholder }: { label: string; placeholder: string }) {
  const rule = useRule();
  return (
    <Form.Item label={label} field="description" rules={rule(checkDescription)}>
      <Input.TextArea placeholder={placeholder} maxLength={LIMITS.descriptionMax} showWordLimit rows={3} />
    </Form.Item>
  );
}
