// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  OAUTH_JOURNEY_MAX_AGE_MS,
  startOauthJourney,
  takeOauthJourney,
  type OauthJourney,
} from './oauth-popup';

const LOGIN: OauthJourney = { provider: 'github', purpose: 'login', opener: null, search: '' };

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('a third-party journey kept with its state', () => {
  it('is given back once, for its own state only', () => {
    const state = startOauthJourney({
      ...LOGIN,
      opener: 'https://intern.example.org',
      search: '?clientId=c',
    });
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(takeOauthJourney(state)).toEqual({
      ...LOGIN,
      opener: 'https://intern.example.org',
      search: '?clientId=c',
    });
    expect(takeOauthJourney(state)).toBeNull();

    const other = startOauthJourney(LOGIN);
    expect(takeOauthJourney(`${other}0`)).toBeNull();
    // A wrong state used it up: the right one, replayed after, finds nothing.
    expect(takeOauthJourney(other)).toBeNull();
    expect(takeOauthJourney(null)).toBeNull();
  });

  it('is replaced by the next one started', () => {
    const first = startOauthJourney(LOGIN);
    const second = startOauthJourney({ ...LOGIN, purpose: 'bind' });
    expect(takeOauthJourney(first)).toBeNull();
    startOauthJourney(LOGIN);
    expect(takeOauthJourney(second)).toBeNull();
  });

  it('expires: a state left in a shared browser is no key to its next user', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z'), toFake: ['Date'] });
    const state = startOauthJourney(LOGIN);
    vi.setSystemTime(Date.now() + OAUTH_JOURNEY_MAX_AGE_MS);
    expect(takeOauthJourney(state)).toEqual(LOGIN);

    const late = startOauthJourney(LOGIN);
    vi.setSystemTime(Date.now() + OAUTH_JOURNEY_MAX_AGE_MS + 1);
    expect(takeOauthJourney(late)).toBeNull();

    // Started "in the future" (a clock set back since) is no journey either.
    const ahead = startOauthJourney(LOGIN);
    vi.setSystemTime(Date.now() - 60_000);
    expect(takeOauthJourney(ahead)).toBeNull();
  });

  it('is none when what was kept is not one (edited, another version, not JSON)', () => {
    for (const kept of [
      '{',
      '"x"',
      'null',
      JSON.stringify({ ...LOGIN, state: 's' }),
      JSON.stringify({ ...LOGIN, provider: 'evil', state: 's', startedAt: Date.now() }),
    ]) {
      window.localStorage.setItem('oauth-journey', kept);
      expect(takeOauthJourney('s')).toBeNull();
    }
    window.localStorage.setItem(
      'oauth-journey',
      JSON.stringify({ provider: 'wechat', purpose: 'admin', opener: 7, state: 's', startedAt: Date.now() }),
    );
    expect(takeOauthJourney('s')).toEqual({ provider: 'wechat', purpose: 'login', opener: null, search: '' });
  });
});
