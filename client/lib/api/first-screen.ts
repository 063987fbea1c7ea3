/**
 * The first screen's data the BFF inlined into the page (bff/spa/first-screen.ts, issue 17), put
 * into SWR's cache before the first render: the session (a visitor's form, or a signed-in page,
 * renders without asking), the user's info and the back office's modules are there at once. SWR still revalidates each on mount, so a session that has
 * ended meets its 401 (and the login page) as before. The cache, not SWR's `fallback`: a
 * fallback would come back as soon as logout empties the cache, with the last user's info.
 */
import { mutate } from 'swr';
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreen } from '@shared/api/first-screen';
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
  const seed = (key: string | readonly string[], value: unknown) =>
    void mutate(key, value, { revalidate: false });
  seed(SWR_KEYS.session, { authenticated: data.authenticated });
  if (!data.authenticated || typeof data.userInfo?.ssoUid !== 'string') return;
  seed(SWR_KEYS.userInfo, data.userInfo);
  if (data.modules) seed(SWR_KEYS.modules(data.userInfo.ssoUid), data.modules);
}
