import { defineTexts } from '@shared/i18n/define-texts';

/**
 * /authentication when the UAA would not issue the platform's one-time code (issue 29, item 1),
 * and inside the intern widget's frame when the redirect was refused (issue 29, item 10).
 */
export const authenticationTexts = defineTexts(
  {
    failedTitle: 'Could not sign you in to this platform',
    failedBody:
      'The platform may no longer exist, or sign-in to it is unavailable for now. You are still signed in here.',
    retry: 'Try again',
    toUserCenter: 'Go to the Account Center',
    widgetRefusedTitle: 'This address cannot receive your login',
    widgetRefusedBody: "It is not on this service's allow-list. Please let the site you came from know.",
  },
  {
    failedTitle: '无法登录该平台',
    failedBody: '该平台可能已不存在，或暂时无法登录。您在此处仍保持登录。',
    retry: '重试',
    toUserCenter: '前往账号中心',
    widgetRefusedTitle: '此地址无法接收您的登录',
    widgetRefusedBody: '该地址不在本服务的允许列表中，请告知您所在的网站。',
  },
);
