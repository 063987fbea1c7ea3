// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginReply } from '@shared/contract/login';
import { renderHookInApp, setUpClientTest } from '@tests/support/client-app';
import { IN_APP_BROWSER_DELAY_MS } from '@shared/device';
import { storeDestination } from '../destination';
import { storage } from '../storage';
import { useAfterLogin } from './use-after-login';

setUpClientTest();

const WECHAT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/81.0 Safari/537.36 MicroMessenger/7.0.20';
const reply = (username?: string, ssouid = 'u-ada') =>
  ({ ssouid, data: { data: { username } } }) as unknown as LoginReply;

/** Logs in on /login and returns where the router is once the step has run. */
async function logIn(username: string | undefined, search = '', handOver?: () => boolean, ssouid?: string) {
  const { result, where } = renderHookInApp(useAfterLogin, { url: `/login${search}` });
  await act(() => result.current(reply(username, ssouid), search, { handOver }));
  return where;
}

afterEach(() => vi.useRealTimers());

describe('useAfterLogin: the step after every login method', () => {
  it('goes to the user centre, or to the page a 401 left, used once', async () => {
    expect((await logIn('ada')).path).toBe('/usercenter');
    storeDestination('/usercenter?tab=keys', 'u-ada');
    expect((await logIn('ada')).path).toBe('/usercenter?tab=keys');
    expect((await logIn('ada')).path).toBe('/usercenter');
    // A stored page that the URL parser reads as another origin's is none.
    storeDestination('/\t/evil.example/x', 'u-ada');
    expect((await logIn('ada')).path).toBe('/usercenter');
    // A page stored as it was before (no account, no time) is none either.
    storage.set('redirect', '/usercenter?tab=keys');
    expect((await logIn('ada')).path).toBe('/usercenter');
  });

  it("leads another account's login to its own user centre, and forgets the page for anyone after", async () => {
    storeDestination('/admin/user', 'u-admin');
    expect((await logIn('bob', '', undefined, 'u-bob')).path).toBe('/usercenter');
    expect((await logIn('admin', '', undefined, 'u-admin')).path).toBe('/usercenter');
    // A visitor who arrived signed out is continued by whoever signs in.
    storeDestination('/usercenter?tab=keys', undefined);
    expect((await logIn('bob', '', undefined, 'u-bob')).path).toBe('/usercenter?tab=keys');
  });

  it('a login that goes on to a platform forgets the page kept for later', async () => {
    storeDestination('/usercenter?tab=keys', 'u-ada');
    const where = await logIn('ada', '?clientId=uaa-media&redirect=https%3A%2F%2Fmedia.example.com%2F');
    expect(where.path).toBe(
      '/login?clientId=uaa-media&redirect=https%3A%2F%2Fmedia.example.com%2F&lang=en-US',
    );
    expect(storage.get('redirect')).toBeNull();
  });

  it('asks a user without a username for one first, keeping the query', async () => {
    expect((await logIn(undefined, '?source=x')).path).toBe('/username?source=x');
  });

  it('does nothing more when someone else takes the visitor on', async () => {
    const handOver = vi.fn(() => true);
    expect((await logIn('ada', '?source=x', handOver)).path).toBe('/login?source=x&lang=en-US');
    expect(handOver).toHaveBeenCalledOnce();
  });

  it(`waits ${IN_APP_BROWSER_DELAY_MS} ms in the one in-app browser that needs it (spec §4)`, async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT);
    vi.useFakeTimers();
    const where = await logIn('ada');
    expect(where.path).toBe('/login?lang=en-US');
    await act(() => vi.advanceTimersByTimeAsync(IN_APP_BROWSER_DELAY_MS));
    expect(where.path).toBe('/usercenter');
  });
});
