// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { startOauthJourney, type OauthJourney } from '@client/lib/oauth-popup';
import { callbackJourney } from './api';

const journey = (over: Partial<OauthJourney> = {}): OauthJourney => ({
  provider: 'github',
  purpose: 'login',
  opener: null,
  search: '',
  ...over,
});
const callback = (state: string, more = '') => new URLSearchParams(`code=c&state=${state}${more}`);

afterEach(() => window.localStorage.clear());

describe("a callback's journey", () => {
  it('is the journey its state names, for the provider whose callback it is', () => {
    const state = startOauthJourney(journey());
    expect(callbackJourney('github', callback(state, '&type=3'))).toEqual(journey());
    const bind = startOauthJourney(journey({ purpose: 'bind' }));
    expect(callbackJourney('github', callback(bind, '&type=bind'))?.purpose).toBe('bind');
    // WeChat hands no `type` back: the kept purpose decides.
    const wechat = startOauthJourney(journey({ provider: 'wechat', purpose: 'bind' }));
    expect(callbackJourney('wechat', callback(wechat))?.purpose).toBe('bind');
  });

  it("refuses a login's code sent on as a bind's: it would bind another's identity to this account", () => {
    const state = startOauthJourney(journey());
    expect(callbackJourney('github', callback(state, '&type=bind'))).toBeNull();
    const wechat = startOauthJourney(journey({ provider: 'wechat' }));
    expect(callbackJourney('wechat', callback(wechat, '&type=bind'))).toBeNull();
  });

  it("refuses another provider's journey", () => {
    const state = startOauthJourney(journey());
    expect(callbackJourney('carsi', callback(state))).toBeNull();
    const wechat = startOauthJourney(journey({ provider: 'wechat', purpose: 'bind' }));
    expect(callbackJourney('github', callback(wechat, '&type=bind'))).toBeNull();
  });
});
