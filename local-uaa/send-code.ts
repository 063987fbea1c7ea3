/** Sending a 6-digit code by SMS or e-mail, and checking one, the same way for every flow. */
import type { Request } from 'express';
import type { ServerErrorCode } from '@shared/errors/catalogue';
import type { CodeKey } from './store/codes';
import { format } from '@shared/i18n/define-texts';
import { LOCAL_TEXTS, localText } from './messages';
import type { Outbox } from './outbox';
import { requestLocale, UaaError } from './reply';
import type { Store } from './store';

export interface CodeDelivery {
  channel: 'phone' | 'email';
  to: string;
  key: CodeKey;
}

/** A0301 while the target got a message less than 60 s ago; else issues a code and "sends" it. */
export function sendCode(
  { store, outbox }: { store: Store; outbox: Outbox },
  req: Request,
  { channel, to, key }: CodeDelivery,
): void {
  if (outbox.isThrottled(to)) throw new UaaError('A0301');
  const code = store.codes.issue(key);
  const locale = requestLocale(req);
  outbox.send({
    channel: channel === 'phone' ? 'sms' : 'email',
    to,
    subject: LOCAL_TEXTS[locale].codeSubject,
    text: format(LOCAL_TEXTS[locale].codeBody, { code }),
    code,
  });
}

/** Uses the code up when right; else throws `failure` saying whether it was wrong or is gone. */
export function checkCode(store: Store, key: CodeKey, code: string, failure: ServerErrorCode): void {
  const verdict = store.codes.verify(key, code);
  if (verdict === 'wrong') throw new UaaError(failure, 200, localText('codeWrong'));
  if (verdict === 'missing') throw new UaaError(failure, 200, localText('codeExpired'));
}

/** The legacy code for a wrong SMS or e-mail code. */
export const codeFailure = (channel: 'phone' | 'email'): ServerErrorCode =>
  channel === 'phone' ? 'A0204' : 'A0205';
