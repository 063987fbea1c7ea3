// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODE_COUNTDOWN_S, useCountdown } from './use-countdown';

afterEach(() => vi.useRealTimers());

describe('useCountdown', () => {
  it('counts a code’s 60 seconds down to 0, a second at a time, and stops', () => {
    vi.useFakeTimers();
    const { result } = renderHook(useCountdown);
    expect(result.current.left).toBe(0);
    act(() => result.current.start());
    expect(result.current.left).toBe(CODE_COUNTDOWN_S);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(CODE_COUNTDOWN_S - 1);
    // Each second's timer is set once the last has been drawn.
    for (let s = 0; s < CODE_COUNTDOWN_S + 5; s += 1) act(() => vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts again from what it is given', () => {
    vi.useFakeTimers();
    const { result } = renderHook(useCountdown);
    act(() => result.current.start(5));
    act(() => vi.advanceTimersByTime(2000));
    act(() => result.current.start(10));
    expect(result.current.left).toBe(10);
  });
});
