/** The forgot-password flow (spec §2 /forget): a code to the phone or e-mail, then a new password. */
import type { Router } from 'express';
import type { ContactChannel } from '@shared/api/verification-flows';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { checkCode, checkEmail, checkNewPassword, checkPhone } from '@shared/validation/rules';
import { assertRule, parseRequest } from '../input';
import { localText } from '../messages';
import { hashPassword, openPasswordEnvelope } from '../passwords';
import type { UserRecord } from '../records';
import { sendOk, UaaError } from '../reply';
import { checkCode as useCode, sendCode } from '../send-code';
import { assertCanSignIn } from '../sign-in';
import type { Store } from '../store';
import type { RouteDeps } from './deps';

/** The registered, usable account of the contact: A0206 for none (spec §5 "not a registered …"). */
function accountOf(store: Store, type: ContactChannel, item: string): UserRecord {
  assertRule(type === 'phone' ? checkPhone(item) : checkEmail(item));
  const user = store.users.findByContact(type, item);
  if (!user) {
    throw new UaaError(
      'A0206',
      200,
      type === 'phone' ? localText('phoneNotRegistered') : localText('emailNotRegistered'),
    );
  }
  assertCanSignIn(user);
  return user;
}

export function registerPasswordRoutes(router: Router, deps: RouteDeps): void {
  const { store, now } = deps;

  router.post(ENDPOINTS.passwordForget.path, (req, res) => {
    const { type, item } = parseRequest(req, ENDPOINTS.passwordForget);
    accountOf(store, type, item);
    sendCode(deps, req, { channel: type, to: item, key: { purpose: 'resetPassword', target: item } });
    sendOk(res);
  });

  // A reset ends every session: whoever knew the old password is signed out.
  router.post(ENDPOINTS.passwordReset.path, async (req, res) => {
    const body = parseRequest(req, ENDPOINTS.passwordReset);
    accountOf(store, body.type, body.item);
    assertRule(checkCode(body.code, body.type === 'phone' ? 'phone' : 'other'));
    const password = openPasswordEnvelope(store.keyPair.privateKey, body.password, 'resetPassword', now());
    assertRule(checkNewPassword(password));
    const passwordHash = await hashPassword(password);
    const user = accountOf(store, body.type, body.item); // again: the await let others run
    useCode(store, { purpose: 'resetPassword', target: body.item }, body.code, 'A0208');
    store.users.update(user.ssoUid, { passwordHash });
    store.sessions.revoke(user.ssoUid);
    sendOk(res);
  });
}
