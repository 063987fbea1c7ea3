import { useState, type ReactNode } from 'react';
import type { EndpointName, RequestOf } from '@shared/contract/endpoints';
import { SEND_CODE_FLOWS, type SendCodeFlow } from '@shared/api/verification-flows';
import { productMessage } from '@shared/errors/catalogue';
import { ApiError, call, type CallOptions } from '../lib/api/client';
import { useTexts } from '../lib/i18n/use-texts';
import { useLocale } from '../lib/i18n/locale-context';
import { notify } from '../lib/notify';
import { useCaptcha } from './captcha-dialog';
import { texts } from './send-code.locale';

/** The call a flow sends its codes with (SEND_CODE_FLOWS), and what that call takes. */
type FlowEndpoint<F extends SendCodeFlow> = (typeof SEND_CODE_FLOWS)[F]['endpoint'];
export type SendCodePayload<F extends SendCodeFlow> = RequestOf<FlowEndpoint<F>>;

/** What came of a send: a code went out, or not, with what to tell the person where they look. */
export interface SendOutcome {
  sent: boolean;
  /** Why no code went out (a refusal, a timeout), shown under the code field. */
  problem?: string;
}

/**
 * Sending a verification code (Logto's use-send-verification-code), for every flow of
 * SEND_CODE_FLOWS: the form's own checks (`ready` resolves false or rejects: nothing is sent),
 * then the captcha where the flow table asks for it, then the flow's own endpoint with `payload`,
 * then the "code sent" toast. `send` resolves whether a code went out, which starts CodeInput's
 * countdown, or what stopped it, which CodeInput shows under the field (issue 40: not a toast
 * gone in 3 s). Render `dialog`.
 * `limited`: the last send was refused by a rate limit (429), so that a page can offer a way that
 * needs no code (issue 29: password login).
 */
export function useSendCode<F extends SendCodeFlow>(
  flow: F,
): {
  send(payload: SendCodePayload<F>, ready?: () => Promise<unknown>): Promise<SendOutcome>;
  dialog: ReactNode;
  preload(): void;
  limited: boolean;
} {
  const t = useTexts(texts);
  const { locale } = useLocale();
  const captcha = useCaptcha();
  const [limited, setLimited] = useState(false);

  async function send(payload: SendCodePayload<F>, ready?: () => Promise<unknown>): Promise<SendOutcome> {
    if (ready && (await ready().catch(() => false)) === false) return { sent: false };
    const options: CallOptions = { silent: true };
    if (SEND_CODE_FLOWS[flow].captcha) {
      const result = await captcha.verify();
      if (!result) return { sent: false };
      options.captcha = result;
    }
    try {
      await sendWith(SEND_CODE_FLOWS[flow].endpoint, payload, options);
    } catch (error) {
      const refused = error instanceof ApiError && error.status === 429;
      setLimited(refused);
      const message = error instanceof ApiError ? error.message : productMessage('networkError', locale);
      return { sent: false, problem: message };
    }
    setLimited(false);
    notify.success(t.codeSent);
    return { sent: true };
  }

  return { send, dialog: captcha.dialog, preload: captcha.preload, limited };
}

/** `call` for an endpoint the flow table names: TypeScript cannot resolve `call`'s arguments for a generic name. */
const sendWith = call as (name: EndpointName, body: unknown, options: CallOptions) => Promise<unknown>;
