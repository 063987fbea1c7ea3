/** Fetchers and hooks of the user centre: contacts, password, bindings, access keys, cancellation. */
import useSWR from 'swr';
import type { CredentialCreateData } from '@shared/contract/credential';
import type { ItemCheckPayload } from '@shared/contract/personal';
import type { ContactChannel, VerificationStep } from '@shared/api/verification-flows';
import type { RequestOf } from '@shared/contract/endpoints';
import { call } from '@client/lib/api/client';
import { CREDENTIAL_ENDPOINTS } from '@shared/contract/credential-endpoints';
import { USER_ENDPOINTS } from '@shared/contract/user-endpoints';
import { encryptForUaa } from '@client/lib/api/password';
import { SWR_KEYS } from '@client/lib/api/swr-keys';

export function useCredentials(ssoUid: string | undefined) {
  return useSWR(ssoUid ? SWR_KEYS.credentials(ssoUid) : null, async () => {
    const reply = await call(CREDENTIAL_ENDPOINTS.credentialList, { sso_uid: ssoUid });
    return reply.data ?? [];
  });
}

export async function createCredential(description: string): Promise<CredentialCreateData> {
  const reply = await call(CREDENTIAL_ENDPOINTS.credentialCreate, { description });
  // Spec §7: a reply without ak and sk is a failure.
  if (!reply.data?.ak || !reply.data.sk) throw new Error('no key in reply');
  return reply.data;
}

export async function revealSecret(ak: string): Promise<string> {
  const reply = await call(CREDENTIAL_ENDPOINTS.credentialSecret, { ak });
  return reply.data?.sk ?? '';
}

export async function switchCredential(ak: string, enabled: boolean): Promise<void> {
  await call(enabled ? CREDENTIAL_ENDPOINTS.credentialEnable : CREDENTIAL_ENDPOINTS.credentialDisable, {
    ak,
  });
}

export async function deleteCredential(ak: string): Promise<void> {
  await call(CREDENTIAL_ENDPOINTS.credentialRevoke, { ak, type: 2 });
}

/** True when the phone or e-mail already belongs to an account; null when the check failed. */
export async function contactInUse(payload: ItemCheckPayload): Promise<boolean | null> {
  try {
    const reply = await call(USER_ENDPOINTS.itemCheck, payload, { silent: true });
    return reply.data === true;
  } catch {
    return null;
  }
}

/** What a step's code is sent with (useSendCode('step') sends it to the flow's endpoint). */
export function stepCodeRequest(step: VerificationStep, item: string): RequestOf<'messageCode'> {
  const channel: ContactChannel = step.sendsTo?.channel ?? (step.target === 'email' ? 'email' : 'phone');
  return { function: step.function, message: channel, item };
}

export async function checkStepCode(step: VerificationStep, item: string, code: string): Promise<void> {
  const channel: ContactChannel = step.sendsTo?.channel ?? 'phone';
  await call(USER_ENDPOINTS.messageCodeCheck, { function: step.function, message: channel, item, code });
}

export async function bindContact(
  step: VerificationStep,
  value: string,
  code: string,
  password?: string,
): Promise<void> {
  const encrypted = password ? await encryptForUaa(password, 'resetPassword') : undefined;
  if (step.target === 'phone') {
    await call(USER_ENDPOINTS.mobileBind, {
      function: step.function,
      phone: value,
      code,
      password: encrypted,
    });
  } else {
    await call(USER_ENDPOINTS.emailBind, {
      function: step.function,
      email: value,
      code,
      password: encrypted,
    });
  }
}

export async function updatePassword(
  step: VerificationStep,
  channel: ContactChannel,
  item: string,
  password: string,
): Promise<void> {
  await call(USER_ENDPOINTS.passwordUpdate, {
    function: step.function,
    message: channel,
    item,
    password: await encryptForUaa(password, 'resetPassword'),
  });
}

export async function deactivateAccount(): Promise<void> {
  await call(USER_ENDPOINTS.deactivate);
}
