/**
 * Registration by e-mail (with its activation link, spec §4) and by phone (with an SMS code),
 * the existence check of the register and forgot-password forms, and account cancellation.
 */
import type { Router } from 'express';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { RegisterByPhoneData } from '@shared/contract/register';
import type { ExistData } from '@shared/contract/personal';
import type { ActiveData, RegisterByEmailData } from '@shared/contract/register';
import type { Locale } from '@shared/i18n/locale';
import { ROUTES } from '@shared/routes';
import {
  checkCode,
  checkEmail,
  checkEmailTabUsername,
  checkNewPassword,
  checkPhone,
  checkUsername,
} from '@shared/validation/rules';
import { currentUser } from '../auth';
import { assertRule, parseRequest } from '../input';
import { LOCAL_TEXTS, localText } from '../messages';
import { hashPassword, openPasswordEnvelope } from '../passwords';
import { requestLocale, sendOk, UaaError } from '../reply';
import { assertNoSensitiveWord } from '../sensitive-words';
import { checkCode as useCode, sendCode } from '../send-code';
import type { Store } from '../store';
import type { RouteDeps } from './deps';

/** A0209 "phone already exists" (spec §5: the register form then offers a login link). */
function assertPhoneFree(store: Store, phone: string): void {
  if (store.users.findByPhone(phone)) throw new UaaError('A0209', 200, localText('phoneExists'));
}

/** Whether removing this user would leave nobody able to manage users in the back office. */
function isLastUserAdmin(store: Store, ssoUid: string): boolean {
  const admins = store.users.list().filter((u) => store.roles.modulesOf(u.roles).includes('users'));
  return admins.length === 1 && admins[0]?.ssoUid === ssoUid;
}

/** The link of the activation e-mail, in the language of the registration (the page honours `lang`). */
export function activationLink(publicUrl: string, sign: string, token: string, lang: Locale): string {
  const query = new URLSearchParams({ sign, token, lang });
  return `${publicUrl.replace(/\/+$/, '')}${ROUTES.active}?${query}`;
}

export function registerRegisterRoutes(router: Router, deps: RouteDeps): void {
  const { store, outbox, publicUrl, now, requireAuth } = deps;

  router.post(ENDPOINTS.registerCheck.path, (req, res) => {
    const { item, type } = parseRequest(req, ENDPOINTS.registerCheck);
    assertRule(type === 'email' ? checkEmail(item) : checkPhone(item));
    store.pruneExpired(); // an abandoned registration no longer holds its e-mail
    const user = type === 'email' ? store.users.findByEmail(item) : store.users.findByPhone(item);
    sendOk(res, { exist: user !== undefined } satisfies ExistData);
  });

  router.post(ENDPOINTS.registerByEmail.path, async (req, res) => {
    const body = parseRequest(req, ENDPOINTS.registerByEmail);
    assertRule(checkEmailTabUsername(body.username));
    assertNoSensitiveWord(body.username);
    assertRule(checkEmail(body.email));
    const password = openPasswordEnvelope(store.keyPair.privateKey, body.password, 'register', now());
    assertRule(checkNewPassword(password));
    // A retry after a lost reply learns that the account exists (its activation mail was sent),
    // not that it asks too often.
    store.pruneExpired();
    if (store.users.findByEmail(body.email)) throw new UaaError('A0203');
    if (outbox.isThrottled(body.email)) throw new UaaError('A0301');

    // Hash before the uniqueness checks so nothing awaits between checking and creating.
    const passwordHash = await hashPassword(password);
    store.pruneExpired();
    if (store.users.findByEmail(body.email)) throw new UaaError('A0203');
    if (store.users.findByUsername(body.username)) throw new UaaError('A0210');

    const user = store.users.create({
      username: body.username,
      email: body.email,
      passwordHash,
      activated: false,
      createBy: body.source ?? '',
    });
    const { sign, token } = store.activations.create(user.ssoUid);
    const locale = requestLocale(req);
    const link = activationLink(publicUrl, sign, token, locale);
    outbox.send({
      channel: 'email',
      to: body.email,
      subject: LOCAL_TEXTS[locale].activationSubject,
      text: `${LOCAL_TEXTS[locale].activationBody}\n${link}`,
      link,
    });
    sendOk(res, { ssoUid: user.ssoUid } satisfies RegisterByEmailData);
  });

  router.post(ENDPOINTS.registerActive.path, (req, res) => {
    const { sign, token } = parseRequest(req, ENDPOINTS.registerActive);
    const activated = store.activate(sign, token);
    if (!activated) throw new UaaError('A0212');
    sendOk(res, activated.already ? ({ alreadyActive: true } satisfies ActiveData) : undefined);
  });

  router.post(ENDPOINTS.registerSmsCode.path, (req, res) => {
    const { phone } = parseRequest(req, ENDPOINTS.registerSmsCode);
    assertRule(checkPhone(phone));
    assertPhoneFree(store, phone); // no SMS for a registration that cannot succeed
    sendCode(deps, req, { channel: 'phone', to: phone, key: { purpose: 'register', target: phone } });
    sendOk(res);
  });

  // Phone registration is complete at once: the SMS code already proved the phone.
  router.post(ENDPOINTS.registerByPhone.path, async (req, res) => {
    const body = parseRequest(req, ENDPOINTS.registerByPhone);
    assertRule(checkUsername(body.username));
    assertNoSensitiveWord(body.username);
    assertRule(checkPhone(body.phone));
    assertRule(checkCode(body.code, 'phone'));
    const password = openPasswordEnvelope(store.keyPair.privateKey, body.password, 'register', now());
    assertRule(checkNewPassword(password));

    const passwordHash = await hashPassword(password);
    assertPhoneFree(store, body.phone);
    if (store.users.findByUsername(body.username)) throw new UaaError('A0210');
    useCode(store, { purpose: 'register', target: body.phone }, body.code, 'A0204');
    const user = store.users.create({
      username: body.username,
      phone: body.phone,
      passwordHash,
      createBy: body.source ?? '',
    });
    sendOk(res, { ssouid: user.ssoUid } satisfies RegisterByPhoneData);
  });

  // Cancellation removes the account and everything hanging on it; its phone, e-mail, username
  // and third-party identities are free to register again.
  router.get(ENDPOINTS.deactivate.path, requireAuth, (_req, res) => {
    const user = currentUser(res);
    if (isLastUserAdmin(store, user.ssoUid)) throw new UaaError('A0201', 200, localText('lastAdmin'));
    store.deleteUser(user.ssoUid);
    sendOk(res);
  });
}
