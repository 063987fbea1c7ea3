/**
 * Third-party logins (spec §7 login/oauthaddress, login/oauth, login/bind). The "third party" is
 * the local UAA itself: oauthaddress points at its simulated consent page (routes/consent.ts),
 * whose Approve hands the product's callback route a code that login/oauth exchanges here.
 */
import type { Router } from 'express';
import type { OauthAddressData, OauthProvider } from '@shared/contract/login';
import type { Locale } from '@shared/i18n/locale';
import { DEV_PATHS } from '@shared/api/dev-paths';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { ROUTES } from '@shared/routes';
import { currentUser } from '../auth';
import { parseRequest } from '../input';
import { localText } from '../messages';
import { requestLocale, sendOk, UaaError } from '../reply';
import { assertCanSignIn, sendLoginReply } from '../sign-in';
import type { Store } from '../store';
import { requestOrigin, type RouteDeps } from './deps';

/** The product's callback route for each third party (spec §2). */
export const CALLBACK_ROUTES: Record<OauthProvider, string> = {
  github: ROUTES.githubLogin,
  wechat: ROUTES.wechat,
  carsi: ROUTES.carsiLogin,
};

/** The app id the local UAA's WeChat addresses carry (WeChat's own stand-in may check it is there). */
export const LOCAL_WECHAT_APPID = 'wx0000000000000000';

/** WeChat's website QR login: its documented query, and the fragment WeChat expects. */
export function wechatQrAddress(qrUrl: string, redirectUri: string, state: string, locale: Locale): string {
  const query = new URLSearchParams({
    appid: LOCAL_WECHAT_APPID,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'snsapi_login',
    state,
    lang: locale === 'en-US' ? 'en' : 'cn',
  });
  return `${qrUrl}?${query}#wechat_redirect`;
}

function redeem(store: Store, code: string, from: OauthProvider): string {
  const subject = store.oauthCodes.redeem(code, from);
  if (subject === null) throw new UaaError('A0202', 200, localText('oauthCodeInvalid'));
  return subject;
}

export function registerOauthRoutes(router: Router, deps: RouteDeps): void {
  const { store, publicUrl, wechatQrUrl, requireAuth } = deps;

  router.post(ENDPOINTS.oauthAddress.path, (req, res) => {
    const body = parseRequest(req, ENDPOINTS.oauthAddress);
    const origin = requestOrigin(req, publicUrl);
    const redirectUri = `${origin}${CALLBACK_ROUTES[body.oauthFrom]}`;
    if (body.oauthFrom === 'wechat' && wechatQrUrl) {
      const oauthAddress = wechatQrAddress(wechatQrUrl, redirectUri, body.state ?? '', requestLocale(req));
      return sendOk(res, { oauthAddress } satisfies OauthAddressData);
    }
    const query = new URLSearchParams({
      state: body.state ?? '',
      redirect_uri: redirectUri,
      lang: requestLocale(req),
    });
    if (body.type !== undefined) query.set('type', body.type);
    const oauthAddress = `${origin}${DEV_PATHS.oauth(body.oauthFrom)}?${query}`;
    sendOk(res, { oauthAddress } satisfies OauthAddressData);
  });

  // An identity seen for the first time gets a new account bound to it (no username yet).
  router.post(ENDPOINTS.loginOauth.path, (req, res) => {
    const body = parseRequest(req, ENDPOINTS.loginOauth);
    const subject = redeem(store, body.code, body.oauthFrom);
    const user =
      store.users.findByIdentity(body.oauthFrom, subject) ??
      store.users.create({
        ...store.users.identityPatch(body.oauthFrom, subject),
        createBy: body.source ?? '',
      });
    assertCanSignIn(user);
    sendLoginReply(res, store, user, body.autoLogin ?? false);
  });

  // Binding is self-service once; changing a binding is a support request (spec §9).
  router.post(ENDPOINTS.loginBind.path, requireAuth, (req, res) => {
    const body = parseRequest(req, ENDPOINTS.loginBind);
    const user = currentUser(res);
    const subject = redeem(store, body.code, body.oauthFrom);
    const owner = store.users.findByIdentity(body.oauthFrom, subject);
    if (owner && owner.ssoUid !== user.ssoUid) {
      throw new UaaError('A0214', 200, localText('identityBoundElsewhere'));
    }
    if (!owner && store.users.hasIdentity(user, body.oauthFrom)) {
      throw new UaaError('A0213', 200, localText('identityAlreadyBound'));
    }
    const bound = store.users.update(user.ssoUid, store.users.identityPatch(body.oauthFrom, subject)) ?? user;
    sendLoginReply(res, store, bound, body.autoLogin ?? true);
  });
}
