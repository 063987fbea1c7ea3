/**
 * The calls a visitor and a member make for themselves (spec §7): the captcha, the logins, the
 * registrations, the user info and the member's own account, the password reset, whose modules
 * the user may open, and tracking. The pages of every visitor load these; the access keys'
 * (credential-endpoints.ts) and the back office's (admin-endpoints.ts) come with their own pages.
 */
import { z } from 'zod/mini';
import { get, post, type Endpoint } from './endpoint';
import * as login from './login';
import { userResListData, userResListRequest } from './modules';
import * as personal from './personal';
import * as register from './register';
import { trackingRequest } from './tracking';

export const USER_ENDPOINTS = {
  captcha: post('/api/v1/verifyCode/captcha', { open: true, request: login.captchaRequest }),
  loginSmsCode: post('/api/v1/login/getSmsCode', {
    identifier: 'phone',
    sendsCode: true,
    request: login.smsCodeRequest,
  }),
  loginByPhone: post('/api/v1/login/byPhone', {
    open: true,
    identifier: 'phone',
    request: login.loginByPhoneRequest,
    reply: login.loginData,
  }),
  loginByAccount: post('/api/v1/login/byAccount', {
    open: true,
    identifier: 'account',
    request: login.loginByAccountRequest,
    reply: login.loginData,
  }),
  oauthAddress: post('/api/v1/login/oauthaddress', {
    request: login.oauthAddressRequest,
    reply: login.oauthAddressData,
  }),
  loginOauth: post('/api/v1/login/oauth', {
    request: login.oauthLoginRequest,
    reply: login.loginData,
  }),
  loginBind: post('/api/v1/login/bind', {
    request: login.oauthBindRequest,
    reply: login.loginData,
  }),
  userInfo: post('/api/v1/login/getUserInfo', { reply: personal.userInfo }),
  locationInfo: get('/api/v1/login/getLocationInfo', { reply: login.locationData }),
  internalAuth: post('/api/v1/internal/auth', {
    open: true,
    request: login.internalAuthRequest,
    reply: login.internalAuthData,
  }),
  registerCheck: post('/api/v1/register/check', {
    silent: true,
    identifier: 'item',
    request: register.registerCheckRequest,
    reply: personal.existData,
  }),
  registerByPhone: post('/api/v1/register/byPhone', {
    identifier: 'phone',
    request: register.registerByPhoneRequest,
    reply: register.registerByPhoneData,
  }),
  registerByEmail: post('/api/v1/register/byEmail', {
    identifier: 'email',
    request: register.registerByEmailRequest,
    reply: register.registerByEmailData,
  }),
  registerSmsCode: post('/api/v1/register/getSmsCode', {
    identifier: 'phone',
    sendsCode: true,
    request: login.smsCodeRequest,
  }),
  registerActive: post('/api/v1/register/active', {
    request: register.activeRequest,
    reply: register.activeData,
  }),
  deactivate: get('/api/v1/register/deactivate'),
  usernameCheck: post('/api/v1/personal/username/check', {
    silent: true,
    request: personal.usernameRequest,
    reply: personal.existData,
  }),
  usernameSet: post('/api/v1/personal/username/set', {
    inferred: true,
    request: personal.usernameRequest,
    reply: personal.userInfo,
  }),
  infoUpdate: post('/api/v1/personal/info/update', {
    request: personal.infoUpdateRequest,
    reply: personal.userInfo,
  }),
  mobileBind: post('/api/v1/personal/mobile/bind', {
    identifier: 'phone',
    request: personal.mobileBindRequest,
    reply: personal.userInfo,
  }),
  emailBind: post('/api/v1/personal/email/bind', {
    identifier: 'email',
    request: personal.emailBindRequest,
    reply: personal.userInfo,
  }),
  passwordUpdate: post('/api/v1/personal/password/update', { request: personal.passwordUpdateRequest }),
  messageCode: post('/api/v1/personal/message/code', {
    identifier: 'item',
    sendsCode: true,
    request: personal.messageCodeRequest,
  }),
  messageCodeCheck: post('/api/v1/personal/message/code/check', {
    identifier: 'item',
    request: personal.messageCodeCheckRequest,
  }),
  itemCheck: post('/api/v1/personal/item/check', {
    identifier: 'item',
    request: personal.itemCheckRequest,
    reply: z.boolean(),
  }),
  logoutAll: post('/api/v1/logout/all'),
  passwordForget: post('/api/v1/user/management/password/forget', {
    identifier: 'item',
    sendsCode: true,
    request: personal.passwordForgetRequest,
  }),
  passwordReset: post('/api/v1/user/management/password/reset', {
    identifier: 'item',
    request: personal.passwordResetRequest,
  }),
  pubKey: post('/api/v1/cipher/getPubKey', { reply: login.pubKeyData }),
  userResList: post('/api/v1/role/management/user/res/list', {
    request: userResListRequest,
    reply: userResListData,
  }),
  trackingCollect: post('/api/v1/tracking/collect', { inferred: true, request: trackingRequest }),
} as const satisfies Record<string, Endpoint>;

/**
 * Whether a call is made for the account its page shows (issue 40): every call that carries the
 * session, except the two a tab needs whoever is signed in now (whose session it is, and leaving
 * it). The SPA names that account on these calls (HEADERS.account) and the BFF refuses one named
 * for another account than the session's.
 */
export function actsForShownAccount(endpoint: Endpoint): boolean {
  return !endpoint.open && endpoint !== USER_ENDPOINTS.userInfo && endpoint !== USER_ENDPOINTS.logoutAll;
}
