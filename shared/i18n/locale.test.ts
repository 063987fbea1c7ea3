import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES, LOCALE_STORAGE_KEY, isLocale, resolveLocale } from './locale';

describe('resolveLocale', () => {
  it('prefers the lang query parameter', () => {
    expect(resolveLocale('en-US', 'zh-CN')).toBe('en-US');
    expect(resolveLocale('zh-CN', 'en-US')).toBe('zh-CN');
  });
  it('falls back to the stored locale when the query is absent or unknown', () => {
    expect(resolveLocale(null, 'en-US')).toBe('en-US');
    expect(resolveLocale(undefined, 'en-US')).toBe('en-US');
    expect(resolveLocale('', 'en-US')).toBe('en-US');
    expect(resolveLocale('fr-FR', 'en-US')).toBe('en-US');
    expect(resolveLocale('en', 'en-US')).toBe('en-US');
  });
  it('defaults to zh-CN when neither is a known locale', () => {
    expect(resolveLocale(null, null)).toBe('zh-CN');
    expect(resolveLocale(undefined, undefined)).toBe('zh-CN');
    expect(resolveLocale('en-us', 'EN-US')).toBe('zh-CN');
    expect(resolveLocale('de', 'ja-JP')).toBe('zh-CN');
  });
});

describe('resolveLocale of a request header alone', () => {
  it('honours en-US and zh-CN', () => {
    expect(resolveLocale('en-US')).toBe('en-US');
    expect(resolveLocale('zh-CN')).toBe('zh-CN');
  });
  it.each([undefined, null, '', 'en', 'en-us', 'EN-US', 'fr-FR', ['en-US'], 1])(
    'falls back to zh-CN for %j',
    (lang) => {
      expect(resolveLocale(lang)).toBe('zh-CN');
    },
  );
});

describe('locale constants', () => {
  it('are the two spec locales, zh-CN by default, stored as "locale"', () => {
    expect([...LOCALES].sort()).toEqual(['en-US', 'zh-CN']);
    expect(DEFAULT_LOCALE).toBe('zh-CN');
    expect(LOCALE_STORAGE_KEY).toBe('locale');
  });
  it('isLocale accepts only the exact spellings', () => {
    expect(isLocale('zh-CN')).toBe(true);
    expect(isLocale('en-US')).toBe(true);
    for (const v of ['zh-cn', 'zh', 'en', ' en-US', undefined, null, 0]) expect(isLocale(v)).toBe(false);
  });
});
