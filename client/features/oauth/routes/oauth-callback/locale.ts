import { defineTexts } from '@shared/i18n/define-texts';

export const texts = defineTexts(
  {
    working: 'Signing you in…',
    done: 'Signed in. This window will close.',
    failed: 'Sign-in failed',
    badState: 'The sign-in request has expired or did not start here. Please try again.',
    missingCode: 'The provider did not return a code.',
    back: 'Back to login',
  },
  {
    working: '正在登录…',
    done: '登录成功，窗口即将关闭。',
    failed: '登录失败',
    badState: '登录请求已过期或并非由本站发起，请重试。',
    missingCode: '第三方未返回授权码。',
    back: '返回登录',
  },
);
