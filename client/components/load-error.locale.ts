import { defineTexts } from '@shared/i18n/define-texts';

/** What a page part that could not be loaded says (load-error.tsx). */
export const loadErrorTexts = defineTexts(
  {
    title: 'This page could not be loaded',
    body: 'Check your network connection, then reload the page.',
    reload: 'Reload',
    dataTitle: 'This could not be loaded',
    dataBody: 'The service did not answer in time. It loads again by itself once the service answers.',
    retry: 'Try again',
  },
  {
    title: '页面加载失败',
    body: '请检查网络连接后重新加载页面。',
    reload: '重新加载',
    dataTitle: '内容加载失败',
    dataBody: '服务未能及时响应。服务恢复后会自动重新加载。',
    retry: '重试',
  },
);
