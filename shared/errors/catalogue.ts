import { defineTexts } from '../i18n/define-texts';
import type { Locale } from '../i18n/locale';

/**
 * The error catalogue of spec §8: one code, one text per locale. Server codes first, then the
 * product's own messages. The texts are shown as given; nothing branches on wording.
 */

export const SERVER_ERRORS = defineTexts(
  {
    A0100: 'Parameter validation error',
    A0101: 'Request parameter validation error',
    A0102: 'Mail format error',
    A0103: 'Phone format error',
    A0104: 'File upload error',
    A0105: 'File type not allowed',
    A0106: 'File too large',
    A0107: 'File is empty',
    A0108: 'File not found',
    A0109: 'File read error',
    A0110: 'Too many files',
    A0200: 'Login failed',
    A0201: 'Access denied',
    A0202: 'Authenticate failed',
    A0203: 'Mail address already registered',
    A0204: 'Captcha validation error',
    A0205: 'Mail code error',
    A0206: 'User not existed',
    A0207: 'User or password error',
    A0208: 'Change password code error or expired',
    A0209: 'Register error',
    A0210: 'Username already existed',
    A0211: 'Token expired',
    A0212: 'Activation failed',
    A0213: 'Binding failed',
    A0214: 'Already bound with other account',
    A0215: 'More than one user',
    A0216: 'Password decrypt failed',
    A0217: 'Change username failed',
    /** The BFF's own (issue 40): a call made for an account other than the session's. */
    A0220: 'Signed in as another account',
    A0301: 'Too many requests',
    A0302: 'Invoke out of limit',
    B0001: 'System execution error',
    B0100: 'Storage error',
    B0200: 'Cache error',
    B0300: 'Third-party service error',
    B0305: 'Send email error',
    C0201: 'User not found',
    C0202: 'Change password error',
    C0400: 'Internet access is not allowed',
    C0902: 'Sensitive information exists, please modify',
    '-1': 'Unknown error',
  },
  {
    A0100: '参数校验错误',
    A0101: '请求参数校验错误',
    A0102: '邮箱格式错误',
    A0103: '手机号格式错误',
    A0104: '文件上传错误',
    A0105: '文件类型不允许',
    A0106: '文件过大',
    A0107: '文件为空',
    A0108: '文件不存在',
    A0109: '文件读取错误',
    A0110: '文件数量过多',
    A0200: '登录失败',
    A0201: '访问被拒绝',
    A0202: '认证失败',
    A0203: '邮箱已被注册',
    A0204: '验证码校验错误',
    A0205: '邮箱验证码错误',
    A0206: '用户不存在',
    A0207: '用户名或密码错误',
    A0208: '修改密码验证码错误或已过期',
    A0209: '注册失败',
    A0210: '用户名已存在',
    A0211: '令牌已过期',
    A0212: '激活失败',
    A0213: '绑定失败',
    A0214: '已绑定其他账号',
    A0215: '存在多个用户',
    A0216: '密码解密失败',
    A0217: '修改用户名失败',
    A0220: '已登录为其他账号',
    A0301: '请求过于频繁',
    A0302: '调用超出限制',
    B0001: '系统执行出错',
    B0100: '存储错误',
    B0200: '缓存错误',
    B0300: '第三方服务错误',
    B0305: '邮件发送失败',
    C0201: '用户未找到',
    C0202: '修改密码失败',
    C0400: '不允许访问互联网',
    C0902: '存在敏感信息，请修改',
    '-1': '未知错误',
  },
);

export type ServerErrorCode = keyof (typeof SERVER_ERRORS)['en-US'];

/** The BFF's refusal of a call made for another account than the session's (issue 40). */
export const ACCOUNT_CHANGED_CODE = 'A0220' satisfies ServerErrorCode;

