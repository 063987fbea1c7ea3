/**
 * Uploads are streamed to the upstream, never buffered, so their size limit is enforced while
 * the bytes flow: a declared Content-Length over the limit is refused before proxying, and a
 * body that grows past it is cut off, the upstream request aborted and 413 answered.
 */
import type { RequestHandler } from 'express';
import { sendError } from '../http-errors';
import { hasBody } from '../request-body';
import type { GatewayRequest } from './gateway-call';

export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

export function limitStreamedBody(limit = UPLOAD_LIMIT_BYTES): RequestHandler {
  return (incoming, res, next) => {
    const req = incoming as GatewayRequest;
    // A JSON body was already read (and limited) by the parser; a request without a body has nothing to count.
    if (req.forwardBody !== undefined || !hasBody(req)) return next();
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      res.setHeader('Connection', 'close');
      return sendError(req, res, 413, 'A0100', 'payloadTooLarge', { reason: 'body-too-large' });
    }
    let seen = 0;
    // Paused, this listener only counts: the bytes start flowing when the proxy pipes the request on.
    req.pause();
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen <= limit || req.bodyTooLarge) return;
      req.bodyTooLarge = true;
      req.abortUpstream?.();
      res.setHeader('Connection', 'close');
      sendError(req, res, 413, 'A0100', 'payloadTooLarge', { reason: 'body-too-large' });
    });
    next();
  };
}
