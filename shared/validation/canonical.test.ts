import { describe, expect, it } from 'vitest';
import { canonicalIdentifier } from './canonical';

describe('canonicalIdentifier', () => {
  it.each([
    ['13800138000', '13800138000'],
    ['１３８００１３８０００', '13800138000'],
    ['138\u200b0013\u200c8000', '13800138000'],
    ['\ufeff13800138000\u2060', '13800138000'],
    [' 13800138000\t', '13800138000'],
    ['+86 138 0013 8000', '+86 138 0013 8000'],
    ['a@example.com.', 'a@example.com'],
    ['a@example.com...', 'a@example.com'],
    ['a.@example.com', 'a.@example.com'],
    ['Ａ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'A@example.com'],
    ['a\u00ad@exa\u200dmple.com', 'a@example.com'],
    ['Alice+tag@Example.com', 'Alice+tag@Example.com'],
    ['alice', 'alice'],
    ['\u200b', ''],
  ])('%j is %j', (value, canonical) => {
    expect(canonicalIdentifier(value)).toBe(canonical);
  });
});

describe('canonicalIdentifier, invisible characters Unicode says to ignore', () => {
  it.each([
    ['13800\u115f138000'],
    ['13800\u3164138000'],
    ['13800\uffa0138000'],
    ['13800\u034f138000'],
    ['13800\ufe0f138000'],
    ['13800\u180e138000'],
  ])('%j is the plain phone', (value) => {
    expect(canonicalIdentifier(value)).toBe('13800138000');
  });

  it('is idempotent with trailing dots and spaces on a domain', () => {
    const once = canonicalIdentifier('alice@example.com. .');
    expect(once).toBe('alice@example.com');
    expect(canonicalIdentifier(once)).toBe(once);
  });
});
