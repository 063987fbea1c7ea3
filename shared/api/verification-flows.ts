/**
 * The verification flows of spec §4 ("Phone or email change", "Password change") as data, so the
 * SPA's change-phone, change-email and change-password screens and the local UAA read one table.
 *
 * How the function codes are read (the spec lists them without saying what each step does):
 * - The first digit names what changes and how the owner proves it is them:
 *   1.x / 2.x change (or bind) the **phone**, 3.x / 4.x the **e-mail**, 5.x the **password**.
 *   For the contacts, an odd first digit verifies through the current e-mail, an even one through
 *   the current phone (2.1 "phone-first account", 1.1 "email account"; 3.1 e-mail, 4.1 phone).
 *   For the password, the second digit picks the channel: 5.1 e-mail, 5.2 phone.
 * - x.2 (1.2, 3.2) is the account with neither phone nor e-mail: step 0 "takes the new contact
 *   directly" (the code goes to the new contact) and step 1 binds it with that code and a new
 *   password (required when the account has none yet, e.g. a third-party login).
 * - The last digit is the step: .1 is step 0, .2 is step 1; step 1 is refused unless step 0 of the
 *   same flow passed (by `message/code/check`, valid 10 minutes, for the same user and contact;
 *   for the x.2 flows the step-0 code itself is the proof and is consumed by the bind).
 * - When an account has both a phone and an e-mail it may verify through either (spec: "the user
 *   may switch verification channel if both exist").
 *
 * Calls per step:
 *   step 0, has a contact: message/code {function, message, item: current} → message/code/check
 *   step 1, contact flows: message/code {function, message, item: new} → mobile/bind | email/bind
 *   step 0, no contact:    message/code {function, message, item: new}
 *   step 1, no contact:    mobile/bind | email/bind {function, phone|email, code (sent in step 0), password}
 *   step 1, password:      password/update {function, message, item: current, password}
 */

import { FUNCTION_CODES, type FunctionCode } from './function-codes';

// The codes are a module of their own: the contract checks them on every page, these steps are
// the user centre's alone (issue 39).
export { FUNCTION_CODES, type FunctionCode };
export type ContactChannel = 'phone' | 'email';

/** What the flow changes. */
export type FlowTarget = 'phone' | 'email' | 'password';

/** The contact an account must have for the flow ('none': neither phone nor e-mail). */
export type FlowAccount = ContactChannel | 'none';

/** The call that completes a step. */
export type StepCompletion = 'messageCodeCheck' | 'mobileBind' | 'emailBind' | 'passwordUpdate';

export interface VerificationStep {
  readonly function: FunctionCode;
  readonly target: FlowTarget;
  /** The account this flow is for: which contact it verifies through, or 'none'. */
  readonly account: FlowAccount;
  readonly step: 0 | 1;
  /** Where `message/code` sends this step's code; null when the step sends none. */
  readonly sendsTo: { readonly channel: ContactChannel; readonly contact: 'current' | 'new' } | null;
  readonly completedBy: StepCompletion;
  /** The step that must have passed first; null for a first step. */
  readonly after: FunctionCode | null;
  /** Whose code the completing call checks (the x.2 binds check the code sent in their step 0). */
  readonly codeOf: FunctionCode | null;
  /** True when the completing call must carry a new password if the account has none. */
  readonly setsPassword: boolean;
  readonly purpose: string;
}

const step = (s: VerificationStep): VerificationStep => s;

