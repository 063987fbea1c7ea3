import { useCallback, useEffect, useState } from 'react';

export const CODE_COUNTDOWN_S = 60;

/** A seconds countdown: start(n) then it ticks to 0. */
export function useCountdown(): { left: number; start(seconds?: number): void } {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  const start = useCallback((seconds = CODE_COUNTDOWN_S) => setLeft(seconds), []);
  return { left, start };
}
