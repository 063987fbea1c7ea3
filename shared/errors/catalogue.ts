import type { Locale } from '../i18n/locale';

/**
 * The error catalogue of spec §8: one code, one text per locale. Server codes first, then the
 * product's own messages. The texts are shown as given; nothing branches on wording.
 */
type Texts = Readonly<Record<Locale, string>>;
const t = (en: string, zh: string): Texts => ({ 'en-US': en, 'zh-CN': zh });

export const SERVER_ERRORS = {
  A0100: t('Parameter validation error', '参数校验错误'),
  A0101: t('Request parameter validation error', '请求参数校验错误'),
  A0102: t('Mail format error', '邮箱格式错误'),
  A0103: t('Phone format error', '手机号格式错误'),
  A0104: t('File upload error', '文件上传错误'),
  A0105: t('File type not allowed', '文件类型不允许'),
  A0106: t('File too large', '文件过大'),
  A0107: t('File is empty', '文件为空'),
  A0108: t('File not found', '文件不存在'),
  A0109: t('File read error', '文件读取错误'),
  A0110: t('Too many files', '文件数量过多'),
  A0200: t('Login failed', '登录失败'),
  A0201: t('Access denied', '访问被拒绝'),
  A0202: t('Authenticate failed', '认证失败'),
  A0203: t('Mail address already registered', '邮箱已被注册'),
  A0204: t('Captcha validation error', '验证码校验错误'),
  A0205: t('Mail code error', '邮箱验证码错误'),
  A0206: t('User not existed', '用户不存在'),
  A0207: t('User or password error', '用户名或密码错误'),
  A0208: t('Change password code error or expired', '修改密码验证码错误或已过期'),
  A0209: t('Register error', '注册失败'),
  A0210: t('Username already existed', '用户名已存在'),
  A0211: t('Token expired', '令牌已过期'),
  A0212: t('Activation failed', '激活失败'),
  A0213: t('Binding failed', '绑定失败'),
  A0214: t('Already bound with other account', '已绑定其他账号'),
  A0215: t('More than one user', '存在多个用户'),
  A0216: t('Password decrypt failed', '密码解密失败'),
  A0217: t('Change username failed', '修改用户名失败'),
  A0301: t('Too many requests', '请求过于频繁'),
  A0302: t('Invoke out of limit', '调用超出限制'),
  B0001: t('System execution error', '系统执行出错'),
  B0100: t('Storage error', '存储错误'),
  B0200: t('Cache error', '缓存错误'),
  B0300: t('Third-party service error', '第三方服务错误'),
  B0305: t('Send email error', '邮件发送失败'),
  C0201: t('User not found', '用户未找到'),
  C0202: t('Change password error', '修改密码失败'),
  C0400: t('Internet access is not allowed', '不允许访问互联网'),
  C0902: t('Sensitive information exists, please modify', '存在敏感信息，请修改'),
  '-1': t('Unknown error', '未知错误'),
} as const satisfies Record<string, Texts>;

export type ServerErrorCode = keyof typeof SERVER_ERRORS;

/** Messages the product itself shows (spec §8 "other messages", network and gateway errors). */
export const PRODUCT_MESSAGES = {
  networkError: t('Network error', '网络错误'),
  networkTimeout: t('Network timeout', '网络超时'),
  identityExpired: t(
    'The current user identity has expired, please log in again if necessary',
    '当前用户身份已过期，如有需要请重新登录',
  ),
  noPermission: t('This account currently has no permission to access this page', '该账号暂无权限访问此页面'),
  redirectFailed: t(
    'Redirect failed, check the redirect address is in the white list',
    '跳转失败，请检查跳转地址是否在白名单中',
  ),
  keyCreateFailed: t('Failed to create keys. Please try again later.', '创建密钥失败，请稍后重试。'),
  usernameSetFailed: t('UserName set failed, please try later.', '用户名设置失败，请稍后重试。'),
  wechatUnsupported: t(
    'WeChat login is not supported on development and staging',
    '开发和测试环境不支持微信登录',
  ),
  updateFailed: t('Update failed', '更新失败'),
  createFailed: t('Create failed', '创建失败'),
  emailOrPhoneRequired: t('Email and phone: fill in at least one', '邮箱和手机号至少填写一项'),
  formInvalid: t('Form validation failed, please check input', '表单校验失败，请检查输入'),
  selectToDelete: t('Please select items to delete', '请选择要删除的项'),
  browserCompat: t(
    'For the best experience, please open this page in Chrome or Edge',
    '为获得最佳体验，请使用 Chrome 或 Edge 浏览器打开',
  ),
  // Gateway (BFF) refusals.
  csrfRequired: t(
    'Request refused: missing or cross-site request header',
    '请求被拒绝：缺少请求头或跨站请求',
  ),
  badPath: t('Request refused: invalid path', '请求被拒绝：路径无效'),
  payloadTooLarge: t('Request body too large', '请求体过大'),
  unsupportedMediaType: t('Unsupported content type', '不支持的内容类型'),
  upstreamTimeout: t('Network timeout', '网络超时'),
  upstreamUnavailable: t('Service temporarily unavailable', '服务暂时不可用'),
  notFound: t('Not found', '未找到'),
  methodNotAllowed: t('Request refused: method not allowed', '请求被拒绝：不允许的请求方法'),
  badIdentifier: t(
    'Request refused: the phone, e-mail or account must be given once, as text',
    '请求被拒绝：手机号、邮箱或账号只能以文本形式填写一次',
  ),
  redirectNotAllowed: t(
    'Redirect failed, check the redirect address is in the white list',
    '跳转失败，请检查跳转地址是否在白名单中',
  ),
  internalError: t('Internal error', '内部错误'),
} as const satisfies Record<string, Texts>;

export type ProductMessage = keyof typeof PRODUCT_MESSAGES;

export function serverErrorText(code: string, locale: Locale): string {
  // Own keys only: an upstream code such as 'constructor' must not reach Object.prototype.
  const entry = Object.hasOwn(SERVER_ERRORS, code)
    ? (SERVER_ERRORS as Record<string, Texts>)[code]
    : undefined;
  return (entry ?? SERVER_ERRORS['-1'])[locale];
}

export function productMessage(key: ProductMessage, locale: Locale): string {
  return PRODUCT_MESSAGES[key][locale];
}
