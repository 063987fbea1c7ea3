import type { Locale } from '../i18n/locale';

type Texts = Readonly<Record<Locale, string>>;
const t = (en: string, zh: string): Texts => ({ 'en-US': en, 'zh-CN': zh });

/** Validation messages of spec §5, keyed by the codes the rules return. */
export const VALIDATION_MESSAGES = {
  required: t('This item is required', '此项为必填项'),
  phoneRequired: t('Phone number cannot be empty', '手机号不能为空'),
  phoneInvalid: t('The phone number is invalid', '手机号格式错误'),
  phoneExists: t('Phone already exists', '手机号已存在'),
  phoneNotRegistered: t('The phone number is not registered. Please check.', '该手机号未注册，请检查。'),
  emailRequired: t('Email cannot be empty', '邮箱不能为空'),
  emailInvalid: t('Enter an email in the correct format', '请输入正确格式的邮箱'),
  emailExists: t('Email already exists, please log in', '邮箱已存在，请登录'),
  /** The change and bind flows (spec §5): the visitor is logged in already. */
  emailInUse: t('Email already exists', '邮箱已存在'),
  emailNotRegistered: t('The email is not registered. Please check.', '该邮箱未注册，请检查。'),
  accountRequired: t('Email/Phone/Username cannot be empty', '邮箱/手机号/用户名不能为空'),
  accountTooLong: t('At most 40 characters', '最多 40 个字符'),
  passwordRequired: t('Password cannot be empty', '密码不能为空'),
  passwordRule: t(
    'The password contains two or more of numbers, English, and characters, and the length is 8-20',
    '密码需包含数字、英文、字符中的两种及以上，长度为 8-20 位',
  ),
  confirmRequired: t('Please confirm the password', '请确认密码'),
  passwordMismatch: t('The two passwords are different', '两次输入的密码不一致'),
  resetMismatch: t('The two passwords do not match', '两次输入的密码不一致'),
  notRegistered: t('Not a registered phone/email, please re-enter', '该手机号/邮箱未注册，请重新输入'),
  codeRequired: t('Verification code cannot be empty', '验证码不能为空'),
  codeTooLong: t('The verification code is too long', '验证码过长'),
  usernameRequired: t('Username cannot be empty', '用户名不能为空'),
  usernameStart: t('The username must start with a letter', '用户名必须以字母开头'),
  usernameLength: t('The username must be 3-30 characters', '用户名长度为 3-30 个字符'),
  usernameChars: t('Only letters, digits and _ - . are allowed', '只能包含字母、数字及 _ - .'),
  usernameEmailChars: t('Only letters, digits and hyphens are allowed', '只能包含字母、数字及连字符'),
  usernameConsecutive: t('No two symbols in a row', '不能连续出现两个符号'),
  usernameEnd: t('The username must not end with a symbol', '用户名不能以符号结尾'),
  usernameTaken: t('Username has already existed', '用户名已存在'),
  usernameSensitive: t('Sensitive information exists, please modify', '存在敏感信息，请修改'),
  usernameCheckFailed: t('Username check failed', '用户名校验失败'),
  agreementRequired: t(
    'Please read and agree to the service agreement and privacy policy',
    '请阅读并同意服务协议和隐私政策',
  ),
  platformNameRule: t('Only Chinese, English and digits, length 1-32', '仅支持中文、英文和数字，长度 1-32'),
  urlRule: t('Enter a correct URL, 512 characters or fewer', '请输入正确的网址，不超过 512 个字符'),
  descriptionRule: t(
    'Chinese, letters, digits and common punctuation, at most 100 characters',
    '仅支持中文、字母、数字和常用标点，最多 100 个字符',
  ),
  logoType: t('Choose a PNG, JPEG, GIF or WebP picture', '请选择 PNG、JPEG、GIF 或 WebP 格式的图片'),
  logoSize: t('The picture must be 5 MB or smaller', '图片不能超过 5 MB'),
  newContactRequired: t('Please enter a new phone or email', '请输入新的手机号或邮箱'),
} as const satisfies Record<string, Texts>;

export type ValidationCode = keyof typeof VALIDATION_MESSAGES;

export function isValidationCode(value: unknown): value is ValidationCode {
  return typeof value === 'string' && Object.hasOwn(VALIDATION_MESSAGES, value);
}

export function validationText(code: ValidationCode, locale: Locale): string {
  return VALIDATION_MESSAGES[code][locale];
}
