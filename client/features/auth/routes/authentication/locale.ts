import { defineTexts } from '@shared/i18n/define-texts';

/** /authentication when the UAA would not issue the platform's one-time code (issue 29, item 1). */
export const authenticationTexts = defineTexts(
  {
    failedTitle: 'Could not sign you in to this platform',
    failedBody:
      'The platform may no longer exist, or sign-in to it is unavailable for now. You are still signed in here.',
    retry: 'Try again',
    toUserCenter: 'Go to the Account Center',
  },
  {
    failedTitle: '无法登录该平台',
    failedBody: '该平台可能已不存在，或暂时无法登录。您在此处仍保持登录。',
    retry: '重试',
    toUserCenter: '前往账号中心',
  },
);
