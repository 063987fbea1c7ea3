/**
 * Request-body parsing for the routes. Shapes are checked with zod (type confusion, missing
 * fields, oversized strings → A0100); field rules come from shared/validation so the SPA and the
 * local UAA refuse the same values.
 */
import type { Request } from 'express';
import { z } from 'zod';
import { VALIDATION_MESSAGES, type ValidationCode } from '@shared/validation/messages';
import type { ServerErrorCode } from '@shared/errors/catalogue';
import { UaaError } from './reply';

/** Longest string any field accepts; anything bigger is an attack or a bug, not input. */
export const MAX_FIELD_CHARS = 10 * 1024;

export const field = z.string().max(MAX_FIELD_CHARS);

/** An optional string where the legacy forms send '', null or nothing alike. */
export const optionalField = field
  .nullish()
  .transform((v) => (v === null || v === undefined ? undefined : v));

/** An integer, also as a decimal string (legacy forms send both). */
export const intField = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d{1,12}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

/** A page number or size: 1-based pages, at most 1000 rows (the user form fetches 1000 roles). */
export const pageNumberField = intField(1, 1_000_000);
export const pageSizeField = intField(1, 1000);

/** A list of ids: a JSON array, or one comma-separated string. */
export const idList = z.union([
  z.array(field.min(1)).max(1000),
  field.transform((s) =>
    s
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  ),
]);

/** A date filter: epoch ms, an ISO date-time, or YYYY-MM-DD[ HH:mm[:ss]] (read as UTC). */
export const dateFilter = z.union([z.number(), field]).nullish();

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

export function parseBody<S extends z.ZodType>(req: Request, schema: S): z.infer<S> {
  const result = schema.safeParse(req.body);
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
  throw code ? new UaaError(code) : new UaaError('A0100', 200, VALIDATION_MESSAGES[result]);
}
