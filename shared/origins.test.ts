import { describe, expect, it } from 'vitest';
import { allowedOriginOf, originAllowed } from './origins';

describe('originAllowed', () => {
  const allowed = ['https://media.example.org', 'http://localhost:*'];
  it('admits exact origins and any port of a :* entry', () => {
    expect(originAllowed('https://media.example.org', allowed)).toBe(true);
    expect(originAllowed('http://localhost:3000', allowed)).toBe(true);
    expect(originAllowed('http://localhost', allowed)).toBe(true);
  });
  it('refuses look-alikes', () => {
    expect(originAllowed('https://media.example.org.evil.com', allowed)).toBe(false);
    expect(originAllowed('http://localhost.evil.com', allowed)).toBe(false);
    expect(originAllowed('http://localhost:3000@evil.com', allowed)).toBe(false);
    expect(originAllowed('http://localhost:abc', allowed)).toBe(false);
    expect(originAllowed('https://localhost:3000', allowed)).toBe(false);
    expect(originAllowed('null', allowed)).toBe(false);
  });
});

describe('allowedOriginOf', () => {
  const allowed = ['https://example.com', 'http://localhost:*'];
  it('gives the origin of an address the page may talk to', () => {
    expect(allowedOriginOf('https://example.com/page?x=1', allowed)).toBe('https://example.com');
    expect(allowedOriginOf('http://localhost:5173/', allowed)).toBe('http://localhost:5173');
  });
  it.each([null, '', 'null', 'not a url', 'https://evil.example/', 'https://example.com.evil.example/'])(
    'gives null for %j',
    (declared) => {
      expect(allowedOriginOf(declared, allowed)).toBeNull();
    },
  );
});
