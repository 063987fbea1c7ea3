import { describe, expect, it } from 'vitest';
import { PLATFORM_KEYS } from '@shared/platforms';
import { parseConfig } from './config';
import { writeJsonFile } from '@tests/support/bff-harness';
import { builtInLinks } from './links';

describe('the built-in links table', () => {
  const table = builtInLinks();

  it('gives each of the ten platforms its own agreement and privacy links in every environment', () => {
    for (const env of ['development', 'staging', 'production'] as const) {
      const links = table[env];
      const all = [links.default, ...PLATFORM_KEYS.map((key) => links.platforms[key])];
      expect(all.every(Boolean), env).toBe(true);
      const hrefs = all.flatMap((pair) => [pair!.agreement, pair!.privacy]);
      expect(new Set(hrefs).size, env).toBe(2 * (PLATFORM_KEYS.length + 1));
    }
  });

  it('links the demo (development) to paths on the origin serving the page, answered by its demo pages', () => {
    const dev = table.development;
    expect(dev.home).toBe('/home');
    expect(dev.default).toEqual({ agreement: '/agreement', privacy: '/privacy' });
    expect(dev.platforms.media).toEqual({
      agreement: '/agreement?platform=media',
      privacy: '/privacy?platform=media',
    });
    expect(dev.feedback).toBe('/feedback');
  });

  it('links staging and production to each platform site over https, differently per environment', () => {
    for (const env of ['staging', 'production'] as const) {
      const links = table[env];
      for (const href of [links.home, links.feedback, links.platforms.medieval!.agreement]) {
        expect(new URL(href).protocol).toBe('https:');
      }
      expect(new URL(links.platforms.medieval!.privacy).hostname).toMatch(/^medieval\./);
    }
    expect(table.staging.platforms.cmg!.agreement).not.toBe(table.production.platforms.cmg!.agreement);
  });
});

describe('LINKS_FILE', () => {
  const pair = { agreement: '/agreement', privacy: 'https://example.org/privacy' };
  const envLinks = { home: '/', feedback: 'https://example.org/feedback', default: pair };

  it('takes addresses and paths on the serving origin', () => {
    const file = writeJsonFile('links.json', {
      development: envLinks,
      staging: envLinks,
      production: envLinks,
    });
    const parsed = parseConfig({ LINKS_FILE: file });
    expect(parsed.ok && parsed.config.links.staging).toEqual({ ...envLinks, platforms: {} });
  });

  it.each(['//evil.example/agreement', 'javascript:alert(1)', 'agreement', '/a b', '/\\evil.example'])(
    'refuses %s',
    (href) => {
      const bad = { ...envLinks, default: { ...pair, agreement: href } };
      const file = writeJsonFile('links.json', { development: bad, staging: envLinks, production: envLinks });
      const parsed = parseConfig({ LINKS_FILE: file });
      expect(parsed.ok).toBe(false);
      expect(!parsed.ok && parsed.errors).toEqual([
        expect.stringMatching(/^LINKS_FILE=".*": development\.default\.agreement/),
      ]);
    },
  );
});
