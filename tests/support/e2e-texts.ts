/** The client's own text tables, so journeys read labels exactly as each language shows them. */
export { texts as login } from '../../client/features/auth/routes/login/locale';
export { texts as register } from '../../client/features/auth/routes/register/locale';
export { texts as forget } from '../../client/features/auth/routes/forget/locale';
export { texts as username } from '../../client/features/auth/routes/username/locale';
export { texts as thirdParty } from '../../client/features/auth/components/third-party-logins.locale';
export { texts as deleteProtocol } from '../../client/features/public/routes/delete-protocol/locale';
export { platformNames } from '../../client/lib/platform-theme';
export { VALIDATION_MESSAGES as validation } from '../../shared/validation/messages';
export { PRODUCT_MESSAGES as product, SERVER_ERRORS as serverErrors } from '../../shared/errors/catalogue';

export const LANGS = ['en-US', 'zh-CN'] as const;
export type Lang = (typeof LANGS)[number];

export const common = {
  'en-US': {
    agree: 'I have read and agree to the',
    captchaTitle: 'Authentication',
    verify: 'I am human, verify',
    getCode: 'Get code',
    resend: 'Resend',
  },
  'zh-CN': {
    agree: '我已阅读并同意',
    captchaTitle: '身份验证',
    verify: '我是真人，点击验证',
    getCode: '获取验证码',
    resend: '重新发送',
  },
} as const;
export { texts as usercenter } from '../../client/features/account/routes/usercenter/locale';
export { texts as contactChange } from '../../client/features/account/components/contact-change.locale';
export { texts as agreement } from '../../client/features/auth/components/agreement.locale';
export { texts as passwordInput } from '../../client/components/password-input.locale';
