// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderHookInApp } from '@tests/support/client-app';
import { useTabInAddress } from './use-tab-in-address';

describe('useTabInAddress', () => {
  const TABS = ['sms', 'password'] as const;

  it('names only a tab of the page, and gives each tab an address with the rest of the query', () => {
    const { result } = renderHookInApp(() => useTabInAddress(TABS), {
      url: '/login?clientId=c&tab=password',
    });
    expect(result.current.chosen).toBe('password');
    expect(result.current.hrefOf('sms')).toBe('/login?clientId=c&tab=sms&lang=en-US');
    // Links to other pages carry the query without the tab, which names one of this page's.
    expect(result.current.search).toBe('?clientId=c&lang=en-US');
    for (const url of ['/login?tab=keys', '/login?tab=', '/login'])
      expect(
        renderHookInApp(() => useTabInAddress(TABS), { url }).result.current.chosen,
        url,
      ).toBeUndefined();
  });

  it('chooses a tab in place of the current entry', () => {
    const { result, where } = renderHookInApp(() => useTabInAddress(TABS), { url: '/login?clientId=c' });
    act(() => result.current.choose('password'));
    expect(where.path).toBe('/login?clientId=c&lang=en-US&tab=password');
    expect(result.current.chosen).toBe('password');
  });
});
