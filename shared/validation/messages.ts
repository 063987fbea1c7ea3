import { defineTexts } from '../i18n/define-texts';
import type { Locale } from '../i18n/locale';

/** Validation messages of spec §5, keyed by the codes the rules return. */
export const VALIDATION_MESSAGES = defineTexts(
  {
    required: 'This item is required',
    phoneRequired: 'Phone number cannot be empty',
    phoneInvalid: 'The phone number is invalid',
    phoneExists: 'Phone already exists',
    phoneNotRegistered: 'The phone number is not registered. Please check.',
    emailRequired: 'Email cannot be empty',
    emailInvalid: 'Enter an email in the correct format',
    emailTooLong: 'At most 254 characters',
    emailExists: 'Email already exists, please log in',
    /** The change and bind flows (spec §5): the visitor is logged in already. */
    emailInUse: 'Email already exists',
    emailNotRegistered: 'The email is not registered. Please check.',
    accountRequired: 'Email/Phone/Username cannot be empty',
    accountTooLong: 'At most 254 characters',
    passwordRequired: 'Password cannot be empty',
    passwordRule:
      'The password contains two or more of numbers, English, and characters, and the length is 8-20',
    confirmRequired: 'Please confirm the password',
    passwordMismatch: 'The two passwords are different',
    resetMismatch: 'The two passwords do not match',
    notRegistered: 'Not a registered phone/email, please re-enter',
    codeRequired: 'Verification code cannot be empty',
    codeTooLong: 'The verification code is too long',
    usernameRequired: 'Username cannot be empty',
    usernameStart: 'The username must start with a letter',
    usernameLength: 'The username must be 3-30 characters',
    usernameChars: 'Only letters, digits and _ - . are allowed',
    usernameEmailChars: 'Only letters, digits and hyphens are allowed',
    usernameConsecutive: 'No two symbols in a row',
    usernameEnd: 'The username must not end with a symbol',
    usernameTaken: 'Username has already existed',
    usernameSensitive: 'Sensitive information exists, please modify',
    usernameCheckFailed: 'Username check failed',
    agreementRequired: 'Please read and agree to the service agreement and privacy policy',
    platformNameRule: 'Only Chinese, English and digits, length 1-32',
    urlRule: 'Enter a correct URL, 512 characters or fewer',
    descriptionRule: 'Chinese, letters, digits and common punctuation, at most 100 characters',
    logoType: 'Choose a PNG, JPEG, GIF or WebP picture',
    logoSize: 'The picture must be 5 MB or smaller',
    newContactRequired: 'Please enter a new phone or email',
    contactCheckFailed: 'Could not check whether this is in use. Please try again.',
  },
  {
    required: '此项为必填项',
    phoneRequired: '手机号不能为空',
    phoneInvalid: '手机号格式错误',
    phoneExists: '手机号已存在',
    phoneNotRegistered: '该手机号未注册，请检查。',
    emailRequired: '邮箱不能为空',
    emailInvalid: '请输入正确格式的邮箱',
    emailTooLong: '最多 254 个字符',
    emailExists: '邮箱已存在，请登录',
    emailInUse: '邮箱已存在',
    emailNotRegistered: '该邮箱未注册，请检查。',
    accountRequired: '邮箱/手机号/用户名不能为空',
    accountTooLong: '最多 254 个字符',
    passwordRequired: '密码不能为空',
    passwordRule: '密码需包含数字、英文、字符中的两种及以上，长度为 8-20 位',
    confirmRequired: '请确认密码',
    passwordMismatch: '两次输入的密码不一致',
    resetMismatch: '两次输入的密码不一致',
    notRegistered: '该手机号/邮箱未注册，请重新输入',
    codeRequired: '验证码不能为空',
    codeTooLong: '验证码过长',
    usernameRequired: '用户名不能为空',
    usernameStart: '用户名必须以字母开头',
    usernameLength: '用户名长度为 3-30 个字符',
    usernameChars: '只能包含字母、数字及 _ - .',
    usernameEmailChars: '只能包含字母、数字及连字符',
    usernameConsecutive: '不能连续出现两个符号',
    usernameEnd: '用户名不能以符号结尾',
    usernameTaken: '用户名已存在',
    usernameSensitive: '存在敏感信息，请修改',
    usernameCheckFailed: '用户名校验失败',
    agreementRequired: '请阅读并同意服务协议和隐私政策',
    platformNameRule: '仅支持中文、英文和数字，长度 1-32',
    urlRule: '请输入正确的网址，不超过 512 个字符',
    descriptionRule: '仅支持中文、字母、数字和常用标点，最多 100 个字符',
    logoType: '请选择 PNG、JPEG、GIF 或 WebP 格式的图片',
    logoSize: '图片不能超过 5 MB',
    newContactRequired: '请输入新的手机号或邮箱',
    contactCheckFailed: '暂时无法校验是否已被使用，请重试',
  },
);

export type ValidationCode = keyof (typeof VALIDATION_MESSAGES)['en-US'];

export function isValidationCode(value: unknown): value is ValidationCode {
  return typeof value === 'string' && Object.hasOwn(VALIDATION_MESSAGES['en-US'], value);
}

export function validationText(code: ValidationCode, locale: Locale): string {
  return VALIDATION_MESSAGES[locale][code];
}
