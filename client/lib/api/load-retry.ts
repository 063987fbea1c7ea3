/**
 * What a page's data does when its load fails (issue 40): it is an error with a way to try again,
 * and it is tried again by itself once the cause may have passed. SWR does the trying, as its
 * documentation describes: the failed load revalidates when the tab gets the focus back or the
 * browser comes back online, and SWR's error retry (its growing pauses, a few times) while the
 * failure is the network's or the service's. A refusal (401, 403, a msgCode the UAA answers with)
 * is an answer, not a failure: it stays until the page asks again.
 */
import { useRef } from 'react';
import type { Middleware, SWRConfiguration } from 'swr';
import { ApiError } from './client';

/** No reply in time, none at all, or the gateway's or the UAA's 5xx. */
export function isLoadFailure(error: unknown): boolean {
  // Anything else a fetcher throws is the network's (fetch's TypeError, a timeout's DOMException).
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500;
}

/**
 * A load revalidates on focus and on reconnecting only while it has failed: loaded data stays as
 * it is (the app's SWR keeps revalidateOnFocus off), a failed load comes back by itself when the
 * person does. SWR reads both options when the event comes, so they are read then too: the render
 * that shows the error is the last one before the focus.
 */
export const retryFailedLoads: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const failed = useRef(false);
  const whileFailed = (option: boolean | undefined) => ({
    enumerable: true,
    get: () => Boolean(option) || failed.current,
  });
  const options = Object.defineProperties(
    { ...config },
    {
      revalidateOnFocus: whileFailed(config.revalidateOnFocus),
      revalidateOnReconnect: whileFailed(config.revalidateOnReconnect),
    },
  );
  const swr = useSWRNext(key, fetcher, options);
  failed.current = swr.error !== undefined && isLoadFailure(swr.error);
  return swr;
};

/** The app's one SWR configuration (client/app/providers.tsx). */
export const SWR_OPTIONS: SWRConfiguration = {
  revalidateOnFocus: false,
  dedupingInterval: 2000,
  use: [retryFailedLoads],
  shouldRetryOnError: isLoadFailure,
  // SWR's pauses of about 5, 10 and 20 s: a minute of an upstream's trouble, then focus or a click.
  errorRetryCount: 3,
};
