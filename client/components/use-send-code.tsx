import { useState, type ReactNode } from 'react';
import type { EndpointName, RequestOf } from '@shared/contract/endpoints';
import { SEND_CODE_FLOWS, type SendCodeFlow } from '@shared/api/verification-flows';
import { ApiError, call, type CallOptions } from '../lib/api/client';
import { handleError } from '../lib/api/handle-error';
import { defineTexts } from '@shared/i18n/define-texts';
import { useTexts } from '../lib/i18n/use-texts';
import { notify } from '../lib/notify';
import { useCaptcha } from './captcha-dialog';

const texts = defineTexts({ codeSent: 'Code sent, please check' }, { codeSent: '发送成功，请查收' });

/** The call a flow sends its codes with (SEND_CODE_FLOWS), and what that call takes. */
type FlowEndpoint<F extends SendCodeFlow> = (typeof SEND_CODE_FLOWS)[F]['endpoint'];
export type SendCodePayload<F extends SendCodeFlow> = RequestOf<FlowEndpoint<F>>;

/**
 * Sending a verification code (Logto's use-send-verification-code), for every flow of
 * SEND_CODE_FLOWS: the form's own checks (`ready` resolves false or rejects: nothing is sent),
 * then the captcha where the flow table asks for it, then the flow's own endpoint with `payload`,
 * then the "code sent" toast.
 * `send` resolves true when a code went out, which starts CodeInput's countdown. Render `dialog`.
 * `limited`: the last send was refused by a rate limit (429; its toast says when to retry), so
 * that a page can offer a way that needs no code (issue 29: password login).
 */
export function useSendCode<F extends SendCodeFlow>(
  flow: F,
): {
  send(payload: SendCodePayload<F>, ready?: () => Promise<unknown>): Promise<boolean>;
  dialog: ReactNode;
  preload(): void;
  limited: boolean;
} {
  const t = useTexts(texts);
  const captcha = useCaptcha();
  const [limited, setLimited] = useState(false);

  async function send(payload: SendCodePayload<F>, ready?: () => Promise<unknown>): Promise<boolean> {
    if (ready && (await ready().catch(() => false)) === false) return false;
    const options: CallOptions = {};
    if (SEND_CODE_FLOWS[flow].captcha) {
      const result = await captcha.verify();
      if (!result) return false;
      options.captcha = result;
    }
    try {
      await sendWith(SEND_CODE_FLOWS[flow].endpoint, payload, options);
    } catch (error) {
      setLimited(error instanceof ApiError && error.status === 429);
      handleError(error);
      return false;
    }
    setLimited(false);
    notify.success(t.codeSent);
    return true;
  }

  return { send, dialog: captcha.dialog, preload: captcha.preload, limited };
}

/** `call` for an endpoint the flow table names: TypeScript cannot resolve `call`'s arguments for a generic name. */
const sendWith = call as (name: EndpointName, body: unknown, options: CallOptions) => Promise<unknown>;
