/**
 * What the composing store (index.ts) lends each record module: one clock, one data file and
 * one sweep of expired records for all of them.
 */

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

export interface StoreContext {
  /** The clock in milliseconds (tests move it by hand). */
  now: () => number;
  /** Marks the state changed; the data file, when there is one, is written once changes settle. */
  changed: () => void;
  /** Sweeps expired records of every kind when a sweep is due; called before adding one that expires. */
  sweepIfDue: () => void;
}

/** Deletes the entries that match, marking the state changed when any went; returns how many. */
export function removeWhere<K, V>(
  context: StoreContext,
  map: Map<K, V>,
  match: (value: V, key: K) => boolean,
): number {
  let removed = 0;
  for (const [key, value] of map) if (match(value, key) && map.delete(key)) removed += 1;
  if (removed > 0) context.changed();
  return removed;
}

/** Deletes the records whose time is up. */
export function removeExpired<K>(context: StoreContext, map: Map<K, { expiresAt: number }>): number {
  const now = context.now();
  return removeWhere(context, map, (record) => record.expiresAt <= now);
}
