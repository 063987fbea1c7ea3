import { describe, expect, it } from 'vitest';
import {
  FUNCTION_CODES,
  isFunctionCode,
  stepFitsAccount,
  stepsFor,
  VERIFICATION_STEPS,
} from './verification-flows';

const none = { phone: null, email: null };
const phoneOnly = { phone: '13800000000', email: null };
const emailOnly = { phone: null, email: 'a@example.org' };
const both = { phone: '13800000000', email: 'a@example.org' };

describe('verification flows table', () => {
  it('holds the sixteen function codes of spec §4, each filed under its own code', () => {
    expect(FUNCTION_CODES).toHaveLength(16);
    for (const code of FUNCTION_CODES) expect(VERIFICATION_STEPS[code].function).toBe(code);
  });

  it('pairs every first step (x.y.1) with the second step (x.y.2) that needs it', () => {
    for (const code of FUNCTION_CODES) {
      const step = VERIFICATION_STEPS[code];
      expect(step.step).toBe(code.endsWith('.1') ? 0 : 1);
      if (step.step === 0) expect(step.after).toBeNull();
      else expect(step.after).toBe(code.replace(/2$/, '1'));
    }
  });

  it('reads 1-2 as phone changes, 3-4 as e-mail changes and 5 as password changes', () => {
    expect(FUNCTION_CODES.map((c) => `${c}:${VERIFICATION_STEPS[c].target}`)).toEqual(
      FUNCTION_CODES.map((c) => `${c}:${c < '3' ? 'phone' : c < '5' ? 'email' : 'password'}`),
    );
  });

  it('verifies the current contact in a first step, and sends the second step code to the new one', () => {
    expect(VERIFICATION_STEPS['2.1.1'].sendsTo).toEqual({ channel: 'phone', contact: 'current' });
    expect(VERIFICATION_STEPS['2.1.2'].sendsTo).toEqual({ channel: 'phone', contact: 'new' });
    expect(VERIFICATION_STEPS['1.1.1'].sendsTo).toEqual({ channel: 'email', contact: 'current' });
    expect(VERIFICATION_STEPS['4.1.1'].sendsTo).toEqual({ channel: 'phone', contact: 'current' });
    expect(VERIFICATION_STEPS['4.1.2'].sendsTo).toEqual({ channel: 'email', contact: 'new' });
  });

  it('lets an account with no contact take the new contact directly and set a password', () => {
    expect(VERIFICATION_STEPS['1.2.1'].sendsTo).toEqual({ channel: 'phone', contact: 'new' });
    expect(VERIFICATION_STEPS['1.2.2']).toMatchObject({ sendsTo: null, codeOf: '1.2.1', setsPassword: true });
    expect(VERIFICATION_STEPS['3.2.2']).toMatchObject({ sendsTo: null, codeOf: '3.2.1', setsPassword: true });
  });

  it('fits each flow to the accounts that have its contact', () => {
    expect(stepFitsAccount(VERIFICATION_STEPS['2.1.1'], phoneOnly)).toBe(true);
    expect(stepFitsAccount(VERIFICATION_STEPS['2.1.1'], emailOnly)).toBe(false);
    expect(stepFitsAccount(VERIFICATION_STEPS['1.2.1'], none)).toBe(true);
    expect(stepFitsAccount(VERIFICATION_STEPS['1.2.1'], emailOnly)).toBe(false);
    expect(stepFitsAccount(VERIFICATION_STEPS['5.1.1'], both)).toBe(true);
  });

  it.each([
    ['phone', phoneOnly, undefined, ['2.1.1', '2.1.2']],
    ['phone', emailOnly, undefined, ['1.1.1', '1.1.2']],
    ['phone', none, undefined, ['1.2.1', '1.2.2']],
    ['phone', both, 'email', ['1.1.1', '1.1.2']],
    ['email', emailOnly, undefined, ['3.1.1', '3.1.2']],
    ['email', phoneOnly, undefined, ['4.1.1', '4.1.2']],
    ['email', none, undefined, ['3.2.1', '3.2.2']],
    ['email', both, undefined, ['4.1.1', '4.1.2']],
    ['password', both, 'email', ['5.1.1', '5.1.2']],
    ['password', phoneOnly, 'email', ['5.2.1', '5.2.2']],
  ] as const)('picks the %s flow for %j (via %s): %j', (target, account, via, codes) => {
    expect(stepsFor(target, account, via)?.map((s) => s.function)).toEqual(codes);
  });

  it('has no password flow for an account without a contact', () => {
    expect(stepsFor('password', none)).toBeNull();
  });

  it('recognises function codes only', () => {
    expect(isFunctionCode('2.1.1')).toBe(true);
    expect(isFunctionCode('2.1.3')).toBe(false);
    expect(isFunctionCode(211)).toBe(false);
  });
});
