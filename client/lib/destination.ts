/**
 * The page a visitor was sent to log in from, and who was sent (spec §4: stored, used once; issue
 * 40). A logout stores none, and the next person to sign in on the browser never lands where the
 * last one was: a destination names the account whose session ended there (none when a visitor
 * arrived without one), lasts half an hour, and a login continues it only when it is that
 * account's; any other login forgets it.
 */
import { ownPath } from './safe-href';
import { storage } from './storage';

/** As long as a third-party login journey lasts (Keycloak's login timeout). */
export const DESTINATION_MAX_AGE_MS = 30 * 60 * 1000;

interface Stored {
  path: string;
  /** The ssoUid whose session ended on the page; absent for a visitor who arrived signed out. */
  account?: string;
  at: number;
}

function read(): Stored | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.get('redirect') ?? 'null');
  } catch {
    return undefined;
  }
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { path, account, at } = stored as Record<string, unknown>;
  if (typeof path !== 'string' || typeof at !== 'number') return undefined;
  if (!(Date.now() - at < DESTINATION_MAX_AGE_MS && at <= Date.now())) return undefined;
  return { path, at, ...(typeof account === 'string' ? { account } : {}) };
}

/** Whether a login of `account` (undefined: the login did not say) continues this destination. */
const continues = (stored: Stored, account: string | undefined) =>
  stored.account === undefined || stored.account === account;

/** Remembers where the visitor was sent to log in from, for the login of `account` (or anyone's). */
export function storeDestination(path: string, account: string | undefined): void {
  storage.set('redirect', JSON.stringify({ path, ...(account ? { account } : {}), at: Date.now() }));
}

export function forgetDestination(): void {
  storage.remove('redirect');
}

/** A login of `account`: a destination that is not its continuation (or is stale) goes. */
export function keepOnlyContinuationOf(account: string | undefined): void {
  const stored = read();
  if (!stored || !continues(stored, account)) forgetDestination();
}

/**
 * The stored destination, used once, when it is a path of this origin and `account`'s (an
 * unknown account takes what its login kept: keepOnlyContinuationOf ran then).
 */
export function takeDestination(account?: string): string | null {
  const stored = read();
  forgetDestination();
  if (!stored || (account !== undefined && !continues(stored, account))) return null;
  return ownPath(stored.path) ?? null;
}
