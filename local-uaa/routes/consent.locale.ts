/** The simulated consent page's texts (local UAA, demo and tests only). */
import { defineTexts } from '@shared/i18n/define-texts';

export const texts = defineTexts(
  {
    title: 'Sign in with {name}',
    notice: 'Simulated {name} consent page of the local UAA (development and demo only).',
    account: '{name} account',
    approve: 'Approve',
    deny: 'Deny',
    badAccount: 'Enter 1-64 letters, digits or . _ @ -',
    badRedirect: 'The redirect_uri is missing or not on the product origin.',
  },
  {
    title: '使用 {name} 登录',
    notice: '本地 UAA 模拟的 {name} 授权页（仅用于开发和演示）。',
    account: '{name} 账号',
    approve: '同意授权',
    deny: '拒绝',
    badAccount: '请输入 1-64 位字母、数字或 . _ @ -',
    badRedirect: 'redirect_uri 缺失或不属于本产品域名。',
  },
);
