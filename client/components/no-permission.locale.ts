import { defineTexts } from '@shared/i18n/define-texts';

/** The way back from "no permission": the user centre when signed in, else the login page. */
export const noPermissionTexts = defineTexts(
  {
    toUserCenter: 'Go to the Account Center',
    toLogin: 'Go to login',
  },
  {
    toUserCenter: '前往账号中心',
    toLogin: '前往登录',
  },
);
