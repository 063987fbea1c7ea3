import type { StoreContext } from './context';

/**
 * One record type's records by key, as a module keeps them: loaded from the data file in its
 * order, saved back in the order they were added.
 */
export abstract class RecordTable<K, R> {
  protected readonly records = new Map<K, R>();

  constructor(
    records: readonly R[],
    keyOf: (record: R) => K,
    protected readonly context: StoreContext,
  ) {
    for (const record of records) this.records.set(keyOf(record), record);
  }

  /** The records for the data file. */
  snapshot(): R[] {
    return [...this.records.values()];
  }
}

/** A table whose records anyone may list and look up by key: users, platforms, roles. */
export abstract class Catalogue<K, R> extends RecordTable<K, R> {
  list(): R[] {
    return [...this.records.values()];
  }

  get(key: K): R | undefined {
    return this.records.get(key);
  }

  /** Replaces a record by a copy with the patch applied; undefined for an unknown key. */
  protected merge(key: K, patch: Partial<R>): R | undefined {
    const record = this.records.get(key);
    if (!record) return undefined;
    const updated = { ...record, ...patch };
    this.records.set(key, updated);
    this.context.changed();
    return updated;
  }
}
