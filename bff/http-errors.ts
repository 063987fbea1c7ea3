/** The BFF's own refusals: JSON `{msgCode, msg}` in the request's language (DESIGN.md §5). */
import type { Request, Response } from 'express';
import { productMessage, serverErrorText, type ProductMessage } from '@shared/errors/catalogue';
import { resolveLocale } from '@shared/i18n/locale';

/** What the BFF answered a request it refused, and why: for its security event (bff/security-events). */
export interface Refusal {
  code: string;
  /** Which check refused it (`csrf-header`, `foreign-origin`, `body-type`…: docs/security-events.md). */
  reason?: string;
  /** Further facts of the refusal (the foreign Origin): never a secret. */
  details?: Record<string, string | undefined>;
}

export function refusalOf(res: Response): Refusal | undefined {
  return res.locals.refusal;
}

export function sendError(
  req: Request,
  res: Response,
  status: number,
  msgCode: string,
  message: ProductMessage | { serverCode: string },
  why?: Omit<Refusal, 'code'>,
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.locals.refusal = { code: msgCode, ...why } satisfies Refusal;
  const locale = resolveLocale(req.headers.lang);
  const msg =
    typeof message === 'string'
      ? productMessage(message, locale)
      : serverErrorText(message.serverCode, locale);
  res.status(status).set('Cache-Control', 'no-store').json({ msgCode, msg });
}
