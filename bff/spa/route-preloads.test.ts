/** Which preload links a document gets (route-preloads.ts), from the build's table. */
import { describe, expect, it } from 'vitest';
import { preloadsFor } from './route-preloads';

const TABLE = new Map([
  ['/login', '<login>'],
  ['/register', '<register>'],
  ['/usercenter', '<usercenter>'],
  ['/usercenter?tab=keys', '<usercenter+keys>'],
]);

describe('preload links', () => {
  it.each([
    ['/login', undefined, '<login>'],
    ['/login/', undefined, '<login>'],
    ['/usercenter', 'keys', '<usercenter+keys>'],
    ['/usercenter/', 'keys', '<usercenter+keys>'],
    ['/usercenter', 'help', '<usercenter>'],
    ['/usercenter', ['keys', 'keys'], '<usercenter>'],
    ['/usercenter', { toString: (): string => 'keys' }, '<usercenter>'],
    ['/usercenter', '__proto__', '<usercenter>'],
    ['/active', undefined, ''],
    ['/', undefined, ''],
  ])('%s with tab %j: %s', (page, tab, links) => {
    expect(preloadsFor(TABLE, page, tab, 'xlab')).toBe(links);
  });

  it("gives the sub-brand's twins the chunks of the pages they copy, and nothing else", () => {
    expect(preloadsFor(TABLE, '/xlab-login', undefined, 'xlab')).toBe('<login>');
    expect(preloadsFor(TABLE, '/xlab-register/', undefined, 'xlab')).toBe('<register>');
    expect(preloadsFor(TABLE, '/brand-login', undefined, 'brand')).toBe('<login>');
    // Not a sub-brand page, another prefix, or no prefix configured.
    expect(preloadsFor(TABLE, '/xlab-usercenter', undefined, 'xlab')).toBe('');
    expect(preloadsFor(TABLE, '/other-login', undefined, 'xlab')).toBe('');
    expect(preloadsFor(TABLE, '/xlab-login', undefined, undefined)).toBe('');
  });
});
