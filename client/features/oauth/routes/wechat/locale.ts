import { defineTexts } from '@shared/i18n/define-texts';

export const texts = defineTexts(
  {
    title: 'WeChat login',
    scan: 'Scan the QR code with WeChat to log in',
    qr: 'WeChat QR code',
    back: 'Back to login',
    signingIn: 'Signing you in…',
    failed: 'WeChat login failed',
    badState: 'The sign-in request has expired or did not start here. Please try again.',
    bindTitle: 'Bind WeChat',
    bindScan: 'Scan the QR code with WeChat to bind it to your account',
    binding: 'Binding your WeChat account…',
    bindFailed: 'WeChat binding failed',
    backToUsercenter: 'Back to the Account Center',
  },
  {
    title: '微信登录',
    scan: '请使用微信扫描二维码登录',
    qr: '微信二维码',
    back: '返回登录',
    signingIn: '正在登录…',
    failed: '微信登录失败',
    badState: '登录请求已过期或并非由本站发起，请重试。',
    bindTitle: '绑定微信',
    bindScan: '请使用微信扫描二维码，绑定到当前账号',
    binding: '正在绑定微信账号…',
    bindFailed: '微信绑定失败',
    backToUsercenter: '返回账号中心',
  },
);
