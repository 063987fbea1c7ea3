// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderHookInApp, setUpClientTest } from '@tests/support/client-app';
import { ApiError } from '../api/client';
import { useSubmit } from './use-submit';

const uaa = setUpClientTest();

describe('useSubmit', () => {
  it('is submitting while its action runs, and not after', async () => {
    let finish = () => undefined as void;
    const { result } = renderHookInApp(() => useSubmit());
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.submitting).toBe(true);
    await act(async () => {
      finish();
      await done;
    });
    expect(result.current.submitting).toBe(false);
  });

  it('takes one submit at a time: a second one while the first is under way is not run', async () => {
    let finish = () => undefined as void;
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHookInApp(() => useSubmit());
    let first: Promise<void> = Promise.resolve();
    act(() => {
      // Two submits in one moment, before React has drawn the first as under way.
      first = result.current.run(action);
      void result.current.run(action);
    });
    expect(action).toHaveBeenCalledOnce();
    await act(async () => {
      finish();
      await first;
    });
    expect(action).toHaveBeenCalledOnce();
    // Once it is done, the next submit is taken.
    const next = vi.fn(() => Promise.resolve());
    await act(() => result.current.run(next));
    expect(next).toHaveBeenCalledOnce();
  });

  it("hands a refusal to the caller's handler for its code, and toasts nothing itself", async () => {
    const A0201 = vi.fn();
    const { result } = renderHookInApp(() => useSubmit({ handlers: { A0201 } }));
    await act(() => result.current.run(() => Promise.reject(new ApiError('A0201', 'disabled', 400))));
    expect(A0201).toHaveBeenCalledOnce();
    expect(uaa.notified.error).not.toHaveBeenCalled();
    expect(result.current.submitting).toBe(false);
  });

  it('toasts a failure without a reply (the network), with the caller’s fallback if it has one', async () => {
    const { result } = renderHookInApp(() => useSubmit({ fallback: 'Could not load the encryption' }));
    await act(() => result.current.run(() => Promise.reject(new TypeError('Failed to fetch'))));
    expect(uaa.notified.error).toHaveBeenCalledWith('Could not load the encryption');
  });
});
