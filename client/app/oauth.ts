/**
 * Third-party logins (spec §2): GitHub and the academic federation (CARSI) open a 1000x800
 * popup; the callback page in the popup exchanges the code, steers the opener and closes.
 */
import type { LoginReply } from '@shared/api/types';
import { originAllowed } from '@shared/origins';
import { ROUTES } from '@shared/routes';
import { call } from '../api/client';
import { runtimeConfig } from './runtime-config';
import { storage } from './storage';

export type OauthProvider = 'github' | 'wechat' | 'carsi';
export const POPUP_SIZE = { width: 1000, height: 800 } as const;
export const POPUP_CLOSE_DELAY_MS = 500;
export const LOGIN_MESSAGE_TYPE = 'sso-login-success';

/** Login type persisted after a login (spec §3: 3 GitHub, 4 WeChat, 5 CARSI). */
export const LOGIN_TYPE: Record<OauthProvider, string> = { github: '3', wechat: '4', carsi: '5' };
/** The `type` a bind carries through the provider back to the callback page. */
export const BIND_TYPE = 'bind';

function newState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The origin the page that opened (or embeds) this one declared with `openerOrigin`, else the one
 * this page's address came from (the referrer), when the product may talk to it (the runtime
 * config's opener origins); else null. Who really receives a message is the browser's check:
 * postMessage delivers only to a window of the origin it names.
 */
export function declaredOpenerOrigin(): string | null {
  const declared = new URLSearchParams(window.location.search).get('openerOrigin') ?? document.referrer;
  try {
    const origin = new URL(declared).origin;
    return originAllowed(origin, runtimeConfig().openerOrigins) ? origin : null;
  } catch {
    return null;
  }
}

/** Whether this window was opened by another site's page (one whose address it cannot read). */
function openedByAnotherSite(): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return false;
  try {
    void opener.location.href; // readable for a page of this origin only
    return false;
  } catch {
    return true;
  }
}

/**
 * Spec §4's popup mode: this window is the login popup of another site the product may tell of
 * a login. Its origin; else null (no opener, a page of ours, or a site that is not allowed).
 */
export function popupOpenerOrigin(): string | null {
  if (!openedByAnotherSite()) return null;
  const origin = declaredOpenerOrigin();
  return origin === window.location.origin ? null : origin;
}

/**
 * Opens the popup first (inside the click, so no blocker stops it), then points it at the
 * provider. In popup mode the provider's page opens in this window instead: its callback then has
 * the other site as its opener, and tells it (the origin is kept with the state, as the address
 * the provider sends back carries neither).
 */
export async function openOauthPopup(
  provider: OauthProvider,
  purpose: 'login' | 'bind' = 'login',
): Promise<boolean> {
  const opener = purpose === 'login' ? popupOpenerOrigin() : null;
  const left = Math.max(0, (window.screen.width - POPUP_SIZE.width) / 2);
  const top = Math.max(0, (window.screen.height - POPUP_SIZE.height) / 2);
  const popup = opener
    ? null
    : window.open(
        '',
        `sso-${provider}`,
        `popup=yes,width=${POPUP_SIZE.width},height=${POPUP_SIZE.height},left=${left},top=${top}`,
      );
  const state = newState();
  storage.set('oauth-state', state);
  if (opener) storage.set('oauth-opener', JSON.stringify({ state, origin: opener }));
  else storage.remove('oauth-opener');
  try {
    const reply = await call<{ oauthAddress?: string }>('oauthAddress', {
      oauthFrom: provider,
      state,
      // Passed back to the callback, which then binds instead of logging in.
      type: purpose === 'bind' ? BIND_TYPE : LOGIN_TYPE[provider],
    });
    const address = reply.data?.oauthAddress;
    if (!address) throw new Error('no address');
    if (popup) popup.location.href = address;
    else window.location.assign(address);
    return true;
  } catch {
    popup?.close();
    return false;
  }
}

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

/** The user centre's WeChat bind opens /wechat with `?purpose=bind`. */
export const WECHAT_BIND_PURPOSE = 'bind';
export const WECHAT_BIND_PATH = `${ROUTES.wechat}?purpose=${WECHAT_BIND_PURPOSE}`;

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
): Promise<string | undefined> {
  const state = newState();
  storage.set('oauth-state', state);
  const opener = journey.purpose === 'login' ? popupOpenerOrigin() : null;
  storage.set('wechat-journey', JSON.stringify({ state, ...journey, opener }));
  const reply = await call<{ oauthAddress?: string }>('oauthAddress', {
    oauthFrom: 'wechat',
    state,
    // As for GitHub: a provider that hands `type` back tells the callback it is a bind.
    type: journey.purpose === 'bind' ? BIND_TYPE : LOGIN_TYPE.wechat,
  });
  return reply.data?.oauthAddress;
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
  const reply = await call<LoginReply['data'], LoginReply>('loginOauth', {
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
