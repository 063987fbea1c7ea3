// @vitest-environment jsdom
/**
 * A lazy part shown without a preload (the app moved to its page itself) loads the parts its
 * first render at the address needs before it shows, as a document's page does: a desktop's list
 * came with a spinner where its filters would be, and they pushed the rows down when they came.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, expect, it } from 'vitest';
import { lazyComponent } from './lazy';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

/** A promise and the hand that settles it. */
function held<T = void>() {
  let settle!: { resolve: (value: T) => void; reject: (error: Error) => void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

function pageWithAPart() {
  const part = held();
  const asked: string[] = [];
  const Page = lazyComponent(async () => ({
    default: () => <p>the page</p>,
    preloadParts: (url: URL) => {
      asked.push(url.search);
      return part.promise;
    },
  }));
  render(
    <Suspense fallback={<p>loading</p>}>
      <Page />
    </Suspense>,
  );
  return { part, asked };
}

it('shows the page once the parts its address needs are here', async () => {
  window.history.replaceState(null, '', '/list?tab=keys');
  const { part, asked } = pageWithAPart();
  await act(async () => undefined);
  expect(asked).toEqual(['?tab=keys']);
  expect(screen.getByText('loading')).toBeTruthy();
  expect(screen.queryByText('the page')).toBeNull();

  await act(async () => part.resolve());
  expect(screen.getByText('the page')).toBeTruthy();
});

it('shows the page when a part fails to load: the part says so in its place', async () => {
  const { part } = pageWithAPart();
  await act(async () => part.reject(new Error('chunk failed')));
  expect(screen.getByText('the page')).toBeTruthy();
});
