import { defineTexts } from '@shared/i18n/define-texts';

export const texts = defineTexts(
  {
    prefix: 'I have read and agree to the',
    agreement: 'Service Agreement',
    and: 'and',
    privacy: 'Privacy Policy',
  },
  { prefix: '我已阅读并同意', agreement: '《服务协议》', and: '和', privacy: '《隐私政策》' },
);
