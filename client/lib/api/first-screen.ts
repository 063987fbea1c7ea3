/**
 * The first screen's data the BFF inlined into the page (bff/documents/first-screen.ts), given to SWR as
 * its `fallback` (client/app/app.tsx) on the server and in the browser alike: the one way it
 * reaches a page. SWR still revalidates each entry on mount, so an ended session meets its 401.
 */
import { unstable_serialize } from 'swr';
import {
  FIRST_LISTS,
  FIRST_SCREEN_ELEMENT_ID,
  type FirstListName,
  type FirstScreen,
} from '@shared/api/first-screen';
import { LIST_PAGE_SIZE, type ListPaging } from '@shared/api/list-address';
import { SWR_KEYS } from './swr-keys';

export function readFirstScreen(): FirstScreen | undefined {
  const text = document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as FirstScreen;
    return typeof data?.authenticated === 'boolean' ? data : undefined;
  } catch {
    return undefined;
  }
}

const FIRST_PAGE: ListPaging = { page: 1, size: LIST_PAGE_SIZE };

/**
 * The key under which each list's hook reads the page the BFF inlined: the one asked, no filter.
 * A back-office list's is the key its hook builds (SWR_KEYS.list), from the same paging.
 */
const firstListKey = (name: FirstListName, ssoUid: string, paging: ListPaging) =>
  name === 'credentials' ? SWR_KEYS.credentials(ssoUid) : SWR_KEYS.list(name, paging, {});

/** The inlined data as SWR's fallback: the session, and when signed in what it holds. */
export function firstScreenFallback(data: FirstScreen): Record<string, unknown> {
  const entries: Array<[string | readonly unknown[], unknown]> = [
    [SWR_KEYS.session, { authenticated: data.authenticated }],
  ];
  const ssoUid = data.authenticated ? data.userInfo?.ssoUid : undefined;
  if (typeof ssoUid === 'string') {
    entries.push([SWR_KEYS.userInfo, data.userInfo]);
    if (data.modules) entries.push([SWR_KEYS.modules(ssoUid), data.modules]);
    if (data.list && Object.hasOwn(FIRST_LISTS, data.list.name))
      entries.push([firstListKey(data.list.name, ssoUid, data.list.paging ?? FIRST_PAGE), data.list.data]);
  }
  return Object.fromEntries(entries.map(([key, value]) => [unstable_serialize(key), value]));
}
