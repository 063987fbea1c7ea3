// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHookInApp, setUpClientTest } from '@tests/support/client-app';
import { AUTO_REDIRECT_S, useAutoRedirect } from './use-auto-redirect';

setUpClientTest();
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets `seconds` pass, a second at a time (each second's timer is set once the last has drawn). */
function tick(seconds: number): void {
  for (let i = 0; i < seconds; i += 1) act(() => vi.advanceTimersByTime(1000));
}

describe('useAutoRedirect', () => {
  it('counts the 10 s of spec §9 down, then goes to the login', () => {
    const { result, where } = renderHookInApp(() => useAutoRedirect(true, '/login?lang=en-US'), {
      url: '/forget',
    });
    expect(AUTO_REDIRECT_S).toBe(10);
    expect(result.current).toBe(10);
    tick(3);
    expect(result.current).toBe(7);
    expect(where.path).toBe('/forget?lang=en-US');
    tick(7);
    expect(where.path).toBe('/login?lang=en-US');
  });

  it('waits while inactive (the form is still open)', () => {
    const { result, where } = renderHookInApp(() => useAutoRedirect(false, '/login'), { url: '/register' });
    tick(30);
    expect(result.current).toBe(10);
    expect(where.path).toBe('/register?lang=en-US');
  });
});
