/**
 * The user centre's two-step changes of phone, e-mail and password (spec §4), driven by the
 * table in shared/api/verification-flows.ts: message/code sends a step's code, message/code/check
 * passes a first step, and mobile/bind, email/bind and password/update complete second steps,
 * refusing any second step whose first step has not passed.
 */
import type { Request, RequestHandler, Router } from 'express';
import { ENDPOINTS } from '@shared/contract/endpoints';
import {
  stepFitsAccount,
  VERIFICATION_STEPS,
  type ContactChannel,
  type FunctionCode,
  type StepCompletion,
  type VerificationStep,
} from '@shared/api/verification-flows';
import type { ServerErrorCode } from '@shared/errors/catalogue';
import { checkCode, checkEmail, checkNewPassword, checkPhone } from '@shared/validation/rules';
import { currentToken, currentUser } from '../auth';
import type { CodeKey } from '../store/codes';
import { assertRule, parseRequest } from '../input';
import { localText } from '../messages';
import { hashPassword, openPasswordEnvelope } from '../passwords';
import { toUserInfo, type UserRecord } from '../records';
import { sendOk, UaaError } from '../reply';
import { codeFailure, checkCode as useCode, sendCode } from '../send-code';
import type { Store } from '../store';
import type { RouteDeps } from './deps';

interface BindBody {
  function: FunctionCode;
  item: string;
  code: string;
  password?: string;
}

function readBindBody(req: Request, kind: ContactChannel): BindBody {
  if (kind === 'phone') {
    const { phone, ...rest } = parseRequest(req, ENDPOINTS.mobileBind);
    return { ...rest, item: phone };
  }
  const { email, ...rest } = parseRequest(req, ENDPOINTS.emailBind);
  return { ...rest, item: email };
}

const same = (a: string | null, b: string): boolean =>
  a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

const flowKey = (user: UserRecord, code: FunctionCode, item: string): CodeKey => ({
  purpose: `flow:${code}`,
  ssoUid: user.ssoUid,
  target: item,
});

function assertContactFormat(kind: ContactChannel, item: string): void {
  assertRule(kind === 'phone' ? checkPhone(item) : checkEmail(item));
}

/** The step, when the account may run its flow and the call is the one that completes it. */
function stepFor(user: UserRecord, code: FunctionCode, completedBy?: StepCompletion): VerificationStep {
  const step = VERIFICATION_STEPS[code];
  if (!stepFitsAccount(step, user)) throw new UaaError('A0100', 200, localText('flowNotForAccount'));
  if (completedBy && step.completedBy !== completedBy)
    throw new UaaError('A0100', 200, localText('wrongCall'));
  return step;
}

function assertCurrentContact(user: UserRecord, kind: ContactChannel, item: string): void {
  if (!same(user[kind], item)) throw new UaaError('A0100', 200, localText('notYourContact'));
}

/** The new contact differs from the current one and belongs to nobody else (spec §5 "Change flows"). */
function assertNewContact(store: Store, user: UserRecord, kind: ContactChannel, item: string): void {
  if (same(user[kind], item)) throw new UaaError('A0100', 200, localText('sameContact'));
  const owner = store.users.findByContact(kind, item);
  if (owner && owner.ssoUid !== user.ssoUid) {
    throw new UaaError('A0214', 200, kind === 'phone' ? localText('phoneExists') : localText('emailExists'));
  }
}

/**
 * A second step needs its first step passed, for the contact the account has now. The x.2 binds
 * are the exception: the code sent in their first step is itself the proof, checked by the bind.
 */
function assertFirstStepPassed(store: Store, user: UserRecord, step: VerificationStep): void {
  if (step.after === null || step.codeOf === step.after) return;
  const first = VERIFICATION_STEPS[step.after];
  const contact = first.sendsTo ? user[first.sendsTo.channel] : null;
  if (!contact || !store.codes.hasPass(user.ssoUid, first.function, contact)) {
    throw new UaaError('A0202', 200, localText('stepFirst'));
  }
}

/** A wrong code in a password flow is the change-password code error; else the channel's code error. */
function failureOf(step: VerificationStep, kind: ContactChannel): ServerErrorCode {
  return step.target === 'password' ? 'A0208' : codeFailure(kind);
}

