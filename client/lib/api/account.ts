/** Fetchers and hooks for the account calls more than one feature makes (the session, the user's info). */
import useSWR from 'swr';
import type { RegisterCheckPayload } from '@shared/contract/register';
import type { UserInfo } from '@shared/contract/personal';
import { BFF_PATHS } from '@shared/routes';
import { bffGet, call } from './client';
import { SWR_KEYS } from './swr-keys';

export { SWR_KEYS };

export function useSession() {
  return useSWR(SWR_KEYS.session, () => bffGet<{ authenticated: boolean }>(BFF_PATHS.session), {
    revalidateOnFocus: false,
  });
}

export function useUserInfo(enabled = true) {
  return useSWR(enabled ? SWR_KEYS.userInfo : null, async () => (await call('userInfo')).data as UserInfo);
}

/** Existence check; null when the check itself failed (spec §5: a failing check is ignored). */
export async function itemExists(payload: RegisterCheckPayload): Promise<boolean | null> {
  try {
    const reply = await call('registerCheck', payload, { silent: true });
    return reply.data?.exist === true;
  } catch {
    return null;
  }
}

export async function logout(): Promise<void> {
  await call('logoutAll', {});
}
