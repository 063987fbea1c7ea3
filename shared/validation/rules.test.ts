import { describe, expect, it } from 'vitest';
import {
  LIMITS,
  checkAccount,
  checkCode,
  checkConfirmation,
  checkDescription,
  checkEmail,
  checkEmailTabUsername,
  checkLoginPassword,
  checkLogoFile,
  checkNewPassword,
  checkPhone,
  checkPlatformName,
  checkUsername,
  checkWebUrl,
} from './rules';

const repeat = (s: string, n: number) => s.repeat(n);

describe('checkPhone', () => {
  it.each(['13800138000', '19912345678', '10000000000'])('admits %s', (phone) => {
    expect(checkPhone(phone)).toBeNull();
  });
  it.each([
    ['', 'phoneRequired'],
    ['   ', 'phoneRequired'],
    [undefined, 'phoneRequired'],
    ['1380013800', 'phoneInvalid'], // 10 digits
    ['138001380001', 'phoneInvalid'], // 12 digits
    ['23800138000', 'phoneInvalid'], // does not start with 1
    ['1380013800a', 'phoneInvalid'],
    ['abcdefghijk', 'phoneInvalid'],
    ['+8613800138000', 'phoneInvalid'],
    ['138 0013 8000', 'phoneInvalid'],
    ['13800138000\n', 'phoneInvalid'],
    ['１３８００１３８０００', 'phoneInvalid'], // full-width digits
  ])('refuses %j with %s', (phone, code) => {
    expect(checkPhone(phone)).toBe(code);
  });
  it('strict mode (back-office form) needs 3-9 as the second digit', () => {
    for (const second of '012') {
      const phone = `1${second}800138000`;
      expect(checkPhone(phone)).toBeNull();
      expect(checkPhone(phone, { strict: true })).toBe('phoneInvalid');
    }
    for (const second of '3456789') expect(checkPhone(`1${second}800138000`, { strict: true })).toBeNull();
    expect(checkPhone('', { strict: true })).toBe('phoneRequired');
    expect(checkPhone('1380013800', { strict: true })).toBe('phoneInvalid');
  });
});

describe('checkEmail', () => {
  it.each(['a@b.co', 'first.last+tag@mail.example.com', 'x_y-z@sub-domain.example.org'])(
    'admits %s',
    (email) => {
      expect(checkEmail(email)).toBeNull();
    },
  );
  it.each([
    ['', 'emailRequired'],
    [' ', 'emailRequired'],
    ['plain', 'emailInvalid'],
    ['a@b', 'emailInvalid'],
    ['@b.com', 'emailInvalid'],
    ['a@', 'emailInvalid'],
    ['a@@b.com', 'emailInvalid'],
    ['a b@c.com', 'emailInvalid'],
    ['a@b .com', 'emailInvalid'],
    ['a@-b.com', 'emailInvalid'],
    ['a@b.com.', 'emailInvalid'],
    ['a@b..com', 'emailInvalid'],
    ['用户@example.com', 'emailInvalid'],
    [`${repeat('a', 64)}@${repeat('b', 63)}.${repeat('c', 63)}.${repeat('d', 63)}.com`, 'emailTooLong'], // > 254
  ])('refuses %j with %s', (email, code) => {
    expect(checkEmail(email)).toBe(code);
  });
  it("admits an address of RFC 5321's 254 characters and says 255 is too long", () => {
    // Labels of at most 63 characters, as the domain rule wants: 64 + 1 + 63 + 1 + 63 + 1 + n + 4.
    const at = (length: number) =>
      `${repeat('a', 64)}@${repeat('b', 63)}.${repeat('c', 63)}.${repeat('d', length - 197)}.com`;
    expect(LIMITS.emailMax).toBe(254);
    expect(at(254)).toHaveLength(254);
    expect(checkEmail(at(254))).toBeNull();
    expect(checkEmail(at(255))).toBe('emailTooLong');
  });
});

