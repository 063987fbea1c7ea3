import { describe, expect, it } from 'vitest';
import { withLang } from './lang-in-links';

describe('withLang', () => {
  it('leaves the address alone when the page names no language', () => {
    expect(withLang('/admin/platform/create', '')).toBe('/admin/platform/create');
    expect(withLang('/admin/platform/view?id=7', '?page=2')).toBe('/admin/platform/view?id=7');
  });

  it("adds the page's language to an address that has none, before its hash", () => {
    expect(withLang('/admin/platform/create', '?lang=en-US')).toBe('/admin/platform/create?lang=en-US');
    expect(withLang('/admin/platform/view?id=7', '?page=2&lang=en-US')).toBe(
      '/admin/platform/view?id=7&lang=en-US',
    );
    expect(withLang('/usercenter#keys', '?lang=zh-CN')).toBe('/usercenter?lang=zh-CN#keys');
  });

  it("sets an address's own language to the page's, in its place (the switch has changed it since)", () => {
    expect(withLang('/admin/user?lang=zh-CN&page=3', '?lang=en-US')).toBe('/admin/user?lang=en-US&page=3');
  });
});
