/**
 * The field shapes of the legacy contract's requests, as the UAA reads them: strings of bounded
 * size, optional fields sent as '', null or nothing alike, integers also as decimal strings.
 * They check shape only; the spec §5 rules (shared/validation) judge the values.
 *
 * The contract is written with `zod/mini`, zod's tree-shakable form of the same schemas: the SPA
 * checks replies and fields with it on /login, where classic zod cost 22 KB gzip (issue 17).
 */
import { z } from 'zod/mini';
import { LIMITS } from '../validation/rules';

/** Longest string any field accepts; anything bigger is an attack or a bug, not input. */
export const MAX_FIELD_CHARS = 10 * 1024;

export const field = z.string().check(z.maxLength(MAX_FIELD_CHARS));

/** A field of at least `min` (and, when given, at most `max`) characters. */
export const sizedField = (min: number, max?: number) =>
  max === undefined ? field.check(z.minLength(min)) : field.check(z.minLength(min), z.maxLength(max));

/** An optional string where the legacy forms send '', null or nothing alike. */
export const optionalField = z.pipe(
  z.nullish(field),
  z.transform((v) => (v === null || v === undefined ? undefined : v)),
);

/** An optional string of at most `max` characters. */
export const optionalShortField = (max: number) =>
  z.pipe(optionalField, z.optional(z.string().check(z.maxLength(max))));

/**
 * A phone, an e-mail or a login account as a call names it: no longer than the longest of them,
 * an address (LIMITS.accountMax, the forms' limit too), so the gateway takes what the forms let
 * through and nothing longer.
 */
export const identifierField = field.check(z.maxLength(LIMITS.accountMax));

/** The same where the legacy forms send '', null or nothing alike. */
export const optionalIdentifierField = optionalShortField(LIMITS.accountMax);

/** An integer, also as a decimal string (legacy forms send both). */
export const intField = (min: number, max: number) =>
  z.pipe(
    z.union([z.number(), z.pipe(z.string().check(z.regex(/^-?\d{1,12}$/)), z.transform(Number))]),
    z.int().check(z.gte(min), z.lte(max)),
  );

/** A page number or size: 1-based pages, at most 1000 rows (the user form fetches 1000 roles). */
export const pageNumberField = intField(1, 1_000_000);
export const pageSizeField = intField(1, 1000);

/** A list of ids: a JSON array, or one comma-separated string. */
export const idList = z.union([
  z.array(sizedField(1)).check(z.maxLength(1000)),
  z.pipe(
    field,
    z.transform((s) =>
      s
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ),
]);

/** A date filter: epoch ms, an ISO date-time, or YYYY-MM-DD[ HH:mm[:ss]] (read as UTC). */
export const dateFilter = z.nullish(z.union([z.number(), field]));

export const contactChannel = z.enum(['phone', 'email']);

/** A call that takes no body (the SPA sends `{}` or nothing; the UAA reads none). */
export const noBody = z.optional(z.strictObject({}));

/** A reply whose data the caller does not read. */
export const noData = z.unknown();

/** A reply's text that the legacy UAA may send as null or leave out (read as null). */
export const nullableText = z._default(z.nullable(z.string()), null);

/** A reply's text that the legacy UAA may leave out (read as ''). */
export const textOrEmpty = z._default(z.string(), '');
