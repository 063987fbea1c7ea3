/**
 * The first screen's data the BFF inlined into the page (bff/spa/first-screen.ts, issue 17), put
 * into SWR's cache before the first render: the session (a visitor's form, or a signed-in page,
 * renders without asking), the user's info, the back office's modules and the first page of the
 * list the page opens on are there at once. SWR still revalidates each on mount, so a session
 * that has ended meets its 401 (and the login page) as before. The cache, not SWR's `fallback`: a
 * fallback would come back as soon as logout empties the cache, with the last user's info.
 */
import { mutate } from 'swr';
import {
  FIRST_LISTS,
  FIRST_SCREEN_ELEMENT_ID,
  type FirstList,
  type FirstScreen,
} from '@shared/api/first-screen';
import { SWR_KEYS } from './swr-keys';

function readFirstScreen(): FirstScreen | undefined {
  const text = document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as FirstScreen;
    return typeof data?.authenticated === 'boolean' ? data : undefined;
  } catch {
    return undefined;
  }
}

/** Seeds SWR's cache with the inlined data, if the page carries any. */
export function seedFirstScreen(): void {
  const data = readFirstScreen();
  if (!data) return;
  const seed = (key: string | readonly unknown[], value: unknown) =>
    void mutate(key, value, { revalidate: false });
  seed(SWR_KEYS.session, { authenticated: data.authenticated });
  if (!data.authenticated || typeof data.userInfo?.ssoUid !== 'string') return;
  seed(SWR_KEYS.userInfo, data.userInfo);
  if (data.modules) seed(SWR_KEYS.modules(data.userInfo.ssoUid), data.modules);
  if (data.list && Object.hasOwn(FIRST_LISTS, data.list.name))
    seed(firstListKey(data.list, data.userInfo.ssoUid), data.list.data);
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
