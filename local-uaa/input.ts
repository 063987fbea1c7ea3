/**
 * Request-body parsing for the routes. Shapes are checked with zod (type confusion, missing
 * fields, oversized strings → A0100); field rules come from shared/validation so the SPA and the
 * local UAA refuse the same values.
 */
import type { Request } from 'express';
import { z } from 'zod';
import type { ValidationCode } from '@shared/validation/messages';
import type { ServerErrorCode } from '@shared/errors/catalogue';
import { UaaError } from './reply';

/** Longest string any field accepts; anything bigger is an attack or a bug, not input. */
export const MAX_FIELD_CHARS = 10 * 1024;

export const field = z.string().max(MAX_FIELD_CHARS);

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

/** Throws the legacy code for a failed shared rule; passes when the rule returned null. */
export function assertRule(result: ValidationCode | null): void {
  if (result !== null) throw new UaaError(RULE_CODES[result] ?? 'A0100');
}
