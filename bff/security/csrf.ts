/**
 * CSRF defence for the gateway: a custom header that a cross-site form or simple request cannot
 * send, plus fetch metadata and Origin checks on unsafe methods. Refused requests never reach
 * the upstream.
 */
import type { NextFunction, Request, Response } from 'express';
import { HEADERS } from '@shared/api/envelope';
import { sendError } from '../http-errors';
import { hasBody } from '../request-body';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function ownOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? ''}`;
}

export function requireCsrf(req: Request, res: Response, next: NextFunction): void {
  const refuse = (reason: string, details?: Record<string, string>) =>
    sendError(req, res, 403, 'A0201', 'csrfRequired', { reason, details });
  if (req.get(HEADERS.csrf) !== '1') return refuse('csrf-header');
  if (!SAFE_METHODS.has(req.method)) {
    if (req.get('sec-fetch-site') === 'cross-site') return refuse('cross-site');
    const origin = req.get('origin');
    // The site that sent it, for the event: an origin holds no path, so nothing of the page.
    if (origin !== undefined && origin !== ownOrigin(req)) return refuse('foreign-origin', { origin });
  }
  next();
}

/** JSON endpoints take JSON only: text/plain and form bodies are what a CSRF form would send. */
/** The JSON bodies the gateway takes; app.ts's parser reads exactly these. */
export const JSON_TYPES = ['application/json', 'application/*+json'];

export function requireJsonBody(opts: { multipart: (req: Request) => boolean }) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!hasBody(req) || SAFE_METHODS.has(req.method)) return next();
    const type = (req.headers['content-type'] ?? '').toLowerCase();
    if (type.startsWith('multipart/form-data') && opts.multipart(req)) return next();
    // Exactly the types the JSON parser reads (type-is, as express.json decides): a type it would
    // leave unread (`application/json-seq`) must not stream past the body's checks.
    if (req.is(JSON_TYPES)) return next();
    sendError(req, res, 415, 'A0100', 'unsupportedMediaType', { reason: 'body-type' });
  };
}
