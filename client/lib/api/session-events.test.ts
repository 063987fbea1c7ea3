// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepOnlyContinuationOf, storeDestination, takeDestination } from '../destination';
import {
  loginTarget,
  noteAccount,
  onOtherTab,
  onUnauthorized,
  registerNavigate,
  registerReload,
  sessionExpired,
  shownAccount,
  signedOut,
  startSession,
  takeReloadNotice,
} from './session-events';

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

    noteAccount('ada');
    onUnauthorized();
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(sessionExpired()).toBe(true);
    expect(shownAccount()).toBeUndefined();

    await startSession('ada');
    expect(sessionExpired()).toBe(false);
    // The flow is Ada's to go back to, and hers alone.
    expect(takeDestination('ada')).toBe('/usercenter?tab=keys&type=create&lang=en-US');
  });

  it("keeps the page for the account whose session ended there: another account's login forgets it", async () => {
    registerNavigate(vi.fn());
    window.history.replaceState(null, '', '/admin/user');
    await startSession('admin');
    noteAccount('admin');
    onUnauthorized();
    // The guard that then sees no session knows no account: it keeps the 401's destination as it is.
    loginTarget({ pathname: '/admin/user', search: '', hash: '' });
    await startSession('bob');
    keepOnlyContinuationOf('bob');
    expect(takeDestination('bob')).toBeNull();
    expect(window.localStorage.getItem('redirect')).toBeNull();
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

describe('a logout', () => {
  afterEach(() => window.localStorage.clear());

  it('leaves no destination, here or from the guard that then sends the page to the login', async () => {
    await startSession('ada');
    storeDestination('/usercenter?tab=keys', undefined);
    signedOut({ tellOthers: false });
    expect(window.localStorage.getItem('redirect')).toBeNull();
    registerNavigate(vi.fn());
    window.history.replaceState(null, '', '/admin/user');
    onUnauthorized();
    expect(window.localStorage.getItem('redirect')).toBeNull();
    // The next login may keep one again.
    await startSession('ada');
    window.history.replaceState(null, '', '/admin/user');
    onUnauthorized();
    expect(takeDestination('ada')).toBe('/admin/user');
  });
});

describe('another tab of the browser', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
  });

  it("signing in another account reloads a tab showing the last one's, which says why once", async () => {
    const reload = vi.fn();
    registerReload(reload);
    await startSession('ada');
    onOtherTab({ kind: 'login', account: 'ada' }, vi.fn());
    expect(reload).not.toHaveBeenCalled();
    onOtherTab({ kind: 'login', account: 'bob' }, vi.fn());
    expect(reload).toHaveBeenCalledOnce();
    expect(takeReloadNotice()).toBe(true);
    expect(takeReloadNotice()).toBe(false);
  });

  it('a login that does not say whose: the tab asks', async () => {
    await startSession('ada');
    const check = vi.fn();
    onOtherTab({ kind: 'login' }, check);
    expect(check).toHaveBeenCalledOnce();
  });

  it('logging out ends this tab’s session too, with no destination kept', async () => {
    await startSession('ada');
    registerNavigate(vi.fn());
    onOtherTab({ kind: 'logout' }, vi.fn());
    expect(shownAccount()).toBeUndefined();
    window.history.replaceState(null, '', '/usercenter');
    onUnauthorized();
    expect(window.localStorage.getItem('redirect')).toBeNull();
  });
});
