// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderHookInApp } from '@tests/support/client-app';
import { useParamInAddress } from './use-param-in-address';

describe('useParamInAddress', () => {
  it('reads a parameter and sets or removes it, the rest of the query kept', () => {
    const { result, where } = renderHookInApp(() => useParamInAddress('type'), {
      url: '/usercenter?tab=keys&type=create',
    });
    expect(result.current[0]).toBe('create');
    act(() => result.current[1]('edit'));
    expect(where.path).toBe('/usercenter?tab=keys&type=edit&lang=en-US');
    expect(result.current[0]).toBe('edit');
    act(() => result.current[1](null));
    expect(where.path).toBe('/usercenter?tab=keys&lang=en-US');
    expect(result.current[0]).toBeNull();
  });
});
