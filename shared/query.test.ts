import { describe, expect, it } from 'vitest';
import { PLACEHOLDERS } from './documents';
import { withParams } from './query';

describe('withParams', () => {
  it('adds a parameter at the end, or makes the query', () => {
    expect(withParams('?clientId=c&lang=en-US', { tab: 'password' })).toBe(
      '?clientId=c&lang=en-US&tab=password',
    );
    expect(withParams('', { tab: 'password' })).toBe('?tab=password');
    expect(withParams('?', { tab: 'phone' })).toBe('?tab=phone');
  });

  it('replaces one where it stands, dropping its repeats', () => {
    expect(withParams('?tab=help&lang=en-US&tab=x', { tab: 'keys' })).toBe('?tab=keys&lang=en-US');
  });

  it('removes a parameter, and the query with its last one', () => {
    expect(withParams('?tab=keys&type=phone&lang=zh-CN', { tab: 'help', type: null })).toBe(
      '?tab=help&lang=zh-CN',
    );
    expect(withParams('?type=phone', { type: null })).toBe('');
  });

  it('keeps the other parameters as they were written', () => {
    const redirect = 'redirect=https://a.example/b?c=1%26d&state=a+b';
    expect(withParams(`?${redirect}`, { tab: 'password' })).toBe(`?${redirect}&tab=password`);
    // Names are compared decoded: `t%61b` is `tab`.
    expect(withParams('?t%61b=sms', { tab: 'password' })).toBe('?tab=password');
    expect(withParams('?x=1', { 'a b': 'c&d' })).toBe('?x=1&a+b=c%26d');
    // A pair's own leading `?` is part of its name, as URLSearchParams reads the whole query.
    expect(withParams('??tab=password&a=1', { tab: null })).toBe('??tab=password&a=1');
    expect(new URLSearchParams('??tab=password').get('?tab')).toBe('password');
  });

  it("keeps a prerendered page's query placeholder whole, for the server to fill in", () => {
    expect(withParams(PLACEHOLDERS.search, { tab: 'password' })).toBe(`${PLACEHOLDERS.search}&tab=password`);
  });
});