export const VERIFICATION_STEPS: Readonly<Record<FunctionCode, VerificationStep>> = {
  '1.1.1': step({
    function: '1.1.1',
    target: 'phone',
    account: 'email',
    step: 0,
    sendsTo: { channel: 'email', contact: 'current' },
    completedBy: 'messageCodeCheck',
    after: null,
    codeOf: '1.1.1',
    setsPassword: false,
    purpose: 'Change or bind the phone of an account with an e-mail: verify the current e-mail',
  }),
  '1.1.2': step({
    function: '1.1.2',
    target: 'phone',
    account: 'email',
    step: 1,
    sendsTo: { channel: 'phone', contact: 'new' },
    completedBy: 'mobileBind',
    after: '1.1.1',
    codeOf: '1.1.2',
    setsPassword: false,
    purpose: 'Change or bind the phone of an account with an e-mail: the new phone and its code',
  }),
  '1.2.1': step({
    function: '1.2.1',
    target: 'phone',
    account: 'none',
    step: 0,
    sendsTo: { channel: 'phone', contact: 'new' },
    completedBy: 'mobileBind',
    after: null,
    codeOf: '1.2.1',
    setsPassword: false,
    purpose: 'Bind a phone to an account with no contact: code to the new phone',
  }),
  '1.2.2': step({
    function: '1.2.2',
    target: 'phone',
    account: 'none',
    step: 1,
    sendsTo: null,
    completedBy: 'mobileBind',
    after: '1.2.1',
    codeOf: '1.2.1',
    setsPassword: true,
    purpose: 'Bind a phone to an account with no contact: the phone, its code and a password',
  }),
  '2.1.1': step({
    function: '2.1.1',
    target: 'phone',
    account: 'phone',
    step: 0,
    sendsTo: { channel: 'phone', contact: 'current' },
    completedBy: 'messageCodeCheck',
    after: null,
    codeOf: '2.1.1',
    setsPassword: false,
    purpose: 'Change the phone of an account with a phone: verify the current phone',
  }),
  '2.1.2': step({
    function: '2.1.2',
    target: 'phone',
    account: 'phone',
    step: 1,
    sendsTo: { channel: 'phone', contact: 'new' },
    completedBy: 'mobileBind',
    after: '2.1.1',
    codeOf: '2.1.2',
    setsPassword: false,
    purpose: 'Change the phone of an account with a phone: the new phone and its code',
  }),
  '3.1.1': step({
    function: '3.1.1',
    target: 'email',
    account: 'email',
    step: 0,
    sendsTo: { channel: 'email', contact: 'current' },
    completedBy: 'messageCodeCheck',
    after: null,
    codeOf: '3.1.1',
    setsPassword: false,
    purpose: 'Change the e-mail of an account with an e-mail: verify the current e-mail',
  }),
  '3.1.2': step({
    function: '3.1.2',
    target: 'email',
    account: 'email',
    step: 1,
    sendsTo: { channel: 'email', contact: 'new' },
    completedBy: 'emailBind',
    after: '3.1.1',
    codeOf: '3.1.2',
    setsPassword: false,
    purpose: 'Change the e-mail of an account with an e-mail: the new e-mail and its code',
  }),
  '3.2.1': step({
    function: '3.2.1',
    target: 'email',
    account: 'none',
    step: 0,
    sendsTo: { channel: 'email', contact: 'new' },
    completedBy: 'emailBind',
    after: null,
    codeOf: '3.2.1',
    setsPassword: false,
    purpose: 'Bind an e-mail to an account with no contact: code to the new e-mail',
  }),
  '3.2.2': step({
    function: '3.2.2',
    target: 'email',
    account: 'none',
    step: 1,
    sendsTo: null,
    completedBy: 'emailBind',
    after: '3.2.1',
    codeOf: '3.2.1',
    setsPassword: true,
    purpose: 'Bind an e-mail to an account with no contact: the e-mail, its code and a password',
  }),
  '4.1.1': step({
    function: '4.1.1',
    target: 'email',
    account: 'phone',
    step: 0,
    sendsTo: { channel: 'phone', contact: 'current' },
    completedBy: 'messageCodeCheck',
    after: null,
    codeOf: '4.1.1',
    setsPassword: false,
    purpose: 'Change or bind the e-mail of an account with a phone: verify the current phone',
  }),
  '4.1.2': step({
    function: '4.1.2',
    target: 'email',
    account: 'phone',
    step: 1,
    sendsTo: { channel: 'email', contact: 'new' },
    completedBy: 'emailBind',
    after: '4.1.1',
    codeOf: '4.1.2',
    setsPassword: false,
    purpose: 'Change or bind the e-mail of an account with a phone: the new e-mail and its code',
  }),
  '5.1.1': step({
    function: '5.1.1',
    target: 'password',
    account: 'email',
    step: 0,
    sendsTo: { channel: 'email', contact: 'current' },
    completedBy: 'messageCodeCheck',
    after: null,
    codeOf: '5.1.1',
    setsPassword: false,
    purpose: 'Change the password, verified through the e-mail: verify the current e-mail',
  }),
  '5.1.2': step({
    function: '5.1.2',
    target: 'password',
    account: 'email',
    step: 1,
    sendsTo: null,
    completedBy: 'passwordUpdate',
    after: '5.1.1',
    codeOf: null,
    setsPassword: true,
    purpose: 'Change the password, verified through the e-mail: the new password',
  }),
  '5.2.1': step({
    function: '5.2.1',
    target: 'password',
    account: 'phone',
    step: 0,
    sendsTo: { channel: 'phone', contact: 'current' },
    completedBy: 'messageCodeCheck',
    after: null,
    codeOf: '5.2.1',
    setsPassword: false,
    purpose: 'Change the password, verified through the phone: verify the current phone',
  }),
  '5.2.2': step({
    function: '5.2.2',
    target: 'password',
    account: 'phone',
    step: 1,
    sendsTo: null,
    completedBy: 'passwordUpdate',
    after: '5.2.1',
    codeOf: null,
    setsPassword: true,
    purpose: 'Change the password, verified through the phone: the new password',
  }),
};

export function isFunctionCode(value: unknown): value is FunctionCode {
  return typeof value === 'string' && (FUNCTION_CODES as readonly string[]).includes(value);
}

export interface AccountContacts {
  phone: string | null;
  email: string | null;
}

/** Whether an account may run the flow of this step (it has the contact the flow verifies through). */
export function stepFitsAccount(s: VerificationStep, account: AccountContacts): boolean {
  if (s.account === 'none') return !account.phone && !account.email;
  return Boolean(account[s.account]);
}

/**
 * The two steps to use for a change, for this account: through `via` when given and possible,
 * else through the phone first (spec: "phone-first account"), else the e-mail, else the
 * no-contact flow. Null when no flow fits (a password change needs a contact).
 */
export function stepsFor(
  target: FlowTarget,
  account: AccountContacts,
  via?: ContactChannel,
): readonly [VerificationStep, VerificationStep] | null {
  const firsts = FUNCTION_CODES.map((code) => VERIFICATION_STEPS[code]).filter(
    (s) => s.target === target && s.step === 0 && stepFitsAccount(s, account),
  );
  const order: FlowAccount[] = via ? [via, 'phone', 'email', 'none'] : ['phone', 'email', 'none'];
  for (const kind of order) {
    const first = firsts.find((s) => s.account === kind);
    if (!first) continue;
    const second = FUNCTION_CODES.map((code) => VERIFICATION_STEPS[code]).find(
      (s) => s.after === first.function,
    );
    if (second) return [first, second];
  }
  return null;
}
