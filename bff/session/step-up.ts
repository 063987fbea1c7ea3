/**
 * A verification flow's later steps belong to the session that passed its first step (issue 41).
 * The UAA remembers a passed first step (message/code/check) per account, not per session, and the
 * local UAA does the same: a session that never saw a code could then send the new contact's code,
 * bind it or set a new password, riding on the step another session passed. What the real UAA does
 * is not known, so the BFF binds the pass itself, whatever the UAA does.
 *
 * A passed first step leaves an httpOnly cookie for that step, valid as long as the UAA's pass
 * (10 minutes), whose value is an HMAC of the step, its expiry and this session's token: another
 * session (another token) cannot use it, copy it or forge it. A later step of the same flow
 * (its message/code, mobile/bind, email/bind or password/update) goes upstream only with it; a
 * completed flow clears it. The x.2 binds, whose first step's code is itself the proof the bind
 * checks, need no pass.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { SUCCESS_CODE } from '@shared/api/envelope';
import {
  isFunctionCode,
  VERIFICATION_STEPS,
  type FunctionCode,
  type VerificationStep,
} from '@shared/api/verification-flows';
import { ENDPOINTS, type Endpoint } from '@shared/contract/endpoints';
import { sendError } from '../http-errors';
import { gatewayCallOf, type GatewayCall, type GatewayRequest } from '../proxy/gateway-call';
import { cookieValues, readSessionToken, type CookiePolicy } from './cookie';

/** How long a passed first step serves: the UAA's own pass lasts 10 minutes (verification-flows.ts). */
export const STEP_PASS_MS = 10 * 60 * 1000;

/** The calls that carry a flow's step in their body's `function`. */
const STEP_CALLS = new Set<Endpoint>([
  ENDPOINTS.messageCode,
  ENDPOINTS.messageCodeCheck,
  ENDPOINTS.mobileBind,
  ENDPOINTS.emailBind,
  ENDPOINTS.passwordUpdate,
]);

/** The first step whose pass this step needs, if any (the x.2 binds carry their proof in the code). */
function passNeeded(step: VerificationStep): FunctionCode | undefined {
  return step.after !== null && step.codeOf !== step.after ? step.after : undefined;
}

/** The step a call names, when it is a step call with a known function code. */
function stepOf(req: Request): { call: GatewayCall; step: VerificationStep } | undefined {
  const call = gatewayCallOf(req);
  if (!call || !STEP_CALLS.has(call.endpoint)) return undefined;
  const code = (req as GatewayRequest).checkedBody?.function;
  return isFunctionCode(code) ? { call, step: VERIFICATION_STEPS[code] } : undefined;
}

export interface StepUpBinding {
  /** In the gateway's chain, after the body's check: a later step without this session's pass goes nowhere. */
  guard: RequestHandler;
  /** The gateway's answer, before it leaves: a passed first step's cookie set, a completed flow's cleared. */
  onAnswer(req: Request, res: Response, msgCode: unknown): void;
}

/** `key`: a secret every replica shares (a pass made by one is checked by another). */
export function stepUpBinding(cookie: CookiePolicy, key: Buffer | string): StepUpBinding {
  const nameOf = (code: FunctionCode) => `${cookie.name}-step-${code.replaceAll('.', '_')}`;
  const macOf = (code: FunctionCode, expires: number, token: string) =>
    createHmac('sha256', key).update(`step-up\u0000${code}\u0000${expires}\u0000${token}`).digest();
  const options = (req: Request) => ({
    httpOnly: true,
    path: '/',
    sameSite: 'strict' as const,
    secure: cookie.secure(req),
  });

  function holdsPass(req: Request, code: FunctionCode, token: string): boolean {
    return cookieValues(req, nameOf(code)).some((value) => {
      const [expiresText = '', mac = ''] = value.split('.');
      const expires = Number(expiresText);
      if (!/^\d{1,15}$/.test(expiresText) || expires <= Date.now()) return false;
      const given = Buffer.from(mac, 'base64url');
      const expected = macOf(code, expires, token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }

  return {
    guard: (req, res, next) => {
      const found = stepOf(req);
      const needed = found && passNeeded(found.step);
      const token = readSessionToken(req, cookie);
      // Without a session the UAA refuses the call itself (401): there is no one to bind it to.
      if (!needed || token === undefined || holdsPass(req, needed, token)) return next();
      sendError(req, res, 200, 'A0202', 'stepUpFirst', { reason: 'step-up' });
    },
    onAnswer: (req, res, msgCode) => {
      const found = stepOf(req);
      const token = readSessionToken(req, cookie);
      if (!found || token === undefined || msgCode !== SUCCESS_CODE) return;
      const { call, step } = found;
      if (call.endpoint === ENDPOINTS.messageCodeCheck && step.step === 0) {
        const expires = Date.now() + STEP_PASS_MS;
        const value = `${expires}.${macOf(step.function, expires, token).toString('base64url')}`;
        res.cookie(nameOf(step.function), value, { ...options(req), maxAge: STEP_PASS_MS });
        return;
      }
      const needed = passNeeded(step);
      if (needed && call.endpoint === ENDPOINTS[step.completedBy])
        res.clearCookie(nameOf(needed), options(req));
    },
  };
}
