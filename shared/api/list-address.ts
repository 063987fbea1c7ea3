/**
 * A back-office list's state in its address (issue 40: STYLE.md habit 16): `?page=3&size=15` and
 * its filters, so that Back, a reload, a new tab and a shared link land where the person was. Read
 * by the list pages and by the BFF, which inlines the page the address asks for (first-screen.ts).
 * A value that is not one of these is no value: the default stands in, never an error.
 */

/** Spec §9: the lists show 12 rows a page; 15 and 20 are the other sizes it names. */
export const LIST_PAGE_SIZE = 12;
export const LIST_PAGE_SIZES: readonly number[] = [12, 15, 20];

export const PAGE_PARAM = 'page';
export const SIZE_PARAM = 'size';

/** Which page of how many rows. */
export interface ListPaging {
  page: number;
  size: number;
}

/** A page number as a person writes one: digits, no sign, no exponent, no leading zero. */
const PAGE_NUMBER = /^[1-9]\d{0,5}$/;

export function listPagingOf(params: URLSearchParams): ListPaging {
  const page = params.get(PAGE_PARAM) ?? '';
  const size = Number(params.get(SIZE_PARAM));
  return {
    page: PAGE_NUMBER.test(page) ? Number(page) : 1,
    size: LIST_PAGE_SIZES.includes(size) ? size : LIST_PAGE_SIZE,
  };
}

/**
 * Whether the address filters the list (its first screen is then not the plain list's): whether
 * it has one of `filters`, the list's parameters as its filter form writes them (`platform` once
 * per chosen platform; dates are local days, `YYYY-MM-DD`), which the back office's table names
 * (shared/back-office.ts).
 */
export function filtersList(filters: readonly string[], params: URLSearchParams): boolean {
  return filters.some((name) => params.has(name));
}

/** A day the date filters take (`2026-11-29`), or undefined for anything else. */
export function dayParam(value: string | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
}
