/**
 * The field rules of spec §5, written once as zod schemas for the Arco forms, the BFF and the
 * local UAA. A rule's issues carry validation codes, never texts (Logto's way): the texts live in
 * messages.ts and are looked up only when shown. `checkX` reads a rule's first code, or null.
 */
import { z } from 'zod/mini';
import { isValidationCode, type ValidationCode } from './messages';

type Check = ValidationCode | null;

const LETTER = /[A-Za-z]/;
const DIGIT = /[0-9]/;
const SYMBOL = /[^A-Za-z0-9]/;

/** RFC 5321's limit of a mail path: the one limit of an e-mail address, everywhere. */
const EMAIL_MAX = 254;

export const LIMITS = {
  emailMax: EMAIL_MAX,
  /**
   * A login account names an e-mail, a phone or a username, so it is as long as the longest of
   * them, an address: a shorter limit let an address register that could never log in.
   */
  accountMax: EMAIL_MAX,
  passwordMin: 8,
  passwordMax: 20,
  usernameMin: 3,
  usernameMax: 30,
  phoneCodeMax: 6,
  otherCodeMax: 20,
  platformNameMax: 32,
  urlMax: 512,
  descriptionMax: 100,
  /** The platform logo, as the upload service takes it (5 MB). */
  logoBytesMax: 5 * 1024 * 1024,
} as const;

const isBlank = (v: unknown): boolean => typeof v !== 'string' || v.trim() === '';

/** A string that is not blank; a missing or blank value fails with `required`. */
const text = (required: ValidationCode) =>
  z.string({ error: required }).check(z.refine((v) => !isBlank(v), required));

/** The first code a rule emits for a value, or null when it passes. */
export function firstCode(rule: z.ZodMiniType, value: unknown): Check {
  const result = rule.safeParse(value);
  if (result.success) return null;
  const message = result.error.issues[0]?.message;
  // Every rule here emits codes; anything else is a rule without its code, shown generically.
  return isValidationCode(message) ? message : 'required';
}

/** +86 mobile: 11 digits starting with 1. */
export const phoneRule = text('phoneRequired').check(z.regex(/^1\d{10}$/, 'phoneInvalid'));
/** The back-office form also needs 3-9 as the second digit. */
export const strictPhoneRule = text('phoneRequired').check(z.regex(/^1[3-9]\d{9}$/, 'phoneInvalid'));

// A pragmatic e-mail shape: one @, a dotted domain, no spaces.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const emailRule = text('emailRequired').check(
  z.maxLength(LIMITS.emailMax, 'emailTooLong'),
  z.regex(EMAIL, 'emailInvalid'),
);

export const accountRule = text('accountRequired').check(z.maxLength(LIMITS.accountMax, 'accountTooLong'));

export const loginPasswordRule = z
  .string({ error: 'passwordRequired' })
  .check(z.minLength(1, 'passwordRequired'));

export const phoneCodeRule = text('codeRequired').check(z.maxLength(LIMITS.phoneCodeMax, 'codeTooLong'));
export const otherCodeRule = text('codeRequired').check(z.maxLength(LIMITS.otherCodeMax, 'codeTooLong'));

/** New or registration password: 8-20 printable ASCII characters of at least two kinds. */
export const newPasswordRule = z.string({ error: 'passwordRequired' }).check(
  z.minLength(1, 'passwordRequired'),
  z.regex(/^[\x21-\x7e]+$/, 'passwordRule'),
  z.minLength(LIMITS.passwordMin, 'passwordRule'),
  z.maxLength(LIMITS.passwordMax, 'passwordRule'),
  z.refine((v) => [LETTER, DIGIT, SYMBOL].filter((re) => re.test(v)).length >= 2, 'passwordRule'),
);

/** The repeated password must equal the new one; spec §5 words the forgot-password mismatch apart. */
export const confirmationRule = (
  password: unknown,
  mismatch: 'passwordMismatch' | 'resetMismatch' = 'passwordMismatch',
) =>
  z.string({ error: 'confirmRequired' }).check(
    z.minLength(1, 'confirmRequired'),
    z.refine((v) => v === password, mismatch),
  );

const usernameStart = (required: ValidationCode) =>
  text(required).check(
    z.regex(/^[A-Za-z]/, 'usernameStart'),
    z.minLength(LIMITS.usernameMin, 'usernameLength'),
    z.maxLength(LIMITS.usernameMax, 'usernameLength'),
  );

