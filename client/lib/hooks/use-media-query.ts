import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the window matches `query` (a CSS media query), followed as the window changes. False
 * on the server and in the render that hydrates its page, which then draws again if it matches.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
