/**
 * Request-body parsing for the routes. Shapes are checked with the contract's request schemas
 * (shared/contract: type confusion, missing fields, oversized strings → A0100); field rules come
 * from shared/validation so the SPA and the local UAA refuse the same values.
 */
import type { Request } from 'express';
import { z } from 'zod/mini';
import type { Endpoint } from '@shared/contract/endpoints';
import { textPair } from '@shared/i18n/define-texts';
import { VALIDATION_MESSAGES, type ValidationCode } from '@shared/validation/messages';
import type { ServerErrorCode } from '@shared/errors/catalogue';
import { UaaError } from './reply';

const PLAIN_DATE = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/;

/**
 * The instant a date filter names; `endOfDay` makes a bare date include that whole day (for
 * "until" filters). Undefined for an empty filter; throws A0100 for an unreadable one.
 */
export function parseDateFilter(
  value: number | string | null | undefined,
  opts: { endOfDay?: boolean } = {},
): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new UaaError('A0100');
    return value;
  }
  const plain = PLAIN_DATE.exec(value.trim());
  const ms = plain
    ? Date.parse(`${plain[1]}T${plain[2] ?? '00:00:00'}${plain[2]?.length === 5 ? ':00' : ''}Z`)
    : Date.parse(value);
  if (Number.isNaN(ms)) throw new UaaError('A0100');
  return plain && !plain[2] && opts.endOfDay ? ms + 24 * 60 * 60 * 1000 - 1 : ms;
}

/** The body of a call of the contract, parsed with that endpoint's own request schema. */
export function parseRequest<E extends Endpoint>(req: Request, endpoint: E): z.output<E['request']> {
  return parseBody<E['request']>(req, endpoint.request);
}

/** Any zod schema: the contract's (zod/mini) or a route's own (classic zod). */
export function parseBody<S extends z.core.$ZodType>(req: Request, schema: S): z.infer<S> {
  const result = z.safeParse(schema, req.body);
  if (!result.success) throw new UaaError('A0100');
  return result.data;
}

// The legacy service has dedicated codes for malformed mail and phone values only.
const RULE_CODES: Partial<Record<ValidationCode, ServerErrorCode>> = {
  emailInvalid: 'A0102',
  phoneInvalid: 'A0103',
};

/**
 * Throws the legacy code for a failed shared rule; passes when the rule returned null. A generic
 * parameter error carries the rule's own message, so the user learns what to fix.
 */
export function assertRule(result: ValidationCode | null): void {
  if (result === null) return;
  const code = RULE_CODES[result];
  throw code ? new UaaError(code) : new UaaError('A0100', 200, textPair(VALIDATION_MESSAGES, result));
}
