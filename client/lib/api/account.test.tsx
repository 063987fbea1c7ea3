// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderHookInApp, setUpClientTest } from '@tests/support/client-app';
import { settle } from '@tests/support/client-form';
import { useModules } from './account';

const uaa = setUpClientTest();

describe('useModules', () => {
  it("asks for the user's modules by userId, nothing while the user is unknown", async () => {
    uaa.answer({ userResList: ['users', 'role'] });
    renderHookInApp(() => useModules(undefined));
    await settle();
    expect(uaa.calls).toEqual([]);
    const { result } = renderHookInApp(() => useModules('u1'));
    await waitFor(() => expect(result.current.data).toEqual(['users', 'role']));
    expect(uaa.callsOf('userResList')[0]?.body).toEqual({ userId: 'u1' });
  });
});
