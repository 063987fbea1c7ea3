/**
 * Human verification as the local captcha provider does it (DESIGN.md §7): the SPA sends the
 * three captcha headers and the verify value is the fixed local pass string.
 */
import type { Request } from 'express';
import { HEADERS, LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import { UaaError } from './reply';

export function assertCaptcha(req: Request): void {
  // Node lower-cases incoming header names, and HEADERS holds them lower-case.
  if (req.headers[HEADERS.captchaVerifyParam] !== LOCAL_CAPTCHA_PASS) throw new UaaError('A0204');
}
