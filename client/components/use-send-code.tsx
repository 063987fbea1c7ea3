import { useState, type ReactNode } from 'react';
import type { Endpoint, RequestFor } from '@shared/contract/endpoint';
import { USER_ENDPOINTS } from '@shared/contract/user-endpoints';
import { SEND_CODE_FLOWS, type SendCodeFlow } from '@shared/api/send-code-flows';
import { productMessage } from '@shared/errors/catalogue';
import { ApiError, call, type CallOptions } from '../lib/api/client';
import { useTexts } from '../lib/i18n/use-texts';
import { useLocale } from '../lib/i18n/locale-context';
import { CODE_COUNTDOWN_S } from '../lib/hooks/use-countdown';
import { notify } from '../lib/notify';
import { tabStorage } from '../lib/storage';
import { useCaptcha } from './captcha-dialog';
import { texts } from './send-code.locale';

/** The call a flow sends its codes with (SEND_CODE_FLOWS), and what that call takes. */
type FlowEndpoint<F extends SendCodeFlow> = (typeof USER_ENDPOINTS)[(typeof SEND_CODE_FLOWS)[F]['endpoint']];
export type SendCodePayload<F extends SendCodeFlow> = RequestFor<FlowEndpoint<F>>;

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
 * gone in 3 s). A refusal of a send to where a code went within the last minute, in this tab
 * (before a reload, say), says that that code still works. Render `dialog`.
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
    const sendKey = keyOf(flow, payload);
    try {
      await sendWith(USER_ENDPOINTS[SEND_CODE_FLOWS[flow].endpoint], payload, options);
    } catch (error) {
      const refused = error instanceof ApiError && error.status === 429;
      setLimited(refused);
      const message = error instanceof ApiError ? error.message : productMessage('networkError', locale);
      if (!refused || !sentLately(sendKey)) return { sent: false, problem: message };
      return { sent: false, problem: `${message}${locale === 'zh-CN' ? '' : ' '}${t.earlierCodeWorks}` };
    }
    rememberSent(sendKey);
    setLimited(false);
    notify.success(t.codeSent);
    return { sent: true };
  }

  return { send, dialog: captcha.dialog, preload: captcha.preload, limited };
}

/** `call` for an endpoint the flow table names: TypeScript cannot resolve `call`'s arguments for a generic name. */
const sendWith = call as (endpoint: Endpoint, body: unknown, options: CallOptions) => Promise<unknown>;

/**
 * The sends of this tab within the countdown's minute, by flow and payload, so that a reload
 * knows of them: a refusal then (one code a minute to a phone or e-mail) means that code is
 * fresh. Kept as a hash (FNV-1a), never the phone or e-mail itself.
 */
const SENT_WINDOW_MS = CODE_COUNTDOWN_S * 1000;

function keyOf(flow: SendCodeFlow, payload: unknown): string {
  let hash = 0x811c9dc5;
  for (const char of `${flow}:${JSON.stringify(payload)}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function sendsOfLastMinute(): Record<string, number> {
  try {
    const stored = JSON.parse(tabStorage.get('codes-sent') ?? '{}') as Record<string, number>;
    return Object.fromEntries(Object.entries(stored).filter(([, at]) => Date.now() - at < SENT_WINDOW_MS));
  } catch {
    return {};
  }
}

function rememberSent(key: string): void {
  tabStorage.set('codes-sent', JSON.stringify({ ...sendsOfLastMinute(), [key]: Date.now() }));
}

function sentLately(key: string): boolean {
  return key in sendsOfLastMinute();
}
