/**
 * SMS and e-mail codes (6 digits, 5 minutes, burnt after 5 wrong tries) and the passed first
 * steps of the verification flows (10 minutes). A code is filed under a key naming its purpose,
 * its user (for signed-in flows) and its target, so a code sent for one purpose never passes
 * another. The one-per-60-s throttle belongs to the outbox, since it limits sending.
 */
import type { StepPassRecord, VerificationCodeRecord } from '../records';
import { digest, randomDigits, sameDigest } from '../secrets';

const MINUTE_MS = 60 * 1000;
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
    private readonly now: () => number,
    private readonly changed: () => void,
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
      expiresAt: this.now() + CODE_LIFETIME_MS,
      failures: 0,
    });
    this.changed();
    return code;
  }

  /** Checks and, when right, uses the code up. The fifth wrong try burns it. */
  verify(key: CodeKey, code: string): CodeVerdict {
    const k = keyOf(key);
    const record = this.codes.get(k);
    if (!record) return 'missing';
    if (record.expiresAt <= this.now()) {
      this.codes.delete(k);
      this.changed();
      return 'missing';
    }
    if (sameDigest(record.codeHash, codeDigest(k, code.trim()))) {
      this.codes.delete(k);
      this.changed();
      return 'ok';
    }
    record.failures += 1;
    if (record.failures >= MAX_CODE_FAILURES) this.codes.delete(k);
    this.changed();
    return 'wrong';
  }

  /** Records that the user passed a flow's first step for this contact. */
  pass(ssoUid: string, fn: string, item: string): void {
    this.passes.set(passKey(ssoUid, fn), {
      ssoUid,
      function: fn,
      item: normalise(item),
      expiresAt: this.now() + STEP_PASS_LIFETIME_MS,
    });
    this.changed();
  }

  /** The contact a live pass verified, or null. */
  passedItem(ssoUid: string, fn: string): string | null {
    const pass = this.passes.get(passKey(ssoUid, fn));
    if (!pass || pass.expiresAt <= this.now()) return null;
    return pass.item;
  }

  hasPass(ssoUid: string, fn: string, item?: string): boolean {
    const passed = this.passedItem(ssoUid, fn);
    return passed !== null && (item === undefined || passed === normalise(item));
  }

  consumePass(ssoUid: string, fn: string): void {
    if (this.passes.delete(passKey(ssoUid, fn))) this.changed();
  }

  forgetUser(ssoUid: string): void {
    let removed = false;
    for (const [k] of this.codes) if (userOfKey(k) === ssoUid) removed = this.codes.delete(k) || removed;
    for (const [k, pass] of this.passes)
      if (pass.ssoUid === ssoUid) removed = this.passes.delete(k) || removed;
    if (removed) this.changed();
  }

  /** Drops expired codes and passes; returns how many went. */
  prune(): number {
    const now = this.now();
    let removed = 0;
    for (const [k, code] of this.codes) if (code.expiresAt <= now && this.codes.delete(k)) removed += 1;
    for (const [k, pass] of this.passes) if (pass.expiresAt <= now && this.passes.delete(k)) removed += 1;
    return removed;
  }
}

const passKey = (ssoUid: string, fn: string): string => `${ssoUid}|${fn}`;
