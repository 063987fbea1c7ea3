/** Persisted browser values (spec §3) — never the session token, which only the BFF holds. */
export type StorageKey =
  | 'locale'
  | 'redirect'
  | 'type'
  | 'wxredirect'
  | 'carsiRedirect'
  | 'redirect_url'
  | 'register_search'
  | 'midpage-current-env'
  /** The third-party login or bind in progress: its state, purpose, opener, start (lib/oauth-popup.ts). */
  | 'oauth-journey';

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback; // storage disabled (private mode, sandboxed iframe)
  }
}

export const storage = {
  get: (key: StorageKey): string | null => safe(() => window.localStorage.getItem(key), null),
  set: (key: StorageKey, value: string): void =>
    safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: StorageKey): void => safe(() => window.localStorage.removeItem(key), undefined),
  /** Reads and deletes: the stored redirect is used once (spec §4). */
  take: (key: StorageKey): string | null =>
    safe(() => {
      const value = window.localStorage.getItem(key);
      window.localStorage.removeItem(key);
      return value;
    }, null),
};

/**
 * Values of this tab alone, for its next load (sessionStorage): a notice a reload leaves, a form's
 * draft kept through a login (lib/form-draft.ts), the code sends of the last minute
 * (components/use-send-code.tsx).
 */
export type TabStorageKey = 'reloaded-for-another-account' | 'form-draft' | 'codes-sent';

export const tabStorage = {
  get: (key: TabStorageKey): string | null => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: TabStorageKey, value: string): void =>
    safe(() => window.sessionStorage.setItem(key, value), undefined),
  remove: (key: TabStorageKey): void => safe(() => window.sessionStorage.removeItem(key), undefined),
  take: (key: TabStorageKey): string | null =>
    safe(() => {
      const value = window.sessionStorage.getItem(key);
      window.sessionStorage.removeItem(key);
      return value;
    }, null),
};
