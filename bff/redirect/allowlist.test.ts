import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../log';
import { createAllowlist, type AllowlistSource } from './allowlist';

const URL_ = 'http://uaa.test/static/redirect-white-list.json';

/** A fetch whose next answers the test decides: a list, an HTTP status, garbage or a network error. */
function scriptedFetch() {
  const answers: (() => Response)[] = [];
  const calls: string[] = [];
  const impl = (async (input: string | URL | Request) => {
    calls.push(String(input));
    const next = answers.shift();
    if (!next) throw new Error('no scripted answer');
    return next();
  }) as typeof fetch;
  return {
    impl,
    calls,
    list: (...domains: string[]) => answers.push(() => Response.json({ redirectWhiteList: domains })),
    status: (code: number) => answers.push(() => new Response('nope', { status: code })),
    body: (value: unknown) => answers.push(() => Response.json(value)),
    networkError: () =>
      answers.push(() => {
        throw new TypeError('fetch failed');
      }),
  };
}

let sources: AllowlistSource[] = [];
const make = (fetchImpl: typeof fetch, extra: string[] = [], ttlS = 300) => {
  const source = createAllowlist({ url: URL_, ttlS, extra, logger: createLogger('silent'), fetchImpl });
  sources.push(source);
  return source;
};

beforeEach(() => {
  sources = [];
});
afterEach(() => {
  for (const source of sources) source.stop();
  vi.useRealTimers();
});

describe('the redirect allow-list', () => {
  it('is fetched, normalized and merged with REDIRECT_ALLOWLIST', async () => {
    const fetch = scriptedFetch();
    fetch.list('Example.COM', '*.sub.example.org', 'dup.example', ' dup.example. ');
    const list = make(fetch.impl, ['extra.example', 'dup.example']);
    expect(list.domains()).toEqual(['extra.example', 'dup.example']);
    expect(list.ageSeconds()).toBeUndefined();
    await list.refresh();
    expect(fetch.calls).toEqual([URL_]);
    expect([...list.domains()].sort()).toEqual([
      'dup.example',
      'example.com',
      'extra.example',
      'sub.example.org',
    ]);
    expect(list.loaded()).toBe(true);
    expect(list.ageSeconds()).toBeLessThan(1);
  });

  it.each([
    ['an HTTP error', (f: ReturnType<typeof scriptedFetch>) => f.status(503)],
    ['a network error', (f: ReturnType<typeof scriptedFetch>) => f.networkError()],
    ['a wrong shape', (f: ReturnType<typeof scriptedFetch>) => f.body({ redirectWhiteList: 'example.com' })],
    ['non-string entries', (f: ReturnType<typeof scriptedFetch>) => f.body({ redirectWhiteList: [1, 2] })],
  ])('keeps the last good list on %s', async (_what, fail) => {
    const fetch = scriptedFetch();
    fetch.list('good.example');
    fail(fetch);
    const list = make(fetch.impl);
    await list.refresh();
    await list.refresh();
    expect(fetch.calls).toHaveLength(2);
    expect(list.domains()).toEqual(['good.example']);
    expect(list.loaded()).toBe(true);
  });

  it('is not loaded before a first good fetch unless REDIRECT_ALLOWLIST gives domains', async () => {
    const fetch = scriptedFetch();
    fetch.status(500);
    fetch.status(500);
    const bare = make(fetch.impl);
    await bare.refresh();
    expect(bare.loaded()).toBe(false);
    expect(bare.domains()).toEqual([]);
    const withExtra = make(fetch.impl, ['extra.example']);
    await withExtra.refresh();
    expect(withExtra.loaded()).toBe(true);
    expect(withExtra.domains()).toEqual(['extra.example']);
  });

  it('is fetched again every TTL, and its age counts from the last good fetch', async () => {
    vi.useFakeTimers();
    const fetch = scriptedFetch();
    fetch.list('one.example');
    const list = make(fetch.impl, [], 60);
    await list.refresh();

    fetch.status(502);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch.calls).toHaveLength(2);
    expect(list.domains()).toEqual(['one.example']);
    expect(list.ageSeconds()).toBe(60);

    fetch.list('two.example');
    await vi.advanceTimersByTimeAsync(59_000);
    expect(fetch.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetch.calls).toHaveLength(3);
    expect(list.domains()).toEqual(['two.example']);
    expect(list.ageSeconds()).toBe(0);

    list.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(fetch.calls).toHaveLength(3);
  });
});