/** Messages the product itself shows (spec §8 "other messages", network and gateway errors). */
export const PRODUCT_MESSAGES = defineTexts(
  {
    networkError: 'Network error',
    networkTimeout: 'Network timeout',
    identityExpired: 'The current user identity has expired, please log in again if necessary',
    noPermission: 'This account currently has no permission to access this page',
    redirectFailed: 'Redirect failed, check the redirect address is in the white list',
    keyCreateFailed: 'Failed to create keys. Please try again later.',
    usernameSetFailed: 'UserName set failed, please try later.',
    wechatUnsupported: 'WeChat login is not supported on development and staging',
    updateFailed: 'Update failed',
    createFailed: 'Create failed',
    emailOrPhoneRequired: 'Email and phone: fill in at least one',
    formInvalid: 'Form validation failed, please check input',
    selectToDelete: 'Please select items to delete',
    browserCompat:
      'For the best experience, tap ··· at the top right and choose "Open in browser" (on a computer, use Chrome or Edge)',
    retryInSeconds: 'Try again in {n} seconds.',
    retryInMinutes: 'Try again in {n} minutes.',
    retryInHours: 'Try again in {n} hours.',
    // Gateway (BFF) refusals.
    csrfRequired: 'Request refused: missing or cross-site request header',
    badPath: 'Request refused: invalid path',
    payloadTooLarge: 'Request body too large',
    unsupportedMediaType: 'Unsupported content type',
    upstreamTimeout: 'Network timeout',
    upstreamUnavailable: 'Service temporarily unavailable',
    notFound: 'Not found',
    methodNotAllowed: 'Request refused: method not allowed',
    badIdentifier: 'Request refused: the phone, e-mail or account must be given once, as text',
    badBody: 'Request refused: the request holds fields this call does not take, or a field twice',
    badPhoneSpelling: 'Request refused: a phone number holds only digits, spaces, +, - and brackets',
    stepUpFirst:
      'Please verify your current phone or e-mail first, in this browser (the first step has not passed here, or has expired)',
    redirectNotAllowed: 'Redirect failed, check the redirect address is in the white list',
    accountChanged:
      'Request refused: this browser is now signed in as another account than the one this page shows. Reload the page',
    signedInElsewhere: 'You are now signed in as another account in another tab; this page has been reloaded',
    internalError: 'Internal error',
  },
  {
    networkError: '网络错误',
    networkTimeout: '网络超时',
    identityExpired: '当前用户身份已过期，如有需要请重新登录',
    noPermission: '该账号暂无权限访问此页面',
    redirectFailed: '跳转失败，请检查跳转地址是否在白名单中',
    keyCreateFailed: '创建密钥失败，请稍后重试。',
    usernameSetFailed: '用户名设置失败，请稍后重试。',
    wechatUnsupported: '开发和测试环境不支持微信登录',
    updateFailed: '更新失败',
    createFailed: '创建失败',
    emailOrPhoneRequired: '邮箱和手机号至少填写一项',
    formInvalid: '表单校验失败，请检查输入',
    selectToDelete: '请选择要删除的项',
    browserCompat: '为获得最佳体验，请点击右上角 ··· 选择“在浏览器中打开”（电脑上请使用 Chrome 或 Edge）',
    retryInSeconds: '请 {n} 秒后重试。',
    retryInMinutes: '请 {n} 分钟后重试。',
    retryInHours: '请 {n} 小时后重试。',
    csrfRequired: '请求被拒绝：缺少请求头或跨站请求',
    badPath: '请求被拒绝：路径无效',
    payloadTooLarge: '请求体过大',
    unsupportedMediaType: '不支持的内容类型',
    upstreamTimeout: '网络超时',
    upstreamUnavailable: '服务暂时不可用',
    notFound: '未找到',
    methodNotAllowed: '请求被拒绝：不允许的请求方法',
    badIdentifier: '请求被拒绝：手机号、邮箱或账号只能以文本形式填写一次',
    badBody: '请求被拒绝：请求中含有此接口不接受的字段，或重复的字段',
    badPhoneSpelling: '请求被拒绝：手机号只能包含数字、空格、+、- 和括号',
    stepUpFirst: '请先在当前浏览器中验证当前手机号或邮箱（第一步未在此通过或已过期）',
    redirectNotAllowed: '跳转失败，请检查跳转地址是否在白名单中',
    accountChanged: '请求被拒绝：此浏览器现已登录的账号与本页显示的账号不同，请刷新页面',
    signedInElsewhere: '您已在其他标签页中登录了另一个账号，本页已重新加载',
    internalError: '内部错误',
  },
);

export type ProductMessage = keyof (typeof PRODUCT_MESSAGES)['en-US'];

export function serverErrorText(code: string, locale: Locale): string {
  // Own keys only: an upstream code such as 'constructor' must not reach Object.prototype.
  const texts = SERVER_ERRORS[locale];
  const own = Object.hasOwn(texts, code) ? (texts as Readonly<Record<string, string>>)[code] : undefined;
  return own ?? texts['-1'];
}

export function productMessage(key: ProductMessage, locale: Locale): string {
  return PRODUCT_MESSAGES[locale][key];
}
