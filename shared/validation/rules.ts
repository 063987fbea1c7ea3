/**
 * The field rules of spec §5, written once for the Arco forms, the BFF and the local UAA.
 * Each validator returns null when the value passes, else a message code (see messages.ts).
 */
import type { ValidationCode } from './messages';

type Check = ValidationCode | null;

const LETTER = /[A-Za-z]/;
const DIGIT = /[0-9]/;
const SYMBOL = /[^A-Za-z0-9]/;

export const LIMITS = {
  accountMax: 40,
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

/** +86 mobile: 11 digits starting with 1; the back-office form also needs 3-9 as second digit. */
export function checkPhone(value: unknown, opts: { strict?: boolean } = {}): Check {
  if (isBlank(value)) return 'phoneRequired';
  const pattern = opts.strict ? /^1[3-9]\d{9}$/ : /^1\d{10}$/;
  return pattern.test(value as string) ? null : 'phoneInvalid';
}

// A pragmatic e-mail shape: one @, a dotted domain, no spaces; 254 is the SMTP path limit.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function checkEmail(value: unknown): Check {
  if (isBlank(value)) return 'emailRequired';
  const v = value as string;
  return v.length <= 254 && EMAIL.test(v) ? null : 'emailInvalid';
}

export function checkAccount(value: unknown): Check {
  if (isBlank(value)) return 'accountRequired';
  return (value as string).length <= LIMITS.accountMax ? null : 'accountTooLong';
}

export function checkLoginPassword(value: unknown): Check {
  return typeof value === 'string' && value.length > 0 ? null : 'passwordRequired';
}

export function checkCode(value: unknown, channel: 'phone' | 'other'): Check {
  if (isBlank(value)) return 'codeRequired';
  const max = channel === 'phone' ? LIMITS.phoneCodeMax : LIMITS.otherCodeMax;
  return (value as string).length <= max ? null : 'codeTooLong';
}

/** New or registration password: 8-20 printable ASCII characters of at least two kinds. */
export function checkNewPassword(value: unknown): Check {
  if (typeof value !== 'string' || value === '') return 'passwordRequired';
  if (!/^[\x21-\x7e]+$/.test(value)) return 'passwordRule';
  if (value.length < LIMITS.passwordMin || value.length > LIMITS.passwordMax) return 'passwordRule';
  const kinds = [LETTER, DIGIT, SYMBOL].filter((re) => re.test(value)).length;
  return kinds >= 2 ? null : 'passwordRule';
}

/** The confirmation equals the password; spec §5 words the forgot-password mismatch apart. */
export function checkConfirmation(
  password: unknown,
  confirmation: unknown,
  mismatch: 'passwordMismatch' | 'resetMismatch' = 'passwordMismatch',
): Check {
  if (typeof confirmation !== 'string' || confirmation === '') return 'confirmRequired';
  return password === confirmation ? null : mismatch;
}

const USERNAME_SYMBOLS = /[_.-]/;

/** Username of the phone tab and the set-username page. */
export function checkUsername(value: unknown): Check {
  if (isBlank(value)) return 'usernameRequired';
  const v = value as string;
  if (!/^[A-Za-z]/.test(v)) return 'usernameStart';
  if (v.length < LIMITS.usernameMin || v.length > LIMITS.usernameMax) return 'usernameLength';
  if (!/^[A-Za-z0-9_.-]+$/.test(v)) return 'usernameChars';
  if (/[_.-]{2}/.test(v)) return 'usernameConsecutive';
  if (USERNAME_SYMBOLS.test(v.at(-1) ?? '')) return 'usernameEnd';
  return null;
}

/** Username of the e-mail registration tab: a letter first, then letters, digits or hyphens. */
export function checkEmailTabUsername(value: unknown): Check {
  if (isBlank(value)) return 'usernameRequired';
  const v = value as string;
  if (!/^[A-Za-z]/.test(v)) return 'usernameStart';
  if (v.length < LIMITS.usernameMin || v.length > LIMITS.usernameMax) return 'usernameLength';
  return /^[A-Za-z][A-Za-z0-9-]+$/.test(v) ? null : 'usernameEmailChars';
}

export function checkPlatformName(value: unknown): Check {
  if (isBlank(value)) return 'platformNameRule';
  return /^[\u4e00-\u9fa5A-Za-z0-9]{1,32}$/.test(value as string) ? null : 'platformNameRule';
}

/** A web address of at most 512 characters; empty passes unless required. */
export function checkWebUrl(value: unknown, opts: { required?: boolean } = {}): Check {
  if (isBlank(value)) return opts.required ? 'required' : null;
  const v = value as string;
  if (v.length > LIMITS.urlMax) return 'urlRule';
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return 'urlRule';
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? null : 'urlRule';
}

/** Chinese, letters, digits and common punctuation, at most 100 characters; empty passes. */
export function checkDescription(value: unknown): Check {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') return 'descriptionRule';
  if ([...value].length > LIMITS.descriptionMax) return 'descriptionRule';
  return /^[\u4e00-\u9fa5A-Za-z0-9 ,.;:!?'"()\-_/，。；：！？、“”‘’（）《》]*$/.test(value)
    ? null
    : 'descriptionRule';
}

/** The picture types the upload service takes for a platform logo (it checks the bytes too). */
export const LOGO_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** A platform logo before it is sent (spec §2): one PNG, JPEG, GIF or WebP picture of at most 5 MB. */
export function checkLogoFile(file: { type: string; size: number }): Check {
  if (!LOGO_TYPES.includes(file.type)) return 'logoType';
  return file.size <= LIMITS.logoBytesMax ? null : 'logoSize';
}
