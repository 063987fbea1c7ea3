import { describe, expect, it } from 'vitest';
import { defineTexts, format, TEXT_REGISTRY } from './define-texts';

describe('defineTexts', () => {
  const texts = defineTexts(
    { wait: 'Again in {s} s', plain: 'Plain', nested: { two: '{a} of {b}' } },
    { wait: '{s} 秒后重试', plain: '普通', nested: { two: '{b} 中的 {a}' } },
  );

  it('keeps both languages and registers the table', () => {
    expect(texts['en-US'].plain).toBe('Plain');
    expect(texts['zh-CN'].nested.two).toBe('{b} 中的 {a}');
    expect(TEXT_REGISTRY).toContain(texts);
  });

  it('fills placeholders by name, in any order', () => {
    expect(format(texts['en-US'].wait, { s: 5 })).toBe('Again in 5 s');
    expect(format(texts['zh-CN'].nested.two, { a: 1, b: 'x' })).toBe('x 中的 1');
  });

  it('is checked by the compiler (placeholder names, missing ones, zh-CN against en-US)', () => {
    // @ts-expect-error a name the text does not have
    format(texts['en-US'].wait, { x: 5 });
    // @ts-expect-error a name left out
    format(texts['en-US'].nested.two, { a: 1 });
    // @ts-expect-error a text without placeholders is not formatted
    format(texts['en-US'].plain, {});
    // @ts-expect-error zh-CN drops a placeholder
    defineTexts({ wait: 'Again in {s} s' }, { wait: '稍后重试' });
    // @ts-expect-error zh-CN lacks a key
    defineTexts({ a: 'A', b: 'B' }, { a: '甲' });
    // @ts-expect-error zh-CN has a key en-US does not
    defineTexts({ a: 'A' }, { a: '甲', b: '乙' });
    expect(TEXT_REGISTRY.length).toBeGreaterThan(1);
  });
});
