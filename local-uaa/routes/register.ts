/** Registration by e-mail and its activation link (spec §4 "Registration by email"). */
import type { Router } from 'express';
import { z } from 'zod';
import { ENDPOINTS } from '@shared/api/endpoints';
import type { ExistData, RegisterByEmailData } from '@shared/api/types';
import { ROUTES } from '@shared/routes';
import { checkEmail, checkEmailTabUsername, checkNewPassword, checkPhone } from '@shared/validation/rules';
import { assertRule, field, parseBody } from '../input';
import { LOCAL_TEXTS } from '../messages';
import { hashPassword, openPasswordEnvelope } from '../passwords';
import { requestLocale, sendOk, UaaError } from '../reply';
import type { RouteDeps } from './deps';

const checkBody = z.object({ item: field, type: z.enum(['phone', 'email']) });

const byEmailBody = z.object({
  username: field,
  email: field,
  password: field,
  code: field.nullish(),
  // A platform id; the legacy service records it as the registration source.
  source: field.max(64).nullish(),
});

const activeBody = z.object({ sign: field.min(1), token: field.min(1) });

export function activationLink(publicUrl: string, sign: string, token: string): string {
  const query = new URLSearchParams({ sign, token });
  return `${publicUrl.replace(/\/+$/, '')}${ROUTES.active}?${query}`;
}

export function registerRegisterRoutes(router: Router, deps: RouteDeps): void {
  const { store, outbox, publicUrl, now } = deps;

  router.post(ENDPOINTS.registerCheck.path, (req, res) => {
    const { item, type } = parseBody(req, checkBody);
    assertRule(type === 'email' ? checkEmail(item) : checkPhone(item));
    store.pruneExpired(); // an abandoned registration no longer holds its e-mail
    const user = type === 'email' ? store.findUserByEmail(item) : store.findUserByPhone(item);
    sendOk(res, { exist: user !== undefined } satisfies ExistData);
  });

  router.post(ENDPOINTS.registerByEmail.path, async (req, res) => {
    const body = parseBody(req, byEmailBody);
    assertRule(checkEmailTabUsername(body.username));
    assertRule(checkEmail(body.email));
    const password = openPasswordEnvelope(store.keyPair.privateKey, body.password, 'register', now());
    assertRule(checkNewPassword(password));
    if (outbox.isThrottled(body.email)) throw new UaaError('A0301');

    // Hash before the uniqueness checks so nothing awaits between checking and creating.
    const passwordHash = await hashPassword(password);
    store.pruneExpired();
    if (store.findUserByEmail(body.email)) throw new UaaError('A0203');
    if (store.findUserByUsername(body.username)) throw new UaaError('A0210');

    const user = store.createUser({
      username: body.username,
      email: body.email,
      passwordHash,
      activated: false,
      createBy: body.source ?? '',
    });
    const { sign, token } = store.createActivation(user.ssoUid);
    const link = activationLink(publicUrl, sign, token);
    const locale = requestLocale(req);
    outbox.send({
      channel: 'email',
      to: body.email,
      subject: LOCAL_TEXTS.activationSubject[locale],
      text: `${LOCAL_TEXTS.activationBody[locale]}\n${link}`,
      link,
    });
    sendOk(res, { ssoUid: user.ssoUid } satisfies RegisterByEmailData);
  });

  router.post(ENDPOINTS.registerActive.path, (req, res) => {
    const { sign, token } = parseBody(req, activeBody);
    if (!store.activate(sign, token)) throw new UaaError('A0212');
    sendOk(res);
  });
}
