import { defineTexts } from '@shared/i18n/define-texts';

/** What a link that opens a new tab says of it to a screen reader (new-tab-link.tsx). */
export const newTabTexts = defineTexts(
  { opensNewTab: '(opens in a new tab)' },
  { opensNewTab: '（在新标签页中打开）' },
);
