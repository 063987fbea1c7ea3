import type { TextTable } from '@shared/i18n/define-texts';
import { useLocale } from './locale-context';

/** A table's texts in the visitor's language. */
export function useTexts<T>(texts: TextTable<T>): TextTable<T>['en-US'] {
  return texts[useLocale().locale];
}
