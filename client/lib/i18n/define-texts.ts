import type { Locale } from '@shared/i18n/locale';
import { useLocale } from './locale-context';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Every text table defined in the client, so a test can check both languages are complete. */
export const TEXT_REGISTRY: Record<Locale, Record<string, unknown>>[] = [];

/** A page's texts: zh-CN must have exactly the en-US keys (checked by the compiler and a test). */
export function defineTexts<T extends Record<string, unknown>>(
  en: T,
  zh: Shape<T>,
): Record<Locale, Shape<T>> {
  const table = { 'en-US': en as Shape<T>, 'zh-CN': zh };
  TEXT_REGISTRY.push(table as Record<Locale, Record<string, unknown>>);
  return table;
}

export function useTexts<T>(texts: Record<Locale, T>): T {
  return texts[useLocale().locale];
}
