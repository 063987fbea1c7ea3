/**
 * Third-party logins (spec §2) start here: GitHub and the academic federation (CARSI) open a
 * 1000x800 popup (the login page's buttons, the user centre's binds); the callback side is the
 * oauth feature's.
 */
import { OAUTH_PROVIDERS, type OauthProvider } from '@shared/contract/login';
import { allowedOriginOf } from '@shared/origins';
import { ROUTES } from '@shared/routes';
import { call } from './api/client';
import { USER_ENDPOINTS } from '@shared/contract/user-endpoints';
import { runtimeConfig } from './runtime-config';
import { safeHref } from './safe-href';
import { storage } from './storage';

export type { OauthProvider };
export const POPUP_SIZE = { width: 1000, height: 800 } as const;
export const LOGIN_MESSAGE_TYPE = 'sso-login-success';

/** Login type persisted after a login (spec §3: 3 GitHub, 4 WeChat, 5 CARSI). */
export const LOGIN_TYPE: Record<OauthProvider, string> = { github: '3', wechat: '4', carsi: '5' };
/** The `type` a bind carries through the provider back to the callback page. */
export const BIND_TYPE = 'bind';

function newState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A third-party login or bind this browser started, kept with its state until its callback. */
export interface OauthJourney {
  provider: OauthProvider;
  purpose: 'login' | 'bind';
  /** Popup mode: the other site whose login popup this is (popupOpenerOrigin at the start). */
  opener: string | null;
  /** WeChat's: the query of the page it started from, which the round trip would lose. */
  search: string;
}

/** How long a journey waits for its callback: Keycloak's default login timeout. */
export const OAUTH_JOURNEY_MAX_AGE_MS = 30 * 60_000;

/** Keeps `journey` (the only one: a new one replaces it) under a new state, which it returns. */
export function startOauthJourney(journey: OauthJourney): string {
  const state = newState();
  storage.set('oauth-journey', JSON.stringify({ ...journey, state, startedAt: Date.now() }));
  return state;
}

/**
 * The journey the callback's `state` belongs to, read once; null when none was started in this
 * browser, another was started since, or it is older than OAUTH_JOURNEY_MAX_AGE_MS. A state left
 * in a shared browser is then no key to its next user's account.
 */
export function takeOauthJourney(state: string | null): OauthJourney | null {
  try {
    const kept = JSON.parse(storage.take('oauth-journey') ?? 'null') as
      (Partial<OauthJourney> & { state?: unknown; startedAt?: unknown }) | null;
    const age = Date.now() - Number(kept?.startedAt);
    if (!kept || !state || kept.state !== state || !(age >= 0 && age <= OAUTH_JOURNEY_MAX_AGE_MS))
      return null;
    const provider = OAUTH_PROVIDERS.find((name) => name === kept.provider);
    if (!provider) return null;
    return {
      provider,
      purpose: kept.purpose === 'bind' ? 'bind' : 'login',
      opener: typeof kept.opener === 'string' ? kept.opener : null,
      search: typeof kept.search === 'string' ? kept.search : '',
    };
  } catch {
    return null;
  }
}

/**
 * The origin the page that opened (or embeds) this one declared with `openerOrigin`, else the one
 * this page's address came from (the referrer), when the product may talk to it (the runtime
 * config's opener origins); else null. Who really receives a message is the browser's check:
 * postMessage delivers only to a window of the origin it names.
 */
export function declaredOpenerOrigin(): string | null {
  const declared = new URLSearchParams(window.location.search).get('openerOrigin') ?? document.referrer;
  return allowedOriginOf(declared, runtimeConfig().openerOrigins);
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
  const state = startOauthJourney({ provider, purpose, opener, search: '' });
  try {
    const reply = await call(USER_ENDPOINTS.oauthAddress, {
      oauthFrom: provider,
      state,
      // Spec §7's; the callback goes by the journey kept here, not by a `type` handed back.
      type: purpose === 'bind' ? BIND_TYPE : LOGIN_TYPE[provider],
    });
    const address = safeHref(reply.data?.oauthAddress);
    if (!address) throw new Error('no web address');
    if (popup) popup.location.href = address;
    else window.location.assign(address);
    return true;
  } catch {
    popup?.close();
    return false;
  }
}

/** The user centre's WeChat bind opens /wechat with `?purpose=bind`. */
export const WECHAT_BIND_PURPOSE = 'bind';
export const WECHAT_BIND_PATH = `${ROUTES.wechat}?purpose=${WECHAT_BIND_PURPOSE}`;
