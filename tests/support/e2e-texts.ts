/** The client's own text tables, so journeys read labels exactly as each language shows them. */
export { texts as login } from '../../client/features/auth/routes/login/locale';
export { texts as register } from '../../client/features/auth/routes/register/locale';
export { texts as forget } from '../../client/features/auth/routes/forget/locale';
export { texts as active } from '../../client/features/auth/routes/active/locale';
export { texts as username } from '../../client/features/auth/routes/username/locale';
export { texts as thirdParty } from '../../client/features/auth/components/third-party-logins.locale';
export { texts as deleteProtocol } from '../../client/features/public/routes/delete-protocol/locale';
export { platformNames } from '../../client/lib/platform-theme';
import { textPair, type TextTable, type Texts, type TextTree } from '../../shared/i18n/define-texts';
import { PRODUCT_MESSAGES, SERVER_ERRORS } from '../../shared/errors/catalogue';
import { VALIDATION_MESSAGES } from '../../shared/validation/messages';

export const LANGS = ['en-US', 'zh-CN'] as const;
export type Lang = (typeof LANGS)[number];

/** A catalogue read per code, then language (`validation.required[lang]`), as the specs assert. */
function byCode<T extends TextTree>(
  table: TextTable<T>,
): { readonly [K in keyof T]: Readonly<Record<Lang, Texts<T>[K]>> } {
  const keys = Object.keys(table['en-US']) as (keyof T)[];
  return Object.fromEntries(keys.map((key) => [key, textPair(table, key)])) as {
    readonly [K in keyof T]: Readonly<Record<Lang, Texts<T>[K]>>;
  };
}

export const validation = byCode(VALIDATION_MESSAGES);
export const product = byCode(PRODUCT_MESSAGES);
export const serverErrors = byCode(SERVER_ERRORS);

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
export { texts as sendCode } from '../../client/components/send-code.locale';
export { notInFrameTexts as notInFrame } from '../../client/components/not-in-frame.locale';
export { authenticationTexts as authentication } from '../../client/features/auth/routes/authentication/locale';
export { arcoTexts as arco } from '../../client/app/providers.locale';
export { newTabTexts as newTab } from '../../client/components/new-tab-link.locale';