describe('checkAccount', () => {
  it('admits any address an e-mail may be (issue 40: 61 characters registered, then could not log in)', () => {
    expect(LIMITS.accountMax).toBe(LIMITS.emailMax);
    const university = `first.middle.lastname-${repeat('x', 14)}@mail.physics.example.edu.cn`;
    expect(university.length).toBeGreaterThan(40);
    expect(checkEmail(university)).toBeNull();
    expect(checkAccount(university)).toBeNull();
    expect(checkAccount(repeat('a', LIMITS.emailMax))).toBeNull();
    expect(checkAccount('a')).toBeNull();
    expect(checkAccount(repeat('a', LIMITS.emailMax + 1))).toBe('accountTooLong');
  });
  it('requires a value', () => {
    expect(checkAccount('')).toBe('accountRequired');
    expect(checkAccount('   ')).toBe('accountRequired');
    expect(checkAccount(null)).toBe('accountRequired');
  });
});

describe('checkLoginPassword', () => {
  it('only requires a value (no strength rule at login)', () => {
    expect(checkLoginPassword('x')).toBeNull();
    expect(checkLoginPassword('')).toBe('passwordRequired');
    expect(checkLoginPassword(undefined)).toBe('passwordRequired');
  });
});

describe('checkCode', () => {
  it('allows 6 characters for phone codes, refuses 7', () => {
    expect(checkCode('123456', 'phone')).toBeNull();
    expect(checkCode('1234567', 'phone')).toBe('codeTooLong');
  });
  it('allows 20 characters for other codes, refuses 21', () => {
    expect(checkCode('1234567', 'other')).toBeNull();
    expect(checkCode(repeat('9', 20), 'other')).toBeNull();
    expect(checkCode(repeat('9', 21), 'other')).toBe('codeTooLong');
  });
  it('requires a value', () => {
    expect(checkCode('', 'phone')).toBe('codeRequired');
    expect(checkCode(' ', 'other')).toBe('codeRequired');
  });
});

describe('checkNewPassword', () => {
  it('admits 8 and 20 characters, refuses 7 and 21', () => {
    expect(checkNewPassword('abcd1234')).toBeNull();
    expect(checkNewPassword(`${repeat('a', 10)}${repeat('1', 10)}`)).toBeNull();
    expect(checkNewPassword('abc1234')).toBe('passwordRule');
    expect(checkNewPassword(`${repeat('a', 10)}${repeat('1', 11)}`)).toBe('passwordRule');
  });
  it.each(['abcd1234', 'abcdefg!', '1234567!', 'Ab1!Ab1!', '~`!@#$%a'])(
    'admits two or more kinds: %s',
    (pw) => {
      expect(checkNewPassword(pw)).toBeNull();
    },
  );
  it.each([
    ['letters only', 'abcdefghij'],
    ['mixed-case letters only', 'AbCdEfGhIj'],
    ['digits only', '1234567890'],
    ['symbols only', '!@#$%^&*()'],
    ['a space', 'abcd 1234'],
    ['a tab', 'abcd\t1234'],
    ['non-ASCII letters', 'pässwörd12'],
    ['Chinese characters', '密码密码1234'],
    ['full-width digits', 'abcd１２３４'],
  ])('refuses %s', (_label, pw) => {
    expect(checkNewPassword(pw)).toBe('passwordRule');
  });
  it('requires a value', () => {
    expect(checkNewPassword('')).toBe('passwordRequired');
    expect(checkNewPassword(undefined)).toBe('passwordRequired');
  });
});

