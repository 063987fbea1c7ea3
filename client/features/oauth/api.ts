/**
 * Third-party logins' callback side (spec §2): the callback page in the popup exchanges the code,
 * steers the opener and closes; WeChat's QR login keeps its journey across the round trip. The
 * popup itself is opened by lib/oauth-popup.ts.
 */
import type { LoginReply } from '@shared/contract/login';
import { originAllowed } from '@shared/origins';
import { ROUTES } from '@shared/routes';
import { call } from '@client/lib/api/client';
import { USER_ENDPOINTS } from '@shared/contract/user-endpoints';
import {
  BIND_TYPE,
  LOGIN_MESSAGE_TYPE,
  LOGIN_TYPE,
  popupOpenerOrigin,
  startOauthJourney,
  takeOauthJourney,
  type OauthJourney,
  type OauthProvider,
} from '@client/lib/oauth-popup';
import { runtimeConfig } from '@client/lib/runtime-config';
import { safeHref } from '@client/lib/safe-href';
import { storage } from '@client/lib/storage';

export const POPUP_CLOSE_DELAY_MS = 500;

/** The address of WeChat's QR page for a login or (from the user centre) a bind. */
export async function wechatAddress(
  journey: Pick<OauthJourney, 'purpose' | 'search'> = { purpose: 'login', search: '' },
): Promise<string> {
  // The query of the page it started from is kept too: WeChat's round trip brings back only code and state.
  const opener = journey.purpose === 'login' ? popupOpenerOrigin() : null;
  const state = startOauthJourney({ ...journey, provider: 'wechat', opener });
  const reply = await call(USER_ENDPOINTS.oauthAddress, {
    oauthFrom: 'wechat',
    state,
    // Spec §7's; the callback goes by the journey kept here (callbackJourney), not by a `type` back.
    type: journey.purpose === 'bind' ? BIND_TYPE : LOGIN_TYPE.wechat,
  });
  // The QR frame loads it inside this page: a web address only, never a script.
  const address = safeHref(reply.data?.oauthAddress);
  if (!address) throw new Error('no web address');
  return address;
}

/** Binds the third-party identity of a callback's code to the signed-in account. */
export async function bindCode(provider: 'github' | 'wechat', code: string): Promise<void> {
  await call(USER_ENDPOINTS.loginBind, { code, oauthFrom: provider, autoLogin: true });
}

export async function exchangeCode(
  provider: OauthProvider,
  code: string,
  source: string | null,
): Promise<LoginReply> {
  const reply = await call(USER_ENDPOINTS.loginOauth, {
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

/**
 * The journey `provider`'s callback address belongs to (its `state`), read once: null is a bad
 * state. What the callback does is the journey's purpose, never the address's: a login's code sent
 * on as a bind's (`type=bind`) would bind another's identity to this browser's account, so that
 * address is refused too.
 */
export function callbackJourney(provider: OauthProvider, params: URLSearchParams): OauthJourney | null {
  const journey = takeOauthJourney(params.get('state'));
  if (journey?.provider !== provider) return null;
  return journey.purpose === 'bind' || params.get('type') !== BIND_TYPE ? journey : null;
}
