/**
 * One spelling for a phone, an e-mail or an account name (issue 30): the spelling the BFF counts
 * and the one the UAA receives. A visitor who types full-width digits (a Chinese input method's
 * default), pastes an address with a zero-width space in it or ends a domain with its root dot
 * names the same target as the plain spelling; so does an attacker who spells it that way to get
 * past a per-target limit. The canonical form is:
 *
 * - Unicode NFKC (full-width `１３８` is `138`, `ｅｘａｍｐｌｅ` is `example`);
 * - without format characters (`\p{Cf}`: zero-width space, joiners, word joiner, soft hyphen,
 *   byte-order mark, bidirectional marks) or other characters Unicode says to ignore when they
 *   cannot be shown (Default_Ignorable_Code_Point: the Hangul fillers, the combining grapheme
 *   joiner, variation selectors) anywhere in it;
 * - trimmed;
 * - an e-mail's domain without its trailing dots (`a@example.com.` is `a@example.com`).
 *
 * What a phone may hold after that is the gateway's check (json-body.ts): digits of another
 * script are not folded here, they are refused there.
 *
 * Case, spaces inside, a `+86` prefix or a `+tag` are the limiter's business (it counts
 * `Alice+1@x` with `alice@x`), not the spelling the UAA receives.
 */

const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

export function canonicalIdentifier(value: string): string {
  const plain = value.normalize('NFKC').replace(INVISIBLE, '').trim();
  const at = plain.lastIndexOf('@');
  if (at <= 0) return plain;
  return `${plain.slice(0, at)}@${plain.slice(at + 1).replace(/[.\s]+$/, '')}`;
}

/** What a phone number may hold once canonical: ASCII digits, spaces, `+`, `-` and brackets. */
export const PHONE_SPELLING = /^[0-9+\s()-]*$/;

/**
 * A mainland mobile as people paste it (`+86 131 4512 2268`, `0086-131-4512-2268`,
 * `(131) 4512 2268`): its canonical spelling without spaces, dashes or brackets, and without
 * the +86 country code before 11 digits. What a phone field holds and sends, and what the rate
 * limits count; anything else stays as it was, for the phone rule to refuse.
 */
export function plainPhone(value: string): string {
  return canonicalIdentifier(value)
    .replace(/[\s()-]/g, '')
    .replace(/^(?:\+|00)?86(?=1\d{10}$)/, '');
}

/** A verification code as pasted from a message (` 123456 `, `123 456`): without its spaces. */
export function plainCode(value: string): string {
  return canonicalIdentifier(value).replace(/\s/g, '');
}