export function registerVerificationRoutes(router: Router, deps: RouteDeps): void {
  const { store, now, requireAuth } = deps;

  router.post(ENDPOINTS.messageCode.path, requireAuth, (req, res) => {
    const body = parseRequest(req, ENDPOINTS.messageCode);
    const user = currentUser(res);
    const step = stepFor(user, body.function);
    if (!step.sendsTo) throw new UaaError('A0100', 200, localText('stepSendsNoCode'));
    if (body.message !== step.sendsTo.channel) throw new UaaError('A0100');
    assertContactFormat(body.message, body.item);
    if (step.sendsTo.contact === 'current') assertCurrentContact(user, body.message, body.item);
    else assertNewContact(store, user, body.message, body.item);
    assertFirstStepPassed(store, user, step);
    sendCode(deps, req, {
      channel: body.message,
      to: body.item,
      key: flowKey(user, step.function, body.item),
    });
    sendOk(res);
  });

  router.post(ENDPOINTS.messageCodeCheck.path, requireAuth, (req, res) => {
    const body = parseRequest(req, ENDPOINTS.messageCodeCheck);
    const user = currentUser(res);
    const step = stepFor(user, body.function, 'messageCodeCheck');
    if (body.message !== step.sendsTo?.channel) throw new UaaError('A0100');
    assertContactFormat(body.message, body.item);
    assertCurrentContact(user, body.message, body.item);
    assertRule(checkCode(body.code, body.message === 'phone' ? 'phone' : 'other'));
    useCode(store, flowKey(user, step.function, body.item), body.code, failureOf(step, body.message));
    store.codes.pass(user.ssoUid, step.function, body.item);
    sendOk(res);
  });

  /** mobile/bind and email/bind: the second step of a contact change. */
  function bindRoute(kind: ContactChannel): RequestHandler {
    return async (req, res) => {
      const parsed = readBindBody(req, kind);
      const user = currentUser(res);
      const step = stepFor(user, parsed.function, kind === 'phone' ? 'mobileBind' : 'emailBind');
      if (step.step !== 1 || step.codeOf === null) throw new UaaError('A0100', 200, localText('wrongCall'));
      assertContactFormat(kind, parsed.item);
      assertRule(checkCode(parsed.code, kind === 'phone' ? 'phone' : 'other'));
      assertFirstStepPassed(store, user, step);
      assertNewContact(store, user, kind, parsed.item);

      let passwordHash: string | undefined;
      if (step.setsPassword && parsed.password !== undefined) {
        const password = openPasswordEnvelope(
          store.keyPair.privateKey,
          parsed.password,
          'resetPassword',
          now(),
        );
        assertRule(checkNewPassword(password));
        passwordHash = await hashPassword(password);
      } else if (step.setsPassword && user.passwordHash === null) {
        throw new UaaError('A0100', 200, localText('passwordNeeded'));
      }

      // Checked again after the await: another request may have taken the contact meanwhile.
      assertNewContact(store, user, kind, parsed.item);
      useCode(store, flowKey(user, step.codeOf, parsed.item), parsed.code, codeFailure(kind));
      const updated = store.users.update(user.ssoUid, {
        [kind]: parsed.item.trim(),
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (step.after) store.codes.consumePass(user.ssoUid, step.after);
      sendOk(res, toUserInfo(updated ?? user));
    };
  }

  router.post(ENDPOINTS.mobileBind.path, requireAuth, bindRoute('phone'));
  router.post(ENDPOINTS.emailBind.path, requireAuth, bindRoute('email'));

  // The second step of a password change; the account's other sessions end with the old password.
  router.post(ENDPOINTS.passwordUpdate.path, requireAuth, async (req, res) => {
    const body = parseRequest(req, ENDPOINTS.passwordUpdate);
    const user = currentUser(res);
    const step = stepFor(user, body.function, 'passwordUpdate');
    if (body.message !== step.account) throw new UaaError('A0100');
    assertContactFormat(body.message, body.item);
    assertCurrentContact(user, body.message, body.item);
    assertFirstStepPassed(store, user, step);
    const password = openPasswordEnvelope(store.keyPair.privateKey, body.password, 'resetPassword', now());
    assertRule(checkNewPassword(password));
    const passwordHash = await hashPassword(password);
    store.users.update(user.ssoUid, { passwordHash });
    if (step.after) store.codes.consumePass(user.ssoUid, step.after);
    store.sessions.revoke(user.ssoUid, currentToken(res));
    sendOk(res);
  });
}
