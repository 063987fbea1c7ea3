/** Password and SMS login, and the member's user info (spec §7 login/*). */
import type { Router } from 'express';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { checkAccount, checkCode, checkPhone } from '@shared/validation/rules';
import { currentUser } from '../auth';
import { assertCaptcha } from '../captcha';
import { assertRule, parseRequest } from '../input';
import { burnPasswordCheck, openPasswordEnvelope, verifyPassword } from '../passwords';
import { toUserInfo } from '../records';
import { sendOk, UaaError } from '../reply';
import { checkCode as useCode, sendCode } from '../send-code';
import { assertCanSignIn, sendLoginReply } from '../sign-in';
import type { RouteDeps } from './deps';

export function registerLoginRoutes(router: Router, deps: RouteDeps): void {
  const { store, now, requireAuth } = deps;

  router.post(ENDPOINTS.loginByAccount.path, async (req, res) => {
    assertCaptcha(req);
    const body = parseRequest(req, ENDPOINTS.loginByAccount);
    assertRule(checkAccount(body.account));
    const password = openPasswordEnvelope(store.keyPair.privateKey, body.password, 'login', now());

    const user = store.users.findByAccount(body.account.trim());
    const valid = user?.passwordHash
      ? await verifyPassword(password, user.passwordHash)
      : await burnPasswordCheck(password);
    // One answer for unknown accounts and wrong passwords, so the form does not reveal accounts.
    if (!user || !valid) throw new UaaError('A0207');
    // Only after the password matched: the account state is the owner's business alone.
    assertCanSignIn(user);
    sendLoginReply(res, store, user, body.autoLogin ?? false);
  });

  router.post(ENDPOINTS.loginSmsCode.path, (req, res) => {
    assertCaptcha(req);
    const { phone } = parseRequest(req, ENDPOINTS.loginSmsCode);
    assertRule(checkPhone(phone));
    sendCode(deps, req, { channel: 'phone', to: phone, key: { purpose: 'login', target: phone } });
    sendOk(res);
  });

  // The conventional SMS login: a phone that has no account yet gets one (no username, a
  // generated nickname), so "log in" and "sign up" by SMS are the same step.
  router.post(ENDPOINTS.loginByPhone.path, (req, res) => {
    const body = parseRequest(req, ENDPOINTS.loginByPhone);
    assertRule(checkPhone(body.phone));
    assertRule(checkCode(body.code, 'phone'));
    useCode(store, { purpose: 'login', target: body.phone }, body.code, 'A0204');
    const user =
      store.users.findByPhone(body.phone) ??
      store.users.create({ phone: body.phone, createBy: body.source ?? '' });
    assertCanSignIn(user);
    sendLoginReply(res, store, user, body.autoLogin ?? false);
  });

  router.post(ENDPOINTS.userInfo.path, requireAuth, (_req, res) => {
    sendOk(res, toUserInfo(currentUser(res)));
  });
}
