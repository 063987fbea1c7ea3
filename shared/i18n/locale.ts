export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const LOCALE_STORAGE_KEY = 'locale';

export function isLocale(value: unknown): value is Locale {
  return value === 'zh-CN' || value === 'en-US';
}

/**
 * The one locale resolver: the first candidate that is a known locale, else zh-CN. Spec §1's
 * order is the caller's: the lang query parameter, then the stored locale (or cookie); a request's
 * `lang` header alone for the BFF and the local UAA.
 */
export function resolveLocale(...candidates: unknown[]): Locale {
  return candidates.find(isLocale) ?? DEFAULT_LOCALE;
}
