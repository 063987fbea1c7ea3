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

/** Opens the popup first (inside the click, so no blocker stops it), then points it at the provider. */
export async function openOauthPopup(
  provider: OauthProvider,
  purpose: 'login' | 'bind' = 'login',
): Promise<boolean> {
  const left = Math.max(0, (window.screen.width - POPUP_SIZE.width) / 2);
  const top = Math.max(0, (window.screen.height - POPUP_SIZE.height) / 2);
  const popup = window.open(
    '',
    `sso-${provider}`,
    `popup=yes,width=${POPUP_SIZE.width},height=${POPUP_SIZE.height},left=${left},top=${top}`,
  );
  const state = newState();
  storage.set('oauth-state', state);
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

/**
 * What a WeChat QR login started with: a login or a bind, and the query of the page it started
 * from (clientId, redirect, redirect_url, …), which WeChat's round trip (back to /wechat with
 * only code and state) would otherwise lose. Kept with the OAuth state it belongs to.
 */
export interface WechatJourney {
  purpose: 'login' | 'bind';
  search: string;
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
    return { purpose: value.purpose === 'bind' ? 'bind' : 'login', search: value.search };
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
  storage.set('wechat-journey', JSON.stringify({ state, ...journey }));
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
 * Tells the opener the login succeeded. A same-origin opener is steered directly; a
 * cross-origin opener (an embedding sub-platform) gets a postMessage, but only when its origin
 * is one of the allowed opener origins.
 */
export function notifyOpener(opener: Window): 'steered' | 'messaged' | 'refused' {
  try {
    const search = opener.location.search; // throws for a cross-origin opener
    opener.location.assign(openerDestination(search));
    return 'steered';
  } catch {
    const allowed = runtimeConfig().openerOrigins;
    const declared = new URLSearchParams(window.location.search).get('openerOrigin') ?? document.referrer;
    let origin: string | undefined;
    try {
      origin = declared ? new URL(declared).origin : undefined;
    } catch {
      origin = undefined;
    }
    if (!origin || !originAllowed(origin, allowed)) return 'refused';
    opener.postMessage({ type: LOGIN_MESSAGE_TYPE }, origin);
    return 'messaged';
  }
}

export function takeOauthState(): string | null {
  return storage.take('oauth-state');
}
