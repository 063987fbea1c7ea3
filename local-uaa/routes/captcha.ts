/**
 * The open captcha call (spec §7 verifyCode/captcha; its payload and reply are not shown). The
 * local provider's verify value passes; the reply says so in `data.verifyResult`.
 */
import type { Router } from 'express';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import { parseRequest } from '../input';
import { sendOk, UaaError } from '../reply';
import type { RouteDeps } from './deps';

export function registerCaptchaRoutes(router: Router, _deps: RouteDeps): void {
  router.post(ENDPOINTS.captcha.path, (req, res) => {
    const { captchaVerifyParam } = parseRequest(req, ENDPOINTS.captcha);
    if (captchaVerifyParam !== LOCAL_CAPTCHA_PASS) throw new UaaError('A0204');
    sendOk(res, { verifyResult: true });
  });
}
