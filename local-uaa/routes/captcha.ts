/**
 * The open captcha call (spec §7 verifyCode/captcha; its payload and reply are not shown). The
 * local provider's verify value passes; the reply says so in `data.verifyResult`.
 */
import type { Router } from 'express';
import { z } from 'zod';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import { field, optionalField, parseBody } from '../input';
import { sendOk, UaaError } from '../reply';
import type { RouteDeps } from './deps';

const captchaBody = z.object({
  captchaVerifyParam: field.min(1),
  sceneId: optionalField,
  prefix: optionalField,
});

export function registerCaptchaRoutes(router: Router, _deps: RouteDeps): void {
  router.post(ENDPOINTS.captcha.path, (req, res) => {
    const { captchaVerifyParam } = parseBody(req, captchaBody);
    if (captchaVerifyParam !== LOCAL_CAPTCHA_PASS) throw new UaaError('A0204');
    sendOk(res, { verifyResult: true });
  });
}
