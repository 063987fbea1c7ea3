// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { isLoadFailure, SWR_OPTIONS } from './load-retry';

afterEach(cleanup);

describe('isLoadFailure: what SWR tries again by itself', () => {
  it.each([
    ['no reply in time', new ApiError('timeout', 'Network timeout', 0), true],
    ['the gateway: the UAA is down', new ApiError('B0001', 'Service temporarily unavailable', 502), true],
    ['fetch itself failed', new TypeError('Failed to fetch'), true],
    ['a 403: an answer', new ApiError('A0301', 'No permission', 403), false],
    ['a 401: an answer', new ApiError('A0211', 'Expired', 401), false],
    ['a refusal in the envelope', new ApiError('A0100', 'Bad', 200), false],
  ])('%s: %s', (_name, error, retried) => {
    expect(isLoadFailure(error)).toBe(retried);
  });
});

function Probe({ fetcher }: { fetcher: () => Promise<string> }) {
  const { data, error } = useSWR('probe', fetcher);
  return <p>{data ?? (error ? 'failed' : 'loading')}</p>;
}

/** The app's configuration with a cache of its own, and SWR's timed error retry left out. */
const options = { ...SWR_OPTIONS, provider: () => new Map(), shouldRetryOnError: false };

describe('retryFailedLoads', () => {
  it('a failed load comes again when the tab gets the focus back; a loaded one does not', async () => {
    let calls = 0;
    let up = false;
    const fetcher = () => {
      calls += 1;
      return up ? Promise.resolve('loaded') : Promise.reject(new ApiError('timeout', 'Network timeout', 0));
    };
    render(
      <SWRConfig value={options}>
        <Probe fetcher={fetcher} />
      </SWRConfig>,
    );
    await screen.findByText('failed');
    up = true;
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await screen.findByText('loaded');
    const loadedAfter = calls;
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(calls).toBe(loadedAfter);
  });

  it('a refusal stays until the page asks again', async () => {
    let calls = 0;
    const fetcher = () => {
      calls += 1;
      return Promise.reject(new ApiError('A0301', 'No permission', 403));
    };
    render(
      <SWRConfig value={options}>
        <Probe fetcher={fetcher} />
      </SWRConfig>,
    );
    await screen.findByText('failed');
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(calls).toBe(1);
  });
});
