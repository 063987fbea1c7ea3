import type { Locale } from '@shared/api/types';
import { useLocale } from './locale-context';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** A page's texts: zh-CN must have exactly the en-US keys (checked by the compiler and a test). */
export function defineTexts<T extends Record<string, unknown>>(
  en: T,
  zh: Shape<T>,
): Record<Locale, Shape<T>> {
  return { 'en-US': en as Shape<T>, 'zh-CN': zh };
}

export function useTexts<T>(texts: Record<Locale, T>): T {
  return texts[useLocale().locale];
}
