/**
 * What spec §4 says happens on 401 and 403, kept outside React so the HTTP client can trigger
 * it: 401 sends the user to /login (keeping the query when redirect and clientId are present,
 * otherwise storing the current path as the redirect); 403 turns the permission flag off. And
 * whose session this tab shows (issue 40): the account it acts for, learned from its login or its
 * user info, and what other tabs of the browser say of their logins and logouts.
 */
import { useSyncExternalStore } from 'react';
import { mutate } from 'swr';
import { ROUTES } from '@shared/routes';
import { forgetDestination, storeDestination } from '../destination';
import { forgetDraft } from '../form-draft';
import { tabStorage } from '../storage';
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

/**
 * Where a visitor goes to log in from a page. The page is kept as the login's destination for the
 * account it showed; not when the visitor left by logging out (here or in another tab), nor once
 * the 401 that ended the session here has kept its own (the guard that follows knows no account).
 */
export function loginTarget(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  const query = new URLSearchParams(location.search);
  if (query.get('redirect') && query.get('clientId'))
    return `${ROUTES.login}${location.search}${location.hash}`;
  if (location.pathname !== ROUTES.login && !leftByLogout && !expired)
    storeDestination(`${location.pathname}${location.search}`, shown);
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
  // The destination is the account's whose page this was: named before the session forgets it.
  const target = loginTarget(window.location);
  endSession();
  expired = true;
  navigateTo(target);
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
  shown = undefined;
  forgetUserData();
  void mutate(SWR_KEYS.session, { authenticated: false }, { revalidate: false });
}

let leftByLogout = false;
/**
 * The person logged out (here, or in another tab): the session ends, and no page is kept as the
 * next login's destination, nor a form's draft, whoever logs in next (issue 40).
 */
export function signedOut({ tellOthers = true } = {}): void {
  leftByLogout = true;
  forgetDestination();
  forgetDraft();
  endSession();
  if (tellOthers) tellOtherTabs({ kind: 'logout' });
}

/**
 * A login on this tab, of `account` when its reply says: it starts with nothing of whoever was
 * here before (their info, lists), and the other tabs learn whose session the browser has now.
 */
export async function startSession(account?: string): Promise<void> {
  expired = false;
  leftByLogout = false;
  shown = account;
  tellOtherTabs({ kind: 'login', ...(account ? { account } : {}) });
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

/** The account (ssoUid) this tab shows and acts for; undefined until its login or user info says. */
let shown: string | undefined;

/** The account the calls of this tab are made for (the client names it: HEADERS.account). */
export function shownAccount(): string | undefined {
  return shown;
}

/**
 * Whose session this is, as a user info reply (or the page's first screen) says. Another account
 * than the one this tab showed means the browser's session changed under it: the page is
 * reloaded as the new account's, and says why.
 */
export function noteAccount(account: string): void {
  if (shown !== undefined && shown !== account) return reloadForAnotherAccount();
  shown = account;
}

const RELOADED_NOTICE = 'reloaded-for-another-account';
let reloading = false;

/**
 * The browser is signed in as another account than this page shows (a login in another tab, or
 * the BFF's refusal of a call made for the old one): the page is loaded again, as whoever is
 * signed in now, and says why once it is back (takeReloadNotice).
 */
export function reloadForAnotherAccount(): void {
  if (reloading) return;
  reloading = true;
  shown = undefined;
  tabStorage.set(RELOADED_NOTICE, '1');
  reloadPage();
}

let reloadPage = () => window.location.reload();
/** Tests replace the reload (jsdom cannot reload). */
export function registerReload(fn: () => void): void {
  reloadPage = fn;
  reloading = false;
}

/** Whether this load follows a reload for another account (said once). */
export function takeReloadNotice(): boolean {
  return tabStorage.take(RELOADED_NOTICE) !== null;
}

/** What a tab tells the others of the browser (the session cookie is theirs too). */
export type SessionMessage = { kind: 'login'; account?: string } | { kind: 'logout' };

const CHANNEL_NAME = 'uaa-session';
let channel: BroadcastChannel | undefined;

function tellOtherTabs(message: SessionMessage): void {
  try {
    channel?.postMessage(message);
  } catch {
    // A closed channel: the other tabs learn at their next call (the BFF refuses it).
  }
}

/**
 * What this tab does when another logs in or out: a logout ends this tab's session too (to the
 * login page, no destination kept); a login of another account than this tab shows reloads it
 * as that account's; a login that did not say whose asks the UAA.
 */
export function onOtherTab(message: SessionMessage, checkAccount: () => void): void {
  if (message.kind === 'logout') return signedOut({ tellOthers: false });
  if (shown === undefined) return void mutate(SWR_KEYS.session);
  if (message.account === undefined) return checkAccount();
  if (message.account !== shown) reloadForAnotherAccount();
}

/** A tab that comes back into view asks whose session it is at most this often. */
const RECHECK_MS = 5000;

/**
 * Watches for a session that changes under this tab (once, in the browser): what the other tabs
 * say (BroadcastChannel), and, for what no tab said (a session that expired, a login elsewhere
 * without the app), whose session it is whenever the tab comes back into view or focus, before
 * the person can act in it.
 */
export function watchSessionChanges(checkAccount: () => void): void {
  if (watching) return;
  watching = true;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent<SessionMessage>) => {
      const message = event.data;
      if (message?.kind === 'login' || message?.kind === 'logout') onOtherTab(message, checkAccount);
    };
  }
  let lastCheck = 0;
  const recheck = () => {
    if (shown === undefined || document.visibilityState !== 'visible') return;
    if (Date.now() - lastCheck < RECHECK_MS) return;
    lastCheck = Date.now();
    checkAccount();
  };
  window.addEventListener('focus', recheck);
  document.addEventListener('visibilitychange', recheck);
}
let watching = false;
