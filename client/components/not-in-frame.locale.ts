import { defineTexts } from '@shared/i18n/define-texts';

/** What a page says in place of itself inside another site's frame (not-in-frame.tsx). */
export const notInFrameTexts = defineTexts(
  {
    title: 'This page cannot be shown inside another site',
    open: 'Open it in a new window',
  },
  {
    title: '此页面无法在其他网站中显示',
    open: '在新窗口中打开',
  },
);
