/** Fetchers and hooks for the visitor and account calls. */
import useSWR from 'swr';
import type {
  ActivatePayload,
  CaptchaResult,
  LoginReply,
  RegisterByEmailPayload,
  RegisterCheckPayload,
  UserInfo,
} from '@shared/api/types';
import { BFF_PATHS } from '@shared/routes';
import { bffGet, call } from './client';
import { encryptForUaa } from './password';
import { SWR_KEYS } from './swr-keys';

export { SWR_KEYS };

export function useSession() {
  return useSWR(SWR_KEYS.session, () => bffGet<{ authenticated: boolean }>(BFF_PATHS.session), {
    revalidateOnFocus: false,
  });
}

export function useUserInfo(enabled = true) {
  return useSWR(
    enabled ? SWR_KEYS.userInfo : null,
    async () => (await call<UserInfo>('userInfo')).data as UserInfo,
  );
}

export async function loginByAccount(
  input: { account: string; password: string; autoLogin: boolean },
  captcha: CaptchaResult,
): Promise<LoginReply> {
  const password = await encryptForUaa(input.password, 'login');
  return call<LoginReply['data'], LoginReply>(
    'loginByAccount',
    { account: input.account, password, autoLogin: input.autoLogin },
    { captcha },
  );
}

export async function registerByEmail(input: RegisterByEmailPayload): Promise<void> {
  const password = await encryptForUaa(input.password, 'register');
  await call('registerByEmail', { ...input, password });
}

/** Existence check; null when the check itself failed (spec §5: a failing check is ignored). */
export async function itemExists(payload: RegisterCheckPayload): Promise<boolean | null> {
  try {
    const reply = await call<{ exist?: boolean }>('registerCheck', payload, { silent: true });
    return reply.data?.exist === true;
  } catch {
    return null;
  }
}

export async function activate(payload: ActivatePayload): Promise<void> {
  await call('registerActive', payload, { silent: true });
}

export async function logout(): Promise<void> {
  await call('logoutAll', {});
}
