/**
 * A list's address and filters: the page, size and filters kept in the address
 * (shared/api/list-address.ts, issue 40), and the way to a form and back to the list as it was.
 * The filter panel is filter-panel.tsx: a module of its own, so that a list with no filters (the
 * roles') leaves Arco's Form out of its chunk (docs/performance.md).
 */
import { useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams, type Location } from 'react-router-dom';
import { useWithLang } from '@client/lib/i18n/lang-in-links';
import { listPagingOf, PAGE_PARAM } from '@shared/api/list-address';
import { BACK_OFFICE, type BackOfficeName } from '@shared/back-office';

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
