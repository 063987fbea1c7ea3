/**
 * Fetchers and hooks for the account calls more than one feature makes (the session, the user's
 * info, the back-office modules the user may open).
 */
import useSWR from 'swr';
import type { RegisterCheckPayload } from '@shared/contract/register';
import type { UserInfo } from '@shared/contract/personal';
import { BFF_PATHS } from '@shared/routes';
import { useEffect } from 'react';
import { bffGet, call } from './client';
import { USER_ENDPOINTS } from '@shared/contract/user-endpoints';
import { noteAccount } from './session-events';
import { SWR_KEYS } from './swr-keys';

export { SWR_KEYS };

export function useSession() {
  return useSWR(SWR_KEYS.session, () => bffGet<{ authenticated: boolean }>(BFF_PATHS.session), {
    revalidateOnFocus: false,
  });
}

/** Whose session this is, now: the UAA's answer, which the tab then shows and acts for. */
export async function fetchUserInfo(): Promise<UserInfo> {
  const info = (await call(USER_ENDPOINTS.userInfo)).data as UserInfo;
  if (info?.ssoUid) noteAccount(info.ssoUid);
  return info;
}

/**
 * The user's info, revalidated when the tab comes back into view (the data library's focus
 * revalidation): a session that changed meanwhile reloads the page (noteAccount).
 */
export function useUserInfo(enabled = true) {
  const swr = useSWR(enabled ? SWR_KEYS.userInfo : null, fetchUserInfo);
  // The page's first screen is its first answer too.
  const account = swr.data?.ssoUid;
  useEffect(() => {
    if (account) noteAccount(account);
  }, [account]);
  return swr;
}

/** Existence check; null when the check itself failed (spec §5: a failing check is ignored). */
export async function itemExists(payload: RegisterCheckPayload): Promise<boolean | null> {
  try {
    const reply = await call(USER_ENDPOINTS.registerCheck, payload, { silent: true });
    return reply.data?.exist === true;
  } catch {
    return null;
  }
}

export async function logout(): Promise<void> {
  await call(USER_ENDPOINTS.logoutAll, {});
}

/**
 * The back-office modules the signed-in user may open (spec §6); null while the user is unknown.
 * The back office's shell shows its menu and pages by them; the user centre offers the back office
 * to a user with any (issue 40), `aside`: its failure or refusal says nothing there.
 */
export function useModules(ssoUid: string | undefined, { aside = false } = {}) {
  // The key the BFF's inlined first screen is seeded under (lib/api/first-screen.ts).
  return useSWR(ssoUid ? SWR_KEYS.modules(ssoUid) : null, async () => {
    const reply = await call(
      USER_ENDPOINTS.userResList,
      { userId: ssoUid },
      aside ? { aside, silent: true } : {},
    );
    return reply.data ?? [];
  });
}