describe('checkConfirmation', () => {
  it('passes only when equal to the password', () => {
    expect(checkConfirmation('abcd1234', 'abcd1234')).toBeNull();
    expect(checkConfirmation('abcd1234', 'abcd1235')).toBe('passwordMismatch');
    expect(checkConfirmation('abcd1234', 'ABCD1234')).toBe('passwordMismatch');
    expect(checkConfirmation('abcd1234', 'abcd1234 ')).toBe('passwordMismatch');
    expect(checkConfirmation('abcd1234', 'abcd1235', 'resetMismatch')).toBe('resetMismatch');
    expect(checkConfirmation('abcd1234', 'abcd1234', 'resetMismatch')).toBeNull();
  });
  it('requires a confirmation', () => {
    expect(checkConfirmation('abcd1234', '')).toBe('confirmRequired');
    expect(checkConfirmation('abcd1234', undefined)).toBe('confirmRequired');
  });
});

describe('checkUsername (phone tab, set-username page)', () => {
  it('admits 3 and 30 characters, refuses 2 and 31', () => {
    expect(checkUsername('abc')).toBeNull();
    expect(checkUsername(`a${repeat('b', 29)}`)).toBeNull();
    expect(checkUsername('ab')).toBe('usernameLength');
    expect(checkUsername(`a${repeat('b', 30)}`)).toBe('usernameLength');
  });
  it.each(['a_b', 'a-b', 'a.b', 'Alice_2024', 'a1.b2-c3_d4', 'ABC'])('admits %s', (name) => {
    expect(checkUsername(name)).toBeNull();
  });
  it.each([
    ['', 'usernameRequired'],
    ['  ', 'usernameRequired'],
    ['1abc', 'usernameStart'],
    ['_abc', 'usernameStart'],
    ['.abc', 'usernameStart'],
    [' abc', 'usernameStart'],
    ['张三abc', 'usernameStart'],
    ['ab c', 'usernameChars'],
    ['ab@c', 'usernameChars'],
    ['abc中文', 'usernameChars'],
    ['a__b', 'usernameConsecutive'],
    ['a.-b', 'usernameConsecutive'],
    ['a-_b', 'usernameConsecutive'],
    ['a..b', 'usernameConsecutive'],
    ['abc_', 'usernameEnd'],
    ['abc-', 'usernameEnd'],
    ['abc.', 'usernameEnd'],
  ])('refuses %j with %s', (name, code) => {
    expect(checkUsername(name)).toBe(code);
  });
});

describe('checkEmailTabUsername', () => {
  it('admits 3 and 30 characters, refuses 2 and 31', () => {
    expect(checkEmailTabUsername('abc')).toBeNull();
    expect(checkEmailTabUsername(`a${repeat('1', 29)}`)).toBeNull();
    expect(checkEmailTabUsername('ab')).toBe('usernameLength');
    expect(checkEmailTabUsername(`a${repeat('1', 30)}`)).toBe('usernameLength');
  });
  it.each(['abc', 'a-b-c', 'Alice-2024', 'a1b2'])('admits %s', (name) => {
    expect(checkEmailTabUsername(name)).toBeNull();
  });
  it.each([
    ['', 'usernameRequired'],
    ['1abc', 'usernameStart'],
    ['-abc', 'usernameStart'],
    ['a_bc', 'usernameEmailChars'],
    ['a.bc', 'usernameEmailChars'],
    ['ab c', 'usernameEmailChars'],
    ['abc中', 'usernameEmailChars'],
  ])('refuses %j with %s', (name, code) => {
    expect(checkEmailTabUsername(name)).toBe(code);
  });
});

describe('checkPlatformName', () => {
  it('admits Chinese, letters and digits, 1-32 characters', () => {
    expect(checkPlatformName('A')).toBeNull();
    expect(checkPlatformName('科研平台Lab1')).toBeNull();
    expect(checkPlatformName(repeat('平', 32))).toBeNull();
    expect(checkPlatformName(repeat('a', 32))).toBeNull();
  });
  it.each([
    ['empty', ''],
    ['33 characters', repeat('a', 33)],
    ['33 Chinese characters', repeat('平', 33)],
    ['a space', 'my platform'],
    ['an underscore', 'my_platform'],
    ['a hyphen', 'my-platform'],
    ['Chinese punctuation', '平台，一'],
    ['an emoji', 'app😀'],
  ])('refuses %s', (_label, name) => {
    expect(checkPlatformName(name)).toBe('platformNameRule');
  });
});

