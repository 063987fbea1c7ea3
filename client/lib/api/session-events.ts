/**
 * What spec §4 says happens on 401 and 403, kept outside React so the HTTP client can trigger
 * it: 401 sends the user to /login (keeping the query when redirect and clientId are present,
 * otherwise storing the current path as the redirect); 403 turns the permission flag off.
 */
import { useSyncExternalStore } from 'react';
import { mutate } from 'swr';
import { ROUTES } from '@shared/routes';
import { storage } from '../storage';
import { SWR_KEYS } from './swr-keys';

let permitted = true;
const listeners = new Set<() => void>();

export function setPermitted(value: boolean): void {
  if (permitted === value) return;
  permitted = value;
  listeners.forEach((l) => l());
}

export function usePermitted(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => permitted,
    // A page the BFF renders, and its hydration, start as every page load does: permitted.
    () => true,
  );
}

export function loginTarget(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const query = new URLSearchParams(location.search);
  if (query.get('redirect') && query.get('clientId'))
    return `${ROUTES.login}${location.search}${location.hash}`;
  if (location.pathname !== ROUTES.login) storage.set('redirect', `${location.pathname}${location.search}`);
  return ROUTES.login;
}

let navigateTo: (path: string) => void = (path) => window.location.assign(path);

/** The router registers its navigate so a 401 does not reload the page. */
export function registerNavigate(fn: (path: string) => void): void {
  navigateTo = fn;
}

/**
 * The session is over: the cached session answer says so before the move to /login, else the
 * login page, trusting the old answer, sends the visitor back here and the next 401 stores a
 * redirect without the query. Later 401s of the same burst find the visitor on /login already.
 */
export function onUnauthorized(): void {
  if (window.location.pathname === ROUTES.login) return;
  endSession();
  expired = true;
  navigateTo(loginTarget(window.location));
}

let expired = false;
/**
 * Whether this tab's session ended under the visitor (a 401 mid-task), so that the login page
 * says why it appeared (spec §8 "identity expired") until the next login.
 */
export function sessionExpired(): boolean {
  return expired;
}

/**
 * The session is over (a logout, a 401): whatever the cache holds of the user goes with it, the
 * user's info, modules and lists, so that the next user of the tab starts with nothing of theirs.
 */
export function endSession(): void {
  forgetUserData();
  void mutate(SWR_KEYS.session, { authenticated: false }, { revalidate: false });
}

/** A login on this tab: it starts with nothing of whoever was here before (their info, lists). */
export async function startSession(): Promise<void> {
  expired = false;
  // Also forgets the calls of the session before (their answers are not this one's): a page that
  // asks again within the data library's 2 s of deduplication gets a fresh answer, not nothing.
  forgetUserData({ revalidate: true });
  await mutate(SWR_KEYS.session, { authenticated: true }, { revalidate: false });
}

const sessionListeners = new Set<() => void>();
/** Called when a session ends or begins on this tab (the rendered page's data then goes). */
export function onSessionChange(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => void sessionListeners.delete(listener);
}

function forgetUserData({ revalidate = false } = {}): void {
  sessionListeners.forEach((listener) => listener());
  void mutate((key) => key !== SWR_KEYS.session, undefined, { revalidate });
}
