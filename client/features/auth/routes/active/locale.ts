import { defineTexts } from '@shared/i18n/define-texts';

export const texts = defineTexts(
  {
    activating: 'Activating your account…',
    done: 'Activated. Please sign in',
    already: 'This account is already activated. Please sign in',
    failed: 'Activation failed',
    missing: 'The activation link is incomplete. Please open the link from the email again.',
    expiredHelp:
      'An activation link works once and for 2 hours. If yours has expired, register again with the same email to receive a new one.',
    login: 'Log in',
    registerAgain: 'Register again',
    home: 'Homepage',
  },
  {
    activating: '正在激活账号…',
    done: '激活成功，请登录',
    already: '该账号已激活，请直接登录',
    failed: '激活失败',
    missing: '激活链接不完整，请重新打开邮件中的链接。',
    expiredHelp:
      '激活链接仅可使用一次，2 小时内有效。如链接已过期，请使用同一邮箱重新注册，以获取新的激活邮件。',
    login: '去登录',
    registerAgain: '重新注册',
    home: '返回首页',
  },
);
