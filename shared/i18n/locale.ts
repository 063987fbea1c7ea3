export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const LOCALE_STORAGE_KEY = 'locale';

export function isLocale(value: unknown): value is Locale {
  return value === 'zh-CN' || value === 'en-US';
}

/** Spec §1: the lang query parameter, else the stored locale, else zh-CN. */
export function resolveLocale(
  queryLang: string | null | undefined,
  stored: string | null | undefined,
): Locale {
  if (isLocale(queryLang)) return queryLang;
  if (isLocale(stored)) return stored;
  return DEFAULT_LOCALE;
}
