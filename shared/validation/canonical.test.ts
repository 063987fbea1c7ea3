import { describe, expect, it } from 'vitest';
import { canonicalIdentifier, plainCode, plainPhone } from './canonical';

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

describe('plainPhone: a phone as pasted, as the fields keep it and the limits count it', () => {
  it.each([
    ['+86 131 4512 2268', '13145122268'],
    ['+8613145122268', '13145122268'],
    ['0086-131-4512-2268', '13145122268'],
    ['(131) 4512 2268', '13145122268'],
    [' 13145122268 ', '13145122268'],
    ['１３１４５１２２２６８', '13145122268'],
    ['86 131 4512 2268', '13145122268'],
    // Not a mainland mobile behind the country code: left for the phone rule to refuse.
    ['+1 415 555 0100', '+14155550100'],
    ['+86 131', '+86131'],
    ['8613', '8613'],
    ['', ''],
  ])('%j is %j', (value, plain) => {
    expect(plainPhone(value)).toBe(plain);
  });
});

describe('plainCode: a code as pasted from a message', () => {
  it.each([
    [' 123456 ', '123456'],
    ['123 456', '123456'],
    ['１２３４５６', '123456'],
    ['\u200b123456', '123456'],
  ])('%j is %j', (value, plain) => {
    expect(plainCode(value)).toBe(plain);
  });
});
