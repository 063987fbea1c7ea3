import { useLocation, useNavigate } from 'react-router-dom';
import { withParams } from '@shared/query';
import { TAB_PARAM } from '@shared/routes';

export interface TabInAddress<T extends string> {
  /** The tab the address names, when it is one of the page's; undefined for none or another. */
  chosen: T | undefined;
  /** A tab's address: this page's, with the rest of its query. */
  hrefOf(tab: string): string;
  /** Shows a tab by naming it in the address, in place of the current entry: Back leaves the page. */
  choose(tab: T): void;
  /** The query without the tab, for links to other pages: the tab names one of this page's. */
  search: string;
}

/**
 * A page's tab, kept in its address (`?tab=`): each tab a link a visitor can follow before the
 * app has taken the page over, a reload shows the tab again, and the server can send the
 * document of the tab asked for (bff/documents/prerendered.ts).
 */
export function useTabInAddress<T extends string>(tabs: readonly T[]): TabInAddress<T> {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const named = new URLSearchParams(search).get(TAB_PARAM);
  const hrefOf = (tab: string) => `${pathname}${withParams(search, { [TAB_PARAM]: tab })}`;
  return {
    chosen: tabs.find((tab) => tab === named),
    hrefOf,
    choose: (tab) => void navigate(hrefOf(tab), { replace: true }),
    search: withParams(search, { [TAB_PARAM]: null }),
  };
}
