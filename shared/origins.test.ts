import { describe, expect, it } from 'vitest';
import { originAllowed } from './origins';

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
