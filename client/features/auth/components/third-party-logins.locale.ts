import { defineTexts } from '@shared/i18n/define-texts';

export const texts = defineTexts(
  { or: 'Or log in with', github: 'GitHub', wechat: 'WeChat', carsi: 'CARSI (academic)' },
  { or: '其他登录方式', github: 'GitHub', wechat: '微信', carsi: 'CARSI 教育网' },
);