/** Username of the phone tab and the set-username page. */
export const usernameRule = usernameStart('usernameRequired').check(
  z.regex(/^[A-Za-z0-9_.-]+$/, 'usernameChars'),
  z.refine((v) => !/[_.-]{2}/.test(v), 'usernameConsecutive'),
  z.refine((v) => !/[_.-]$/.test(v), 'usernameEnd'),
);

/** Username of the e-mail registration tab: a letter first, then letters, digits or hyphens. */
export const emailTabUsernameRule = usernameStart('usernameRequired').check(
  z.regex(/^[A-Za-z][A-Za-z0-9-]+$/, 'usernameEmailChars'),
);

export const platformNameRule = text('platformNameRule').check(
  z.regex(/^[\u4e00-\u9fa5A-Za-z0-9]{1,32}$/, 'platformNameRule'),
);

/** What the URL parser drops or keeps unseen (tab, CR, LF, NUL; bidirectional overrides): never in an address kept. */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const HIDDEN_IN_URL = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

function isWebUrl(value: string): boolean {
  // The parser reads `https://p.exa\tmple/` as p.example: what is stored would not be what was checked.
  if (HIDDEN_IN_URL.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A web address of at most 512 characters. */
export const requiredWebUrlRule = text('required').check(
  z.maxLength(LIMITS.urlMax, 'urlRule'),
  z.refine(isWebUrl, 'urlRule'),
);
/** The same, where a blank value (or none) passes. */
export const webUrlRule = z.pipe(
  z.transform((v: unknown) => (isBlank(v) ? undefined : v)),
  z.optional(z.string().check(z.maxLength(LIMITS.urlMax, 'urlRule'), z.refine(isWebUrl, 'urlRule'))),
);

/** Chinese, letters, digits and common punctuation, at most 100 characters; empty passes. */
export const descriptionRule = z.nullish(
  z.string({ error: 'descriptionRule' }).check(
    z.refine((v) => [...v].length <= LIMITS.descriptionMax, 'descriptionRule'),
    z.regex(/^[\u4e00-\u9fa5A-Za-z0-9 ,.;:!?'"()\-_/，。；：！？、“”‘’（）《》]*$/, 'descriptionRule'),
  ),
);

/** The picture types the upload service takes for a platform logo (it checks the bytes too). */
export const LOGO_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** A platform logo before it is sent (spec §2): one PNG, JPEG, GIF or WebP picture of at most 5 MB. */
export const logoFileRule = z.object({
  type: z.string().check(z.refine((type) => LOGO_TYPES.includes(type), 'logoType')),
  size: z.number().check(z.lte(LIMITS.logoBytesMax, 'logoSize')),
});

export const checkPhone = (value: unknown, opts: { strict?: boolean } = {}): Check =>
  firstCode(opts.strict ? strictPhoneRule : phoneRule, value);
export const checkEmail = (value: unknown): Check => firstCode(emailRule, value);
export const checkAccount = (value: unknown): Check => firstCode(accountRule, value);
export const checkLoginPassword = (value: unknown): Check => firstCode(loginPasswordRule, value);
export const checkCode = (value: unknown, channel: 'phone' | 'other'): Check =>
  firstCode(channel === 'phone' ? phoneCodeRule : otherCodeRule, value);
export const checkNewPassword = (value: unknown): Check => firstCode(newPasswordRule, value);
export const checkConfirmation = (
  password: unknown,
  confirmation: unknown,
  mismatch: 'passwordMismatch' | 'resetMismatch' = 'passwordMismatch',
): Check => firstCode(confirmationRule(password, mismatch), confirmation);
export const checkUsername = (value: unknown): Check => firstCode(usernameRule, value);
export const checkEmailTabUsername = (value: unknown): Check => firstCode(emailTabUsernameRule, value);
export const checkPlatformName = (value: unknown): Check => firstCode(platformNameRule, value);
export const checkWebUrl = (value: unknown, opts: { required?: boolean } = {}): Check =>
  firstCode(opts.required ? requiredWebUrlRule : webUrlRule, value);
export const checkDescription = (value: unknown): Check => firstCode(descriptionRule, value);
export const checkLogoFile = (file: { type: string; size: number }): Check => firstCode(logoFileRule, file);
