/**
 * The first screen's data the BFF inlined into the page (bff/spa/first-screen.ts, issue 17): the
 * session (a visitor's form, or a signed-in page, renders without asking), the user's info, the
 * back office's modules and the first page of the list the page opens on. The app gives it to SWR
 * as its `fallback` (client/app/app.tsx), on the server as in the browser: the one way the first
 * screen's data reaches a page. SWR still revalidates each entry on mount, so a session that has
 * ended meets its 401 (and the login page) as before.
 */
import { unstable_serialize } from 'swr';
import {
  FIRST_LISTS,
  FIRST_SCREEN_ELEMENT_ID,
  type FirstList,
  type FirstScreen,
} from '@shared/api/first-screen';
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

/** The SWR entries the inlined data stands for: the session, and when signed in what it holds. */
export function firstScreenEntries(data: FirstScreen): Array<[string | readonly unknown[], unknown]> {
  const entries: Array<[string | readonly unknown[], unknown]> = [
    [SWR_KEYS.session, { authenticated: data.authenticated }],
  ];
  if (!data.authenticated || typeof data.userInfo?.ssoUid !== 'string') return entries;
  entries.push([SWR_KEYS.userInfo, data.userInfo]);
  if (data.modules) entries.push([SWR_KEYS.modules(data.userInfo.ssoUid), data.modules]);
  if (data.list && Object.hasOwn(FIRST_LISTS, data.list.name))
    entries.push([firstListKey(data.list, data.userInfo.ssoUid), data.list.data]);
  return entries;
}

/** The same entries as SWR's `fallback`, keyed as SWR keys them. */
export function firstScreenFallback(data: FirstScreen): Record<string, unknown> {
  return Object.fromEntries(firstScreenEntries(data).map(([key, value]) => [unstable_serialize(key), value]));
}

/** The key under which a list's hook reads the page the BFF inlined: the same page, no filter. */
function firstListKey(list: FirstList, ssoUid: string): readonly unknown[] {
  switch (list.name) {
    case 'users': {
      const { pageNumber, pageSize } = FIRST_LISTS.users.payload;
      return SWR_KEYS.users({ pageNumber, pageSize }, {});
    }
    case 'platforms':
      return SWR_KEYS.platforms(FIRST_LISTS.platforms.payload);
    case 'roles': {
      const { pageNumber, pageSize, resourceModule } = FIRST_LISTS.roles.payload;
      return SWR_KEYS.roles({ pageNumber, pageSize }, resourceModule);
    }
    case 'credentials':
      return SWR_KEYS.credentials(ssoUid);
  }
}
