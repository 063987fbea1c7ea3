import { describe, expect, it } from 'vitest';
import { textPair } from '../i18n/define-texts';
import { LOCALES } from '../i18n/locale';
import { VALIDATION_MESSAGES, validationText, type ValidationCode } from './messages';
import { LIMITS } from './rules';

const codes = Object.keys(VALIDATION_MESSAGES['en-US']) as ValidationCode[];

describe('VALIDATION_MESSAGES', () => {
  it.each(codes)('%s has a non-empty text in every locale', (code) => {
    for (const locale of LOCALES) expect(validationText(code, locale).trim()).not.toBe('');
  });

  it.each(codes)('%s is translated (zh-CN differs from en-US and contains Chinese)', (code) => {
    const { 'en-US': en, 'zh-CN': zh } = textPair(VALIDATION_MESSAGES, code);
    expect(zh).not.toBe(en);
    expect(zh).toMatch(/[\u4e00-\u9fa5]/);
    expect(en).not.toMatch(/[\u4e00-\u9fa5]/);
  });

  // Texts the spec quotes verbatim (§5).
  it.each<[ValidationCode, string]>([
    [
      'passwordRule',
      'The password contains two or more of numbers, English, and characters, and the length is 8-20',
    ],
    ['passwordMismatch', 'The two passwords are different'],
    ['accountRequired', 'Email/Phone/Username cannot be empty'],
    ['phoneRequired', 'Phone number cannot be empty'],
    ['phoneInvalid', 'The phone number is invalid'],
    ['phoneNotRegistered', 'The phone number is not registered. Please check.'],
    ['usernameTaken', 'Username has already existed'],
  ])('%s reads exactly as the spec gives it', (code, text) => {
    expect(VALIDATION_MESSAGES['en-US'][code]).toBe(text);
  });

  // Texts the spec paraphrases in lower case (§5); the wording must match, capitalisation aside.
  it.each<[ValidationCode, string]>([
    ['required', 'this item is required'],
    ['usernameRequired', 'username cannot be empty'],
    ['usernameSensitive', 'sensitive information exists, please modify'],
    ['usernameCheckFailed', 'username check failed'],
    ['emailExists', 'email already exists, please log in'],
    ['emailInUse', 'email already exists'],
    ['emailInvalid', 'enter an email in the correct format'],
    ['urlRule', 'enter a correct URL, 512 characters or fewer'],
    ['platformNameRule', 'only Chinese, English and digits, length 1-32'],
  ])('%s carries the spec wording', (code, text) => {
    expect(VALIDATION_MESSAGES['en-US'][code].toLowerCase()).toBe(text.toLowerCase());
  });

  it('states the limits the rules enforce', () => {
    for (const locale of LOCALES) {
      expect(VALIDATION_MESSAGES[locale].accountTooLong).toContain(`${LIMITS.accountMax}`);
      expect(VALIDATION_MESSAGES[locale].emailTooLong).toContain(`${LIMITS.emailMax}`);
    }
    expect(VALIDATION_MESSAGES['en-US'].usernameLength).toContain('3-30');
    expect(VALIDATION_MESSAGES['zh-CN'].passwordRule).toContain('8-20');
    expect(VALIDATION_MESSAGES['en-US'].descriptionRule).toContain('100');
    expect(VALIDATION_MESSAGES['zh-CN'].urlRule).toContain('512');
    expect(VALIDATION_MESSAGES['en-US'].logoSize).toContain(`${LIMITS.logoBytesMax / 1024 / 1024} MB`);
    expect(VALIDATION_MESSAGES['zh-CN'].logoSize).toContain(`${LIMITS.logoBytesMax / 1024 / 1024} MB`);
  });
});
