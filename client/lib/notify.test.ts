// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const showToast = vi.fn();
let attempts = 0;
let offline = false;
let stalled = false;

async function freshNotify() {
  vi.resetModules();
  vi.doMock('./toasts', () => {
    attempts += 1;
    if (offline) throw new Error('net::ERR_INTERNET_DISCONNECTED');
    if (stalled) return new Promise<never>(() => undefined);
    return { showToast };
  });
  return import('./notify');
}

beforeEach(() => {
  attempts = 0;
  offline = false;
  stalled = false;
  showToast.mockReset();
});
afterEach(() => {
  vi.doUnmock('./toasts');
  vi.resetModules();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('notify (ADR 0005: the toasts code is not in the first download)', () => {
  it('loads the toasts once and shows them in the order asked, each with its time', async () => {
    const { notify } = await freshNotify();
    notify.error('first');
    notify.success('second');
    notify.warning('third');
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledTimes(3));
    expect(showToast.mock.calls).toEqual([
      ['error', 'first', 4000],
      ['success', 'second', 3000],
      ['warning', 'third', 4000],
    ]);
    expect(attempts).toBe(1);
  });

  it('shows a toast once while the same one is on screen (issue 40: four stacked "Network error")', async () => {
    const { notify } = await freshNotify();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    for (let i = 0; i < 4; i += 1) notify.warning('Network error');
    notify.error('Network error');
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledTimes(2));
    vi.advanceTimersByTime(4000);
    notify.warning('Network error');
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledTimes(3));
    expect(showToast.mock.calls).toEqual([
      ['warning', 'Network error', 4000],
      ['error', 'Network error', 4000],
      ['warning', 'Network error', 4000],
    ]);
  });

  it('draws a toast by hand when its code cannot come, announced, gone after its time', async () => {
    offline = true;
    const { notify } = await freshNotify();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    notify.warning('Network error');
    const toast = await vi.waitFor(() => {
      const found = document.querySelector('.fallback-toast');
      if (!found) throw new Error('no toast yet');
      return found;
    });
    expect(toast.getAttribute('role')).toBe('alert');
    expect(toast.textContent).toBe('Network error');
    expect(toast.classList.contains('fallback-toast-warning')).toBe(true);
    vi.advanceTimersByTime(4000);
    expect(document.querySelector('.fallback-toast')).toBeNull();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('draws toasts by hand when their code is stalled, after 1.5 s, stacked in one column', async () => {
    stalled = true;
    const { notify, TOAST_CODE_WAIT_MS } = await freshNotify();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    notify.error('Network timeout');
    notify.warning('Form validation failed');
    vi.advanceTimersByTime(TOAST_CODE_WAIT_MS - 1);
    expect(document.querySelector('.fallback-toast')).toBeNull();
    vi.advanceTimersByTime(1);
    const column = document.querySelectorAll('.fallback-toasts');
    expect(column).toHaveLength(1);
    expect([...column[0]!.children].map((toast) => toast.textContent)).toEqual([
      'Network timeout',
      'Form validation failed',
    ]);
    expect(TOAST_CODE_WAIT_MS).toBe(1500);
  });

  it('tries the code again for the next toast once the network is back', async () => {
    offline = true;
    const { notify, preloadToasts } = await freshNotify();
    await expect(preloadToasts()).rejects.toThrow();
    offline = false;
    notify.success('Code sent');
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Code sent', 3000));
    expect(attempts).toBe(2);
  });
});
