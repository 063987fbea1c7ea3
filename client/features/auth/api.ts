/** Fetchers for the visitor calls: login by account, register by email, activate. */
import type { ActivatePayload, RegisterByEmailPayload } from '@shared/contract/register';
import type { CaptchaResult } from '@shared/api/envelope';
import type { LoginReply } from '@shared/contract/login';
import { call } from '@client/lib/api/client';
import { encryptForUaa } from '@client/lib/api/password';

export async function loginByAccount(
  input: { account: string; password: string; autoLogin: boolean },
  captcha: CaptchaResult,
): Promise<LoginReply> {
  const password = await encryptForUaa(input.password, 'login');
  return call(
    'loginByAccount',
    { account: input.account, password, autoLogin: input.autoLogin },
    { captcha },
  );
}

export async function registerByEmail(input: RegisterByEmailPayload): Promise<void> {
  const password = await encryptForUaa(input.password, 'register');
  await call('registerByEmail', { ...input, password });
}

/** Activates the account of a mailed link; 'already' when the link had activated it before. */
export async function activate(payload: ActivatePayload): Promise<'activated' | 'already'> {
  const reply = await call('registerActive', payload, { silent: true });
  return reply.data?.alreadyActive ? 'already' : 'activated';
}
