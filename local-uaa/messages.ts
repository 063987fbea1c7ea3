/**
 * Texts only the local UAA produces: details that say more than the catalogue's code text, and
 * the bodies of the mails it "sends". zh-CN must have the en-US shape.
 */
import type { Locale } from '@shared/api/types';

export type LocalText = Readonly<Record<Locale, string>>;
const t = (en: string, zh: string): LocalText => ({ 'en-US': en, 'zh-CN': zh });

export const LOCAL_TEXTS = {
  notActivated: t(
    'Access denied: this account is not activated yet. Open the link in the activation e-mail (valid for 2 hours).',
    '访问被拒绝：账号尚未激活，请点击激活邮件中的链接（2 小时内有效）。',
  ),
  disabled: t('Access denied: this account has been disabled.', '访问被拒绝：该账号已被停用。'),
  activationSubject: t('Activate your account', '激活您的账号'),
  activationBody: t(
    'Open this link within 2 hours to activate your account:',
    '请在 2 小时内打开以下链接激活您的账号：',
  ),
} as const satisfies Record<string, LocalText>;
