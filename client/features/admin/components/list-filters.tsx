/**
 * A list's filters: the filter panel, the search it runs (filters and page), and the helpers
 * that read its values.
 */
import { Button, Form, type FormInstance } from '@arco-design/web-react';
import { useState, type ReactNode } from 'react';
import { useTexts } from '@client/lib/i18n/use-texts';
import { adminTexts } from './admin-shell.locale';

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

/** A picked date range (local 'YYYY-MM-DD' strings) as the first and last instant of those days. */
export function dayRange(range: string[] | undefined): { from?: number; to?: number } {
  const [from, to] = range ?? [];
  return {
    from: from ? new Date(`${from}T00:00:00`).getTime() : undefined,
    to: to ? new Date(`${to}T23:59:59.999`).getTime() : undefined,
  };
}

/** Filter objects compared by their set values (undefined means "no filter"). */
function sameFilters(a: object, b: object): boolean {
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
