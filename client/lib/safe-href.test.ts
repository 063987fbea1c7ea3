import { describe, expect, it } from 'vitest';
import { ownPath, safeHref } from './safe-href';

describe('safeHref', () => {
  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['JAVASCRIPT: in capitals', 'JAVASCRIPT:alert(1)'],
    ['javascript: after spaces', '  javascript:alert(1)'],
    ['javascript: after control characters', '\u0000\u001f\njavascript:alert(1)'],
    ['javascript: split by a tab', 'java\tscript:alert(1)'],
    ['javascript: split by a newline', 'java\nscript:alert(1)'],
    ['an entity, which is not decoded in an attribute set from script', 'javascript&colon;alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['file:', 'file:///etc/passwd'],
    ['ftp:', 'ftp://example.com/file'],
    ['a root-relative path', '/admin/platform'],
    ['a relative path', 'platform/view'],
    ['a protocol-relative address', '//evil.example/'],
    ['a backslash address', '\\\\evil.example'],
    ['a scheme-less host', 'www.example.com'],
    ['an empty string', ''],
    ['null', null],
    ['undefined', undefined],
  ])('refuses %s', (_, url) => {
    expect(safeHref(url)).toBeUndefined();
  });

  it.each([
    ['http:', 'http://example.com/home?a=1#top', 'http://example.com/home?a=1#top'],
    ['https:', 'https://example.com', 'https://example.com/'],
    ['HTTPS: in capitals', 'HTTPS://Example.COM/Path', 'https://example.com/Path'],
    [
      'https: after a space, as the browser reads it',
      ' https://example.com/a b',
      'https://example.com/a%20b',
    ],
    ['https: split by a tab, as the browser reads it', 'ht\ttps://example.com/', 'https://example.com/'],
  ])('passes %s on as the URL parser reads it', (_, url, href) => {
    expect(safeHref(url)).toBe(href);
  });
});

describe('ownPath', () => {
  it.each([
    ['a protocol-relative address', '//evil.example/x'],
    ['a backslash after the slash', '/\\evil.example/x'],
    ['a tab the parser drops', '/\t/evil.example/x'],
    ['a newline the parser drops', '/\n/evil.example/x'],
    ['a dot segment before two slashes', '/.//evil.example/x'],
    ['a parent segment before two slashes', '/..//evil.example/x'],
    ['an encoded parent segment before two slashes', '/%2e%2e//evil.example/x'],
    ['a dot segment before a backslash', '/./\\evil.example/x'],
    ['an absolute address', 'https://evil.example/x'],
    ['javascript:', 'javascript:alert(1)'],
    ['a relative path', 'usercenter'],
    ['an empty string', ''],
    ['null', null],
  ])('refuses %s', (_, path) => {
    expect(ownPath(path)).toBeUndefined();
  });

  it('keeps a path of this origin with its query and fragment, as the parser reads it', () => {
    expect(ownPath('/usercenter?tab=keys#top')).toBe('/usercenter?tab=keys#top');
    expect(ownPath('/admin/../usercenter')).toBe('/usercenter');
  });
});
