/**
 * The first screen's data the BFF inlined into the page (bff/spa/first-screen.ts, issue 17), put
 * into SWR's cache before the first render: the session (a visitor's form, or a signed-in page,
 * renders without asking), the user's info, the back office's modules and the first page of the
 * list the page opens on are there at once. SWR still revalidates each on mount, so a session
 * that has ended meets its 401 (and the login page) as before. The cache, not SWR's `fallback`: a
 * fallback would come back as soon as logout empties the cache, with the last user's info.
 */
import { mutate, unstable_serialize } from 'swr';
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

/**
 * The same entries as SWR's `fallback` (keyed as SWR keys them): what a page rendered on the server
 * reads, and what its hydration must read too. SWR hydrates from the cache as it was before the
 * first write to it, so a seeded cache alone would hydrate a spinner.
 */
export function firstScreenFallback(data: FirstScreen): Record<string, unknown> {
  return Object.fromEntries(firstScreenEntries(data).map(([key, value]) => [unstable_serialize(key), value]));
}

/** Seeds SWR's cache with the inlined data, if the page carries any. */
export function seedFirstScreen(data = readFirstScreen()): void {
  if (!data) return;
  for (const [key, value] of firstScreenEntries(data)) void mutate(key, value, { revalidate: false });
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
