import { describe, expect, it } from 'vitest';
import { textPair } from '../i18n/define-texts';
import { LOCALES } from '../i18n/locale';
import {
  PRODUCT_MESSAGES,
  SERVER_ERRORS,
  productMessage,
  serverErrorText,
  type ProductMessage,
  type ServerErrorCode,
} from './catalogue';

const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${String(from + i).padStart(3, '0')}`);

// Every code spec §8 names.
const SPEC_CODES = [
  ...range('A0', 100, 110),
  ...range('A0', 200, 217),
  'A0301',
  'A0302',
  'B0305',
  'C0201',
  'C0202',
  'C0902',
  'C0400',
  '-1',
];

// The English texts spec §8 gives, compared without regard to capitalisation.
const SPEC_TEXTS: Record<string, string> = {
  A0100: 'parameter validation error',
  A0101: 'request parameter validation error',
  A0200: 'login failed',
  A0201: 'access denied',
  A0202: 'authenticate failed',
  A0203: 'mail address already registered',
  A0204: 'captcha validation error',
  A0205: 'mail code error',
  A0206: 'user not existed',
  A0207: 'user or password error',
  A0208: 'change password code error or expired',
  A0209: 'register error',
  A0210: 'username already existed',
  A0211: 'token expired',
  A0212: 'activation failed',
  A0213: 'binding failed',
  A0214: 'already bound with other account',
  A0215: 'more than one user',
  A0216: 'password decrypt failed',
  A0217: 'change username failed',
  A0301: 'too many requests',
  A0302: 'invoke out of limit',
  B0305: 'send email error',
  C0201: 'user not found',
  C0202: 'change password error',
  C0902: 'Sensitive information exists, please modify',
  C0400: 'internet access is not allowed',
  '-1': 'unknown error',
};

describe('SERVER_ERRORS', () => {
  it('lists the 37 codes of spec §8', () => {
    expect(SPEC_CODES).toHaveLength(37);
  });

  it.each(SPEC_CODES)('%s has a translated text in both locales', (code) => {
    const entry = Object.hasOwn(SERVER_ERRORS['en-US'], code)
      ? textPair(SERVER_ERRORS, code as ServerErrorCode)
      : undefined;
    expect(entry, `missing ${code}`).toBeDefined();
    for (const locale of LOCALES) expect(serverErrorText(code, locale).trim()).not.toBe('');
    expect(entry?.['zh-CN']).not.toBe(entry?.['en-US']);
    expect(entry?.['zh-CN']).toMatch(/[\u4e00-\u9fa5]/);
  });

  it.each(Object.entries(SPEC_TEXTS))('%s reads as the spec gives it', (code, text) => {
    expect(serverErrorText(code, 'en-US').toLowerCase()).toBe(text.toLowerCase());
  });

  it('C0902 is the exact spec sentence', () => {
    expect(serverErrorText('C0902', 'en-US')).toBe('Sensitive information exists, please modify');
  });

  it('every entry in the table is translated', () => {
    for (const code of Object.keys(SERVER_ERRORS['en-US']) as ServerErrorCode[]) {
      const texts = textPair(SERVER_ERRORS, code);
      expect(texts['en-US'].trim(), code).not.toBe('');
      expect(texts['zh-CN'], code).not.toBe(texts['en-US']);
    }
  });

  it.each(['Z9999', '', 'a0100', '10000', 'toString', '__proto__', 'constructor'])(
    'unknown code %j falls back to -1',
    (code) => {
      expect(serverErrorText(code, 'en-US')).toBe(SERVER_ERRORS['en-US']['-1']);
      expect(serverErrorText(code, 'zh-CN')).toBe(SERVER_ERRORS['zh-CN']['-1']);
    },
  );

  it('picks the text of the requested locale', () => {
    expect(serverErrorText('A0207', 'en-US')).toBe(SERVER_ERRORS['en-US'].A0207);
    expect(serverErrorText('A0207', 'zh-CN')).toBe(SERVER_ERRORS['zh-CN'].A0207);
  });
});

describe('PRODUCT_MESSAGES', () => {
  const keys = Object.keys(PRODUCT_MESSAGES['en-US']) as ProductMessage[];

  it.each(keys)('%s has a translated text in both locales', (key) => {
    for (const locale of LOCALES) expect(productMessage(key, locale).trim()).not.toBe('');
    expect(PRODUCT_MESSAGES['zh-CN'][key]).not.toBe(PRODUCT_MESSAGES['en-US'][key]);
    expect(PRODUCT_MESSAGES['zh-CN'][key]).toMatch(/[\u4e00-\u9fa5]/);
  });

  it.each<[ProductMessage, string]>([
    ['identityExpired', 'The current user identity has expired, please log in again if necessary'],
    ['keyCreateFailed', 'Failed to create keys. Please try again later.'],
    ['usernameSetFailed', 'UserName set failed, please try later.'],
  ])('%s reads exactly as the spec gives it', (key, text) => {
    expect(productMessage(key, 'en-US')).toBe(text);
  });

  it.each<[ProductMessage, string]>([
    ['networkError', 'network error'],
    ['networkTimeout', 'network timeout'],
    ['emailOrPhoneRequired', 'email and phone: fill in at least one'],
    ['formInvalid', 'form validation failed, please check input'],
    ['selectToDelete', 'please select items to delete'],
    ['redirectFailed', 'redirect failed, check the redirect address is in the white list'],
    ['noPermission', 'this account currently has no permission to access this page'],
    ['updateFailed', 'update failed'],
    ['createFailed', 'create failed'],
  ])('%s carries the spec wording', (key, text) => {
    expect(productMessage(key, 'en-US').toLowerCase()).toBe(text);
  });
});
