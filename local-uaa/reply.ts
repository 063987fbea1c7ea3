/**
 * The legacy envelope `{ msgCode, msg, data? }` and the one place errors become replies.
 * Handlers throw `UaaError`; everything else that reaches the error handler is either a body
 * parser refusal (answered like the legacy service: a parameter error) or a bug ('-1', no details).
 */
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { SUCCESS_CODE, type Envelope } from '@shared/api/envelope';
import type { Locale } from '@shared/i18n/locale';
import { productMessage, serverErrorText, type ServerErrorCode } from '@shared/errors/catalogue';
import { resolveLocale } from '@shared/i18n/locale';
import type { Logger } from './logger';
import type { LocalText } from './messages';

export const SUCCESS_MSG = 'success';

export class UaaError extends Error {
  constructor(
    readonly code: ServerErrorCode,
    /** The legacy service answers business failures with HTTP 200; only auth and transport differ. */
    readonly status: number = 200,
    /** A more specific text than the catalogue's, where the user needs to know what to do. */
    readonly detail?: LocalText,
  ) {
    super(code);
    this.name = 'UaaError';
  }
}

export function requestLocale(req: Request): Locale {
  return resolveLocale(req.headers.lang);
}

export function errorEnvelope(req: Request, code: ServerErrorCode, detail?: LocalText): Envelope<never> {
  const locale = requestLocale(req);
  return { msgCode: code, msg: detail ? detail[locale] : serverErrorText(code, locale) };
}

export function sendOk(res: Response, data?: unknown): void {
  const body: Envelope = { msgCode: SUCCESS_CODE, msg: SUCCESS_MSG };
  if (data !== undefined) body.data = data;
  res.json(body);
}

/** Unknown paths and methods: a 404 envelope rather than Express's HTML page. */
export const notFound: RequestHandler = (req, res) => {
  res.status(404).json({ msgCode: '-1', msg: productMessage('notFound', requestLocale(req)) });
};

interface HttpError {
  status?: unknown;
  type?: unknown;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    if (err instanceof UaaError) {
      res.status(err.status).json(errorEnvelope(req, err.code, err.detail));
      return;
    }
    const { status, type } = (typeof err === 'object' && err !== null ? err : {}) as HttpError;
    // Malformed JSON is a parameter error to the legacy contract, not a transport failure.
    if (type === 'entity.parse.failed') {
      res.status(200).json(errorEnvelope(req, 'A0100'));
      return;
    }
    // Other body-parser refusals (too large, bad charset) keep their 4xx status.
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).json(errorEnvelope(req, 'A0100'));
      return;
    }
    (logger.error ?? logger.info).call(logger, 'local-uaa: unexpected error', req.method, req.path, err);
    res.status(500).json(errorEnvelope(req, '-1'));
  };
}
