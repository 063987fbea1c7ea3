/**
 * The visitor's calls, each as the pages make it: the logins, where the visitor is, the
 * registrations, the password reset, activation, the first username and its check. Passwords are encrypted
 * here, for the UAA, never by a page.
 */
import type { ActivatePayload, RegisterByEmailPayload } from '@shared/contract/register';
import type { CaptchaResult } from '@shared/api/envelope';
import type { LoginReply } from '@shared/contract/login';
import type { RequestOf, ReplyOf } from '@shared/contract/endpoints';
import type { ValidationCode } from '@shared/validation/messages';
import { ApiError, call } from '@client/lib/api/client';
import { USER_ENDPOINTS } from '@shared/contract/user-endpoints';
import { encryptForUaa } from '@client/lib/api/password';

export async function loginByAccount(
  input: { account: string; password: string; autoLogin: boolean },
  captcha: CaptchaResult,
): Promise<LoginReply> {
  const password = await encryptForUaa(input.password, 'login');
  return call(
    USER_ENDPOINTS.loginByAccount,
    { account: input.account, password, autoLogin: input.autoLogin },
    { captcha },
  );
}

export async function registerByEmail(input: RegisterByEmailPayload): Promise<void> {
  const password = await encryptForUaa(input.password, 'register');
  await call(USER_ENDPOINTS.registerByEmail, { ...input, password });
}

/** Activates the account of a mailed link; 'already' when the link had activated it before. */
export async function activate(payload: ActivatePayload): Promise<'activated' | 'already'> {
  const reply = await call(USER_ENDPOINTS.registerActive, payload, { silent: true });
  return reply.data?.alreadyActive ? 'already' : 'activated';
}

export function loginByPhone(input: RequestOf<'loginByPhone'>): Promise<LoginReply> {
  return call(USER_ENDPOINTS.loginByPhone, input);
}

/** Where the visitor is, as the UAA tells it; undefined when it cannot (the page goes on without). */
export async function locationInfo(): Promise<ReplyOf<'locationInfo'> | undefined> {
  const reply = await call(USER_ENDPOINTS.locationInfo, undefined, { silent: true }).catch(() => undefined);
  return reply?.data ?? undefined;
}

export async function registerByPhone(input: RequestOf<'registerByPhone'>): Promise<void> {
  const password = await encryptForUaa(input.password, 'register');
  await call(USER_ENDPOINTS.registerByPhone, { ...input, password });
}

export async function resetPassword(input: RequestOf<'passwordReset'>): Promise<void> {
  const password = await encryptForUaa(input.password, 'resetPassword');
  await call(USER_ENDPOINTS.passwordReset, { ...input, password });
}

/** The first username of an account that has none (the /username page). */
export async function setUsername(username: string): Promise<void> {
  await call(USER_ENDPOINTS.infoUpdate, { username });
}

/** Why the server will not take a username (spec §5), from its silent check (spec §7), or null. */
export async function usernameProblem(username: string): Promise<ValidationCode | null> {
  try {
    const reply = await call(USER_ENDPOINTS.usernameCheck, { username }, { silent: true });
    return reply.data?.exist ? 'usernameTaken' : null;
  } catch (error) {
    if (error instanceof ApiError && error.msgCode === 'C0902') return 'usernameSensitive';
    if (error instanceof ApiError && error.msgCode === 'A0210') return 'usernameTaken';
    return 'usernameCheckFailed';
  }
}