describe('checkWebUrl', () => {
  const urlOfLength = (n: number) => {
    const base = 'https://example.com/';
    return base + repeat('a', n - base.length);
  };
  it('admits http and https addresses', () => {
    expect(checkWebUrl('https://example.com')).toBeNull();
    expect(checkWebUrl('http://example.com/path?q=1#x')).toBeNull();
  });
  it('admits 512 characters and refuses 513', () => {
    expect(urlOfLength(512)).toHaveLength(512);
    expect(checkWebUrl(urlOfLength(512))).toBeNull();
    expect(checkWebUrl(urlOfLength(513))).toBe('urlRule');
  });
  it.each([
    'javascript:alert(1)',
    'JavaScript://example.com/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com/file',
    'file:///etc/passwd',
    'mailto:a@example.com',
    'not a url',
    'example.com',
    '//example.com',
    'http://',
    // What the parser drops or hides: the address stored would not be the one checked or shown.
    'https://p.example/cb\r\nSet-Cookie: x=1',
    'https://p.example/\u0000logout',
    'https://p.exa\tmple/',
    'https://p.example/\u202egnp.exe',
  ])('refuses %j', (url) => {
    expect(checkWebUrl(url)).toBe('urlRule');
  });
  it('passes an empty value unless required', () => {
    expect(checkWebUrl('')).toBeNull();
    expect(checkWebUrl(undefined)).toBeNull();
    expect(checkWebUrl('', { required: true })).toBe('required');
    expect(checkWebUrl('  ', { required: true })).toBe('required');
    expect(checkWebUrl('ftp://x.com', { required: true })).toBe('urlRule');
  });
});

describe('checkDescription', () => {
  it('admits up to 100 characters and refuses 101', () => {
    expect(checkDescription(repeat('a', 100))).toBeNull();
    expect(checkDescription(repeat('描', 100))).toBeNull();
    expect(checkDescription(repeat('a', 101))).toBe('descriptionRule');
    expect(checkDescription(repeat('描', 101))).toBe('descriptionRule');
  });
  it('admits common ASCII and Chinese punctuation', () => {
    expect(checkDescription('A key for the CLI (v2): read-only, don\'t share! ok? a/b; c_d "x"')).toBeNull();
    expect(
      checkDescription('用于命令行工具的密钥，只读。请勿分享！（测试）《说明》、“引号”；：？'),
    ).toBeNull();
  });
  it.each([
    ['angle brackets', '<script>alert(1)</script>'],
    ['a newline', 'line one\nline two'],
    ['a tab', 'a\tb'],
    ['an emoji', 'nice 😀'],
    ['braces', '{ "a": 1 }'],
    ['an ampersand', 'R&D'],
  ])('refuses %s', (_label, text) => {
    expect(checkDescription(text)).toBe('descriptionRule');
  });
  it('passes an empty value and refuses non-strings', () => {
    expect(checkDescription('')).toBeNull();
    expect(checkDescription(undefined)).toBeNull();
    expect(checkDescription(null)).toBeNull();
    expect(checkDescription(42)).toBe('descriptionRule');
  });
});

describe('checkLogoFile', () => {
  it.each(['image/png', 'image/jpeg', 'image/gif', 'image/webp'])(
    'admits a %s picture up to 5 MB',
    (type) => {
      expect(checkLogoFile({ type, size: LIMITS.logoBytesMax })).toBeNull();
    },
  );
  it.each(['image/svg+xml', 'text/plain', 'application/pdf', ''])('refuses the type %j', (type) => {
    expect(checkLogoFile({ type, size: 10 })).toBe('logoType');
  });
  it('refuses a picture one byte over 5 MB', () => {
    expect(checkLogoFile({ type: 'image/png', size: LIMITS.logoBytesMax + 1 })).toBe('logoSize');
  });
});
