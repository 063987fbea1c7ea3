import { defineTexts } from '@shared/i18n/define-texts';

export const asEnteredTexts = defineTexts(
  { asEntered: 'Shown as entered, in the language it was entered in' },
  { asEntered: '按录入时的原文显示' },
);
