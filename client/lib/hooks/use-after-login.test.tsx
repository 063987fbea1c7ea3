// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginReply } from '@shared/contract/login';
import { renderHookInApp, setUpClientTest } from '@tests/support/client-app';
import { IN_APP_BROWSER_DELAY_MS } from '../after-login';
import { storage } from '../storage';
import { useAfterLogin } from './use-after-login';

setUpClientTest();

const WECHAT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/81.0 Safari/537.36 MicroMessenger/7.0.20';
const reply = (username?: string) => ({ data: { data: { username } } }) as unknown as LoginReply;

/** Logs in on /login and returns where the router is once the step has run. */
async function logIn(username: string | undefined, search = '', handOver?: () => boolean) {
  const { result, where } = renderHookInApp(useAfterLogin, { url: `/login${search}` });
  await act(() => result.current(reply(username), search, { handOver }));
  return where;
}

afterEach(() => vi.useRealTimers());

describe('useAfterLogin: the step after every login method', () => {
  it('goes to the user centre, or to the page a 401 left, used once', async () => {
    expect((await logIn('ada')).path).toBe('/usercenter');
    storage.set('redirect', '/usercenter?tab=keys');
    expect((await logIn('ada')).path).toBe('/usercenter?tab=keys');
    expect((await logIn('ada')).path).toBe('/usercenter');
    // A stored page that the URL parser reads as another origin's is none.
    storage.set('redirect', '/\t/evil.example/x');
    expect((await logIn('ada')).path).toBe('/usercenter');
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
