/**
 * The field shapes of the legacy contract's requests, as the UAA reads them: strings of bounded
 * size, optional fields sent as '', null or nothing alike, integers also as decimal strings.
 * They check shape only; the spec §5 rules (shared/validation) judge the values.
 */
import { z } from 'zod';

/** Longest string any field accepts; anything bigger is an attack or a bug, not input. */
export const MAX_FIELD_CHARS = 10 * 1024;

export const field = z.string().max(MAX_FIELD_CHARS);

/** An optional string where the legacy forms send '', null or nothing alike. */
export const optionalField = field
  .nullish()
  .transform((v) => (v === null || v === undefined ? undefined : v));

/** An optional string of at most `max` characters. */
export const optionalShortField = (max: number) => optionalField.pipe(z.string().max(max).optional());

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

export const contactChannel = z.enum(['phone', 'email']);

/** A call that takes no body (the SPA sends `{}` or nothing; the UAA reads none). */
export const noBody = z.object({}).optional();

/** A reply whose data the caller does not read. */
export const noData = z.unknown();
