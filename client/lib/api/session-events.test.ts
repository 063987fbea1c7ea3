// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../storage';
import { onUnauthorized, registerNavigate, sessionExpired, startSession } from './session-events';

describe('a session that ends under the visitor (401)', () => {
  afterEach(() => {
    // What the module does before the router registers its navigate (vitest shares modules).
    registerNavigate((path) => window.location.assign(path));
    window.history.replaceState(null, '', '/');
    window.localStorage.clear();
  });

  it('goes to the login page remembering the flow under way, and says why until the next login', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    window.history.replaceState(null, '', '/usercenter?tab=keys&type=create&lang=en-US');
    expect(sessionExpired()).toBe(false);

    onUnauthorized();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(storage.get('redirect')).toBe('/usercenter?tab=keys&type=create&lang=en-US');
    expect(sessionExpired()).toBe(true);

    await startSession();
    expect(sessionExpired()).toBe(false);
  });

  it('does nothing on the login page itself (the later 401s of one burst)', () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    window.history.replaceState(null, '', '/login');
    onUnauthorized();
    expect(navigate).not.toHaveBeenCalled();
    expect(sessionExpired()).toBe(false);
  });
});
