/** What the local UAA logs through; `error` is optional so `{ info }` (or console) is enough. */
export interface Logger {
  info(...args: unknown[]): void;
  error?(...args: unknown[]): void;
}

// Quiet by default (tests, embedding), but a bug must still show up somewhere.
export const defaultLogger: Logger = {
  info: () => {},
  error: (...args: unknown[]) => console.error(...args),
};
