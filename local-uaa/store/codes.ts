/**
 * SMS and e-mail codes (6 digits, 5 minutes, burnt after 5 wrong tries) and the passed first
 * steps of the verification flows (10 minutes). A code is filed under a key naming its purpose,
 * its user (for signed-in flows) and its target, so a code sent for one purpose never passes
 * another. The one-per-60-s throttle belongs to the outbox, since it limits sending.
 */
import type { StepPassRecord, VerificationCodeRecord } from '../records';
import { digest, randomDigits, sameDigest } from '../secrets';
import { MINUTE_MS, removeExpired, removeWhere, type StoreContext } from './context';

export const CODE_LIFETIME_MS = 5 * MINUTE_MS;
export const MAX_CODE_FAILURES = 5;
export const STEP_PASS_LIFETIME_MS = 10 * MINUTE_MS;

/** What a code is for; flows of the user centre add the function code (e.g. 'flow:2.1.1'). */
export type CodePurpose = 'login' | 'register' | 'resetPassword' | `flow:${string}`;

export interface CodeKey {
  purpose: CodePurpose;
  target: string;
  /** The signed-in user the code was sent for; absent for anonymous flows. */
  ssoUid?: string;
}

/** 'missing' covers never sent, expired, already used and burnt by wrong tries. */
export type CodeVerdict = 'ok' | 'wrong' | 'missing';

const keyOf = ({ purpose, target, ssoUid }: CodeKey): string =>
  [purpose, ssoUid ?? '', target.trim().toLowerCase()].join('|');
const userOfKey = (key: string): string => key.split('|')[1] ?? '';
const codeDigest = (key: string, code: string): string => digest(`${key}|${code}`);
const normalise = (item: string): string => item.trim().toLowerCase();

export class CodeBook {
  private readonly codes = new Map<string, VerificationCodeRecord>();
  private readonly passes = new Map<string, StepPassRecord>();

  constructor(
    codes: readonly VerificationCodeRecord[],
    passes: readonly StepPassRecord[],
    private readonly context: StoreContext,
  ) {
    for (const code of codes) this.codes.set(code.key, code);
    for (const pass of passes) this.passes.set(passKey(pass.ssoUid, pass.function), pass);
  }

  snapshot(): { codes: VerificationCodeRecord[]; stepPasses: StepPassRecord[] } {
    return { codes: [...this.codes.values()], stepPasses: [...this.passes.values()] };
  }

  /** A fresh code for the key; any earlier code for it stops working. */
  issue(key: CodeKey): string {
    const code = randomDigits(6);
    const k = keyOf(key);
    this.codes.set(k, {
      key: k,
      codeHash: codeDigest(k, code),
      expiresAt: this.context.now() + CODE_LIFETIME_MS,
      failures: 0,
    });
    this.context.changed();
    return code;
  }

  /** Checks and, when right, uses the code up. The fifth wrong try burns it. */
  verify(key: CodeKey, code: string): CodeVerdict {
    const k = keyOf(key);
    const record = this.codes.get(k);
    if (!record) return 'missing';
    if (record.expiresAt <= this.context.now()) {
      this.codes.delete(k);
      this.context.changed();
      return 'missing';
    }
    if (sameDigest(record.codeHash, codeDigest(k, code.trim()))) {
      this.codes.delete(k);
      this.context.changed();
      return 'ok';
    }
    record.failures += 1;
    if (record.failures >= MAX_CODE_FAILURES) this.codes.delete(k);
    this.context.changed();
    return 'wrong';
  }

  /** Records that the user passed a flow's first step for this contact. */
  pass(ssoUid: string, fn: string, item: string): void {
    this.passes.set(passKey(ssoUid, fn), {
      ssoUid,
      function: fn,
      item: normalise(item),
      expiresAt: this.context.now() + STEP_PASS_LIFETIME_MS,
    });
    this.context.changed();
  }

  /** The contact a live pass verified, or null. */
  passedItem(ssoUid: string, fn: string): string | null {
    const pass = this.passes.get(passKey(ssoUid, fn));
    if (!pass || pass.expiresAt <= this.context.now()) return null;
    return pass.item;
  }

  hasPass(ssoUid: string, fn: string, item?: string): boolean {
    const passed = this.passedItem(ssoUid, fn);
    return passed !== null && (item === undefined || passed === normalise(item));
  }

  consumePass(ssoUid: string, fn: string): void {
    if (this.passes.delete(passKey(ssoUid, fn))) this.context.changed();
  }

  forgetUser(ssoUid: string): void {
    removeWhere(this.context, this.codes, (_code, k) => userOfKey(k) === ssoUid);
    removeWhere(this.context, this.passes, (pass) => pass.ssoUid === ssoUid);
  }

  /** Drops expired codes and passes. */
  sweep(): void {
    removeExpired(this.context, this.codes);
    removeExpired(this.context, this.passes);
  }
}

const passKey = (ssoUid: string, fn: string): string => `${ssoUid}|${fn}`;
