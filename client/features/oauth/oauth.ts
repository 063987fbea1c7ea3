/**
 * Third-party logins' callback side (spec §2): the callback page in the popup exchanges the code,
 * steers the opener and closes; WeChat's QR login keeps its journey across the round trip. The
 * popup itself is opened by lib/oauth-popup.ts.
 */
import type { LoginReply } from '@shared/contract/login';
import { originAllowed } from '@shared/origins';
import { ROUTES } from '@shared/routes';
import { call } from '@client/lib/api/client';
import {
  BIND_TYPE,
  LOGIN_MESSAGE_TYPE,
  LOGIN_TYPE,
  newState,
  popupOpenerOrigin,
  type OauthProvider,
} from '@client/lib/oauth-popup';
import { runtimeConfig } from '@client/lib/runtime-config';
import { safeHref } from '@client/lib/safe-href';
import { storage } from '@client/lib/storage';

export const POPUP_CLOSE_DELAY_MS = 500;

/** The other site a popup-mode login started with `state` is for (read once); else null. */
export function takeOauthOpener(state: string): string | null {
  try {
    const value = JSON.parse(storage.take('oauth-opener') ?? 'null') as {
      state?: unknown;
      origin?: unknown;
    } | null;
    return value && value.state === state && typeof value.origin === 'string' ? value.origin : null;
  } catch {
    return null;
  }
}

/**
 * What a WeChat QR login started with: a login or a bind, and the query of the page it started
 * from (clientId, redirect, redirect_url, …), which WeChat's round trip (back to /wechat with
 * only code and state) would otherwise lose. Kept with the OAuth state it belongs to.
 */
export interface WechatJourney {
  purpose: 'login' | 'bind';
  search: string;
  /** Popup mode: the other site whose login popup this is (popupOpenerOrigin at the start). */
  opener?: string | null;
}

/** The journey started with `state`, read once; null when none was kept (or another QR's was). */
export function takeWechatJourney(state: string): WechatJourney | null {
  try {
    // Only the journey of the QR shown last is kept, with its state.
    const value = JSON.parse(storage.take('wechat-journey') ?? 'null') as
      (Partial<WechatJourney> & { state?: unknown }) | null;
    if (!value || value.state !== state || typeof value.search !== 'string') return null;
    return {
      purpose: value.purpose === 'bind' ? 'bind' : 'login',
      search: value.search,
      opener: typeof value.opener === 'string' ? value.opener : null,
    };
  } catch {
    return null;
  }
}

/** The address of WeChat's QR page for a login or (from the user centre) a bind. */
export async function wechatAddress(
  journey: WechatJourney = { purpose: 'login', search: '' },
): Promise<string> {
  const state = newState();
  storage.set('oauth-state', state);
  const opener = journey.purpose === 'login' ? popupOpenerOrigin() : null;
  storage.set('wechat-journey', JSON.stringify({ state, ...journey, opener }));
  const reply = await call('oauthAddress', {
    oauthFrom: 'wechat',
    state,
    // As for GitHub: a provider that hands `type` back tells the callback it is a bind.
    type: journey.purpose === 'bind' ? BIND_TYPE : LOGIN_TYPE.wechat,
  });
  // The QR frame loads it inside this page: a web address only, never a script.
  const address = safeHref(reply.data?.oauthAddress);
  if (!address) throw new Error('no web address');
  return address;
}

/** Binds the third-party identity of a callback's code to the signed-in account. */
export async function bindCode(provider: 'github' | 'wechat', code: string): Promise<void> {
  await call('loginBind', { code, oauthFrom: provider, autoLogin: true });
}

export async function exchangeCode(
  provider: OauthProvider,
  code: string,
  source: string | null,
): Promise<LoginReply> {
  const reply = await call('loginOauth', {
    code,
    oauthFrom: provider,
    autoLogin: false,
    source: source ?? undefined,
  });
  storage.set('type', LOGIN_TYPE[provider]);
  return reply;
}

/** Where the opener goes after a popup login (spec §2 /carsi-login): /authentication keeping its query, else /usercenter. */
export function openerDestination(openerSearch: string): string {
  const params = new URLSearchParams(openerSearch);
  return params.get('clientId') && params.get('redirect')
    ? `${ROUTES.authentication}${openerSearch}`
    : ROUTES.usercenter;
}

/**
 * Tells the window that opened this popup that the login succeeded. A page of this origin is
 * steered on; another site's page only when it is the one the login started for (`openerOrigin`,
 * popup mode, still allowed), by a message addressed to that origin. Any other opener is told
 * nothing ('refused'): the popup then goes on by itself.
 */
export function notifyOpener(
  opener: Window,
  openerOrigin: string | null,
): 'steered' | 'messaged' | 'refused' {
  try {
    const search = opener.location.search; // throws for another site's page
    opener.location.assign(openerDestination(search));
    return 'steered';
  } catch {
    if (!openerOrigin || !originAllowed(openerOrigin, runtimeConfig().openerOrigins)) return 'refused';
    opener.postMessage({ type: LOGIN_MESSAGE_TYPE }, openerOrigin);
    return 'messaged';
  }
}

export function takeOauthState(): string | null {
  return storage.take('oauth-state');
}
