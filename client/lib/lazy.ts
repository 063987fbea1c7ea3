/**
 * Code that comes as a chunk of its own (a page, a tab, a dialog): React.lazy with a `preload()`,
 * after which the component renders at once where React.lazy would still suspend. So the browser
 * hydrates a page whose code it loaded first in one pass, and the server renders without waiting.
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
  /** Whether the code is here: the component then renders at once, without suspending. */
  isLoaded(): boolean;
}

const everyPart: Array<() => Promise<void>> = [];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props kept
export function lazyComponent<C extends ComponentType<any>>(load: () => Promise<Module<C>>): C & Preloadable {
  let loaded: Module<C> | undefined;
  let loading: Promise<Module<C>> | undefined;
  // A failed load stays failed, as React.lazy's does: the part then says so and offers a reload.
  const loadOnce = () => (loading ??= load().then((module) => (loaded = module)));
  // Shown without a preload (the app moved here itself): the parts its first render needs come
  // first too, as for a document, so the page shows whole, not with a spinner where a part will
  // be (a desktop's list filters). A part that fails to load says so in its place; the page's own
  // failure stays the page's. (The server has no location, and has loaded every part before.)
  const Suspending = lazy(() =>
    preload(globalThis.location && new URL(globalThis.location.href))
      .catch(() => undefined)
      .then(loadOnce),
  );
  function Part(props: ComponentProps<C>) {
    return createElement(loaded ? loaded.default : Suspending, props);
  }
  async function preload(url?: URL): Promise<void> {
    const module = await loadOnce();
    if (url) await module.preloadParts?.(url);
  }
  everyPart.push(() => preload());
  return Object.assign(Part, { preload, isLoaded: () => loaded !== undefined }) as unknown as C & Preloadable;
}

/** Every part's code, and that of the parts they declare as they load: the server's, once. */
export async function preloadEveryPart(): Promise<void> {
  for (let done = 0; done < everyPart.length;) {
    const known = everyPart.length;
    await Promise.all(everyPart.slice(done).map((preload) => preload()));
    done = known;
  }
}
