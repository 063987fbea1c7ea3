import { describe, expect, it } from 'vitest';
import { PLATFORM_KEYS, platformFromRedirect } from './platforms';

describe('PLATFORM_KEYS', () => {
  it('lists the ten sub-platforms of spec §1', () => {
    expect([...PLATFORM_KEYS].sort()).toEqual(
      [
        'cmg',
        'intern',
        'landmarks',
        'media',
        'medieval',
        'migo',
        'moce',
        'science-discovery',
        'virtualbiolab',
        'vsp',
      ].sort(),
    );
  });
});

describe('platformFromRedirect', () => {
  it.each(PLATFORM_KEYS)('detects %s from a host label', (key) => {
    expect(platformFromRedirect(`https://${key}.example.org/callback?x=1`)).toBe(key);
    expect(platformFromRedirect(`https://app.${key}.example.org/`)).toBe(key);
  });
  it('is case-insensitive in the host', () => {
    expect(platformFromRedirect('https://MEDIA.Example.org/')).toBe('media');
  });
  it('matches whole labels only', () => {
    expect(platformFromRedirect('https://mediaevil.example.org/')).toBeNull();
    expect(platformFromRedirect('https://multimedia.example.org/')).toBeNull();
    expect(platformFromRedirect('https://science.example.org/')).toBeNull();
    expect(platformFromRedirect('https://medieval-test.example.org/')).toBeNull();
  });
  it('ignores the path, query and fragment', () => {
    expect(platformFromRedirect('https://example.org/media')).toBeNull();
    expect(platformFromRedirect('https://example.org/?p=vsp#intern')).toBeNull();
  });
  it('distinguishes media from medieval', () => {
    expect(platformFromRedirect('https://medieval.example.org/')).toBe('medieval');
  });
  it('names no platform for a host Node and the browsers would read apart, nor one with an empty label', () => {
    // Chromium keeps the space as `a%20b`; Node refuses the address. Either way: the main platform.
    expect(platformFromRedirect('https://a%20b.media.example.org/')).toBeNull();
    expect(platformFromRedirect('https://media.example.org./')).toBeNull();
    expect(platformFromRedirect('http://localhost:5173/')).toBeNull();
  });
  it('returns null (main platform) for missing or unparsable redirects', () => {
    expect(platformFromRedirect(null)).toBeNull();
    expect(platformFromRedirect(undefined)).toBeNull();
    expect(platformFromRedirect('')).toBeNull();
    expect(platformFromRedirect('media')).toBeNull();
    expect(platformFromRedirect('/media/path')).toBeNull();
    expect(platformFromRedirect('https://www.example.org/')).toBeNull();
  });
});
