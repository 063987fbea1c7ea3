import { defineTexts } from '@shared/i18n/define-texts';

/** What a page part that could not be loaded says (load-error.tsx). */
export const loadErrorTexts = defineTexts(
  {
    title: 'This page could not be loaded',
    body: 'Check your network connection, then reload the page.',
    reload: 'Reload',
  },
  {
    title: '页面加载失败',
    body: '请检查网络连接后重新加载页面。',
    reload: '重新加载',
  },
);
