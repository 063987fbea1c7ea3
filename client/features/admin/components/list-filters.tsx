/**
 * A list's address and filters: the filter panel, the page, size and filters kept in the address
 * (shared/api/list-address.ts, issue 40), and the way to a form and back to the list as it was.
 */
import { Button, Form, type FormInstance } from '@arco-design/web-react';
import { IconFilter } from '@arco-design/web-react/icon';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams, type Location } from 'react-router-dom';
import { useWithLang } from '@client/lib/i18n/lang-in-links';
import { listPagingOf, PAGE_PARAM } from '@shared/api/list-address';
import { BACK_OFFICE, type BackOfficeName } from '@shared/back-office';
import { format } from '@shared/i18n/define-texts';
import { useBeforePaint } from '@client/lib/hooks/use-before-paint';
import { useTexts } from '@client/lib/i18n/use-texts';
import { adminTexts } from './admin-shell.locale';

/**
 * Arco's searchable Select gives the focus to a text field of its own inside the named combobox,
 * which is named by its placeholder only ("All"): it takes the combobox's name (issue 40).
 */
function useNamedChoiceInputs() {
  const ref = useRef<HTMLElement>(null);
  useBeforePaint(() => {
    ref.current?.querySelectorAll('[role="combobox"][aria-label]').forEach((box) => {
      const name = box.getAttribute('aria-label') ?? '';
      box.querySelectorAll('input').forEach((input) => input.setAttribute('aria-label', name));
    });
  });
  return ref;
}

/** How many filters are set. */
const setCount = (values: object) =>
  Object.values(values).filter((v) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== '')).length;

/**
 * The filter panel of a list: the page's fields, then Search and Reset. On a phone it is folded
 * behind a "Filters" button that says how many are set (issue 40: the form filled the first
 * screen, the rows came below it).
 */
export function AdminFilters<T extends object>({
  form,
  values,
  onSearch,
  onReset,
  children,
}: {
  form: FormInstance<T>;
  /** The filters the address holds: the fields show them, also when Back or Forward changes them. */
  values: T;
  onSearch: (values: T) => void;
  onReset: () => void;
  children: ReactNode;
}) {
  const t = useTexts(adminTexts);
  const named = useNamedChoiceInputs();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const shown = JSON.stringify(values);
  useEffect(() => {
    // Every field, the ones the address leaves out emptied.
    const fields = Object.keys(form.getFieldsValue());
    const emptied = Object.fromEntries(fields.map((field) => [field, undefined]));
    form.setFieldsValue({ ...emptied, ...JSON.parse(shown) } as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, shown]);
  const count = setCount(values);
  return (
    <section
      className={open ? 'admin-panel admin-filters-panel is-open' : 'admin-panel admin-filters-panel'}
      ref={named}
    >
      {/* Shown on a phone only (admin-shell.css). */}
      <Button
        className="admin-filters-toggle"
        icon={<IconFilter />}
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((now) => !now)}
      >
        {count ? format(t.filtersSet, { count }) : t.filters}
      </Button>
      <Form
        id={formId}
        form={form}
        layout="vertical"
        initialValues={values}
        onSubmit={onSearch}
        className="admin-filters"
        role="search"
      >
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
export function dayRange(range: readonly string[] | undefined): { from?: number; to?: number } {
  const [from, to] = range ?? [];
  return {
    from: from ? new Date(`${from}T00:00:00`).getTime() : undefined,
    to: to ? new Date(`${to}T23:59:59.999`).getTime() : undefined,
  };
}

/** A text filter as searched: trimmed, and none when empty. */
export const filterText = (value: string | undefined): string | undefined => value?.trim() || undefined;

/** A list's filters as its address writes them: one value, several, or none. */
export type FilterParams = Record<string, string | readonly string[] | undefined>;

const sameParams = (a: URLSearchParams, b: URLSearchParams) => {
  const sorted = (p: URLSearchParams) => [...p].map(String).sort().join('&');
  return sorted(a) === sorted(b);
};

/**
 * A list's page, size and filters, read from its address and changed there (React Router's search
 * params), so that Back, a reload or a shared link shows the same rows. `read` turns the address's
 * filter parameters into the filter form's values; a value it does not take is no filter. A
 * change of page or filters is a step of its own in the history; `apply` runs a search (back to
 * page 1, the selection cleared), and the same search again still asks the server (someone else
 * may have changed the list).
 */
export function useListAddress<V>(list: BackOfficeName, read: (params: URLSearchParams) => V) {
  const [params, setParams] = useSearchParams();
  const paging = listPagingOf(params);
  const values = useMemo(() => read(params), [params, read]);

  function change(edit: (next: URLSearchParams) => void, options?: { replace?: boolean }): URLSearchParams {
    const next = new URLSearchParams(params);
    edit(next);
    setParams(next, options);
    return next;
  }

  /** Page `page` of the list; `replace` when the list corrects its own address (no step back to it). */
  function setPage(page: number, options?: { replace?: boolean }): void {
    change((next) => (page > 1 ? next.set(PAGE_PARAM, String(page)) : next.delete(PAGE_PARAM)), options);
  }

  function apply(
    filters: FilterParams,
    refresh: () => unknown,
    selection: { setSelected(keys: string[]): void },
  ): void {
    const next = new URLSearchParams(params);
    next.delete(PAGE_PARAM);
    for (const name of BACK_OFFICE[list].list.filters) next.delete(name);
    for (const [name, value] of Object.entries(filters))
      for (const one of typeof value === 'string' ? [value] : (value ?? [])) if (one) next.append(name, one);
    if (sameParams(next, params)) void refresh();
    else setParams(next);
    selection.setSelected([]);
  }

  return { ...paging, values, setPage, apply };
}

/** What a list hands the form it opens (the history entry's state): its own address, to go back to. */
export interface OpenedFrom {
  list?: unknown;
}

/** What a list's links to its forms (view, edit, create) carry: the list's address as it is now. */
export function useFromList(): OpenedFrom {
  const { pathname, search } = useLocation();
  return { list: `${pathname}${search}` };
}

/**
 * A form's way back to its list (Back, Cancel, Save): `list`, the address it was opened from, with
 * its page and filters, or the list's first page when it was not opened from the list (a link, a
 * new tab), in the page's language (lib/i18n/lang-in-links.ts). `from` is what a link to another
 * form of the list (View's Edit) carries to keep it.
 */
export function useBackToList(listPath: string): { list: string; back: () => void; from: OpenedFrom } {
  const navigate = useNavigate();
  const { state } = useLocation() as Location<OpenedFrom | null>;
  const from = state?.list;
  const list = useWithLang()(
    typeof from === 'string' && (from === listPath || from.startsWith(`${listPath}?`)) ? from : listPath,
  );
  return { list, back: () => navigate(list), from: { list } };
}
