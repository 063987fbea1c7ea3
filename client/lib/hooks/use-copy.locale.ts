import { defineTexts } from '@shared/i18n/define-texts';

export const copyTexts = defineTexts(
  { copied: 'Copied', copyFailed: 'Copy failed, please select the text and copy it' },
  { copied: '复制成功', copyFailed: '复制失败，请选中文本后手动复制' },
);
