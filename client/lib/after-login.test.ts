import { describe, expect, it } from 'vitest';
import { destinationAfterLogin } from './after-login';

describe('destinationAfterLogin', () => {
  it("sends a redirect_url through the BFF's checked redirect, with the query's language", () => {
    const search = `?redirect_url=${encodeURIComponent('https://intern.example.org/a?b=1')}&lang=en-US`;
    expect(destinationAfterLogin({ search, username: 'someone' })).toEqual({
      kind: 'document',
      href: `/bff/redirect?to=${encodeURIComponent('https://intern.example.org/a?b=1')}&lang=en-US`,
    });
  });

  it('leaves the language out when the query has none', () => {
    const search = `?redirect_url=${encodeURIComponent('https://intern.example.org/')}`;
    expect(destinationAfterLogin({ search, username: 'someone' })).toEqual({
      kind: 'document',
      href: `/bff/redirect?to=${encodeURIComponent('https://intern.example.org/')}`,
    });
  });
});
