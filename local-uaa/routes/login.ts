/** Password login, the member's user info and the location hint of the login page. */
import { randomBytes } from 'node:crypto';
import type { Router } from 'express';
import { z } from 'zod';
import { ENDPOINTS } from '@shared/api/endpoints';
import { SUCCESS_CODE } from '@shared/api/envelope';
import type { LocationInfo, LoginReply } from '@shared/api/types';
import { checkAccount } from '@shared/validation/rules';
import { currentUser } from '../auth';
import { assertCaptcha } from '../captcha';
import { assertRule, field, parseBody } from '../input';
import { LOCAL_TEXTS } from '../messages';
import { burnPasswordCheck, openPasswordEnvelope, verifyPassword } from '../passwords';
import { toUserInfo } from '../records';
import { sendOk, SUCCESS_MSG, UaaError } from '../reply';
import type { RouteDeps } from './deps';

const byAccountBody = z.object({
  account: field,
  password: field,
  autoLogin: z.boolean().nullish(),
});

export function registerLoginRoutes(router: Router, deps: RouteDeps): void {
  const { store, now, requireAuth } = deps;

  router.post(ENDPOINTS.loginByAccount.path, async (req, res) => {
    assertCaptcha(req);
    const body = parseBody(req, byAccountBody);
    assertRule(checkAccount(body.account));
    const password = openPasswordEnvelope(store.keyPair.privateKey, body.password, 'login', now());

    const user = store.findUserByAccount(body.account.trim());
    const valid = user?.passwordHash
      ? await verifyPassword(password, user.passwordHash)
      : await burnPasswordCheck(password);
    // One answer for unknown accounts and wrong passwords, so the form does not reveal accounts.
    if (!user || !valid) throw new UaaError('A0207');
    // Only after the password matched: the account state is the owner's business alone.
    if (!user.activated) throw new UaaError('A0201', 200, LOCAL_TEXTS.notActivated);
    if (user.status === 'DISABLED') throw new UaaError('A0201', 200, LOCAL_TEXTS.disabled);

    const { token } = store.issueSession(user.ssoUid, { autoLogin: body.autoLogin ?? false });
    const reply: LoginReply = {
      msgCode: SUCCESS_CODE,
      msg: SUCCESS_MSG,
      ssouid: user.ssoUid,
      phone: user.phone,
      // ssoCode is opaque to the SPA; the legacy reply carries one, so the shape keeps it.
      data: { token, ssoCode: randomBytes(16).toString('base64url'), data: { username: user.username } },
    };
    res.json(reply);
  });

  router.post(ENDPOINTS.userInfo.path, requireAuth, (_req, res) => {
    sendOk(res, toUserInfo(currentUser(res)));
  });

  // No geolocation locally: everyone is "at home", so the SMS tab stays the default.
  router.get(ENDPOINTS.locationInfo.path, (_req, res) => {
    sendOk(res, { overseas: false, city: '' } satisfies LocationInfo);
  });
}
