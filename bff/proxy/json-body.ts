/**
 * One parse of a gateway call's JSON body, validated (issue 30, DESIGN.md §5). The BFF used to
 * forward the browser's bytes while its rate limiter read its own parse of them, so whatever the
 * two readings disagree on reached the UAA uncounted: a second copy of a key (`{"phone":A,
 * "phone":B}`: JSON.parse keeps the last, a Java parser may keep the first), a key in another case
 * (`{"Phone":P}`, which fastjson binds to `phone`), a body nested 10,000 levels deep. Now:
 *
 * 1. the text is scanned before it is parsed: a key given twice in one object, or nesting deeper
 *    than MAX_JSON_DEPTH, is refused (400) and never parsed;
 * 2. the phone, e-mail or account fields take their canonical spelling
 *    (shared/validation/canonical.ts);
 * 3. the body must pass the endpoint's request schema in the contract, whose objects are strict:
 *    an unknown or mis-cased key, or a field of the wrong type, is refused (400);
 * 4. that object, serialized again, is what the UAA receives, and the limiter reads the same
 *    object.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { IDENTIFIER_FIELDS, type Endpoint } from '@shared/contract/endpoints';
import { canonicalIdentifier, PHONE_SPELLING } from '@shared/validation/canonical';
import { sendError } from '../http-errors';
import { hasBody } from '../request-body';
import { gatewayCallOf, type GatewayRequest } from './gateway-call';

/** Deeper than any call of the contract needs (a platform list in `xlabs` is 3 levels). */
export const MAX_JSON_DEPTH = 16;

/** What is wrong with a JSON text's structure, or undefined. */
export type JsonShapeProblem = 'duplicate-key' | 'too-deep' | 'bad-key';

/**
 * Scans JSON text for a key given twice in one object (compared as JSON.parse decodes them, so
 * `"a"` and `"\u0061"` are one key) and for nesting deeper than `maxDepth`. Iterative, one pass:
 * a deep body costs no stack. Text that is not JSON is left to JSON.parse to refuse.
 */
export function jsonShapeProblem(text: string, maxDepth = MAX_JSON_DEPTH): JsonShapeProblem | undefined {
  // One entry per open object (its keys so far) or array (null).
  const open: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      for (i += 1; i < text.length && text[i] !== '"'; i += 1) if (text[i] === '\\') i += 1;
      const keys = open.at(-1);
      if (expectKey && keys) {
        let key: unknown;
        try {
          key = JSON.parse(text.slice(start, i + 1));
        } catch {
          // Not a key JSON.parse reads: refused here, whatever a parser might make of it.
          return 'bad-key';
        }
        if (keys.has(key as string)) return 'duplicate-key';
        keys.add(key as string);
        expectKey = false;
      }
    } else if (c === '{' || c === '[') {
      open.push(c === '{' ? new Set() : null);
      if (open.length > maxDepth) return 'too-deep';
      expectKey = c === '{';
    } else if (c === '}' || c === ']') {
      open.pop();
      expectKey = false;
    } else if (c === ',') {
      expectKey = open.at(-1) instanceof Set;
    }
  }
  return undefined;
}

/**
 * Refuses a parsed body the endpoint does not take, and leaves the bytes to forward. A POST
 * without a body is checked too (as no body: only calls that take none pass); a body the parser
 * did not read goes nowhere, except the streamed upload.
 */
export function validateGatewayBody(isUpload: (req: Request) => boolean): RequestHandler {
  return (incoming, res, next) => {
    const req = incoming as GatewayRequest;
    const call = gatewayCallOf(req);
    if (!call || req.method === 'GET') return next();
    if (req.forwardBody === undefined) {
      // The upload's multipart body streams through, limited on the way (upload-limit.ts).
      if (isUpload(req)) return next();
      if (hasBody(req))
        return sendError(req, res, 415, 'A0100', 'unsupportedMediaType', { reason: 'body-type' });
      return call.endpoint.request.safeParse(undefined).success
        ? next()
        : sendError(req, res, 400, 'A0100', 'badBody', { reason: 'body' });
    }
    checkBody(req, res, next, call.endpoint);
  };
}

function checkBody(req: GatewayRequest, res: Response, next: NextFunction, endpoint: Endpoint): void {
  const body: unknown = req.body;
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    for (const field of IDENTIFIER_FIELDS) {
      const value = record[field];
      if (Object.hasOwn(record, field) && typeof value === 'string')
        record[field] = canonicalIdentifier(value);
    }
    // A phone in digits of another script (٠١٢, ०१२) would be a new target to the limiter and
    // maybe the same phone to a lenient UAA: refused, as the SPA's own form would.
    const phone = isPhoneChannel(record) ? record.item : record.phone;
    if (typeof phone === 'string' && !PHONE_SPELLING.test(phone))
      return sendError(req, res, 400, 'A0100', 'badPhoneSpelling', { reason: 'identifier' });
  }
  const checked = endpoint.request.safeParse(body);
  if (!checked.success) return sendError(req, res, 400, 'A0100', 'badBody', { reason: 'body' });
  req.checkedBody = checked.data as Record<string, unknown>;
  req.forwardBody = Buffer.from(JSON.stringify(body));
  next();
}

/** `item` names a phone when the call's channel (`type` or `message`) says so. */
function isPhoneChannel(record: Record<string, unknown>): boolean {
  return record.type === 'phone' || record.message === 'phone';
}
