/** The BFF's own refusals: JSON `{msgCode, msg}` in the request's language (DESIGN.md §5). */
import type { Request, Response } from 'express';
import { productMessage, serverErrorText, type ProductMessage } from '@shared/errors/catalogue';
import { resolveLocale } from '@shared/i18n/locale';

export function sendError(
  req: Request,
  res: Response,
  status: number,
  msgCode: string,
  message: ProductMessage | { serverCode: string },
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // The refusal's code, for the security event of the call (bff/security-events).
  res.locals.refusalCode = msgCode;
  const locale = resolveLocale(req.headers.lang);
  const msg =
    typeof message === 'string'
      ? productMessage(message, locale)
      : serverErrorText(message.serverCode, locale);
  res.status(status).set('Cache-Control', 'no-store').json({ msgCode, msg });
}
