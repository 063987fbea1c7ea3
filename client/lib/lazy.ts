/**
 * Code that comes as a chunk of its own: a page, a tab, a dialog. `lazyComponent` is React.lazy
 * with a `preload()`: once its code has loaded, the component renders at once, where React.lazy
 * would still suspend on its first render. That is what lets the app load the code of the page
 * a document shows before hydrating it (client/main.tsx), so that React hydrates the whole page in
 * one pass and a tap at first paint reaches it, and what lets the server render a page in one
 * synchronous pass (client/entry-server.tsx) after loading every part once.
 */
import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';

interface Module<C> {
  default: C;
  /** What else the page's first render at `url` needs (a tab's own chunk, say). */
  preloadParts?(url: URL): Promise<unknown>;
}

export interface Preloadable {
  /** Loads the code; with `url`, also the parts the component's first render there needs. */
  preload(url?: URL): Promise<void>;
}

const everyPart: Array<() => Promise<void>> = [];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props kept
export function lazyComponent<C extends ComponentType<any>>(load: () => Promise<Module<C>>): C & Preloadable {
  let loaded: Module<C> | undefined;
  let loading: Promise<Module<C>> | undefined;
  // A failed load stays failed, as React.lazy's does: the part then says so and offers a reload.
  const loadOnce = () => (loading ??= load().then((module) => (loaded = module)));
  const Suspending = lazy(loadOnce);
  function Part(props: ComponentProps<C>) {
    return createElement(loaded ? loaded.default : Suspending, props);
  }
  async function preload(url?: URL): Promise<void> {
    const module = await loadOnce();
    if (url) await module.preloadParts?.(url);
  }
  everyPart.push(() => preload());
  return Object.assign(Part, { preload }) as unknown as C & Preloadable;
}

/**
 * Loads every part's code, and the parts those declare as they load: the server renderer does,
 * once, before its first render.
 */
export async function preloadEveryPart(): Promise<void> {
  for (let done = 0; done < everyPart.length;) {
    const known = everyPart.length;
    await Promise.all(everyPart.slice(done).map((preload) => preload()));
    done = known;
  }
}
