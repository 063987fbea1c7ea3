/**
 * The app's last two stages: any other method on any other path gets the JSON envelope's 404, as
 * every error of the BFF is an envelope; and one error handler, where body-parser refusals are the
 * client's fault (400, 413, 415) and anything else is logged and answered 500 `{ "msgCode": "-1" }`.
 */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { sendError } from '../http-errors';

export const notFound: RequestHandler = (req, res) => sendError(req, res, 404, 'A0100', 'notFound');

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: { type?: string; status?: number }, req, res, _next) => {
    if (err.type === 'entity.too.large')
      return sendError(req, res, 413, 'A0100', 'payloadTooLarge', { reason: 'body-too-large' });
    // A charset or Content-Encoding the parser does not take (`application/json; charset=latin1`).
    if (err.status === 415)
      return sendError(req, res, 415, 'A0100', 'unsupportedMediaType', { reason: 'body-type' });
    if (err.status === 404) return sendError(req, res, 404, 'A0100', 'notFound');
    // Every other refusal of the request itself (parse errors, aborted or mis-sized bodies).
    if (err.type === 'entity.verify.failed')
      return sendError(req, res, 400, 'A0100', 'badBody', { reason: 'body' });
    if (
      err.type === 'entity.parse.failed' ||
      (typeof err.status === 'number' && err.status >= 400 && err.status < 500)
    )
      return sendError(req, res, 400, 'A0100', { serverCode: 'A0100' }, { reason: 'body' });
    logger.error({ reqId: req.id, err }, 'unhandled error');
    sendError(req, res, 500, '-1', 'internalError');
  };
}
