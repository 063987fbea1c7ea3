// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderHookInApp } from '@tests/support/client-app';
import { runtimeConfig } from '../runtime-config';
import { usePlatform, usePlatformLinks } from './use-platform';

const redirectTo = (url: string) => `/login?redirect=${encodeURIComponent(url)}`;

describe('usePlatform (spec §1: the redirect address names the sub-platform)', () => {
  it('names the platform of redirect, else of redirect_url; null is the main platform', () => {
    const at = (url: string) => renderHookInApp(usePlatform, { url }).result.current;
    const platform = at(redirectTo('https://cmg.openxlab.example/home'));
    expect(platform).not.toBeNull();
    expect(at(`/login?redirect_url=${encodeURIComponent('https://cmg.openxlab.example/home')}`)).toBe(
      platform,
    );
    expect(at('/login')).toBeNull();
    expect(at(redirectTo('https://www.example.com/'))).toBeNull();
  });

  it('gives the default agreement links on the main platform, and to a platform the config gives none', () => {
    const { links } = runtimeConfig();
    expect(links.platforms).toEqual({});
    const at = (url: string) => renderHookInApp(usePlatformLinks, { url }).result.current;
    expect(at('/login')).toEqual(links.default);
    expect(at(redirectTo('https://cmg.openxlab.example/home'))).toEqual(links.default);
  });
});
