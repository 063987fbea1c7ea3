/**
 * Every call of spec §7, once: method, path, open or bearer, token-issuing, silent, the
 * rate-limit identifier field, and the request and reply schemas (`reply` is the envelope's
 * `data`). Paths are relative to the gateway base (`/gw/uaa-be`) on the browser side and to the
 * UAA root on the upstream side. Calls whose paths the spec does not show carry paths in the same
 * style (marked `inferred`).
 *
 * The SPA's `call` takes its body and reply types from here and checks replies; the local UAA
 * parses requests with these schemas; the BFF reads open calls, identifiers and code senders.
 */
import { z } from 'zod/mini';
import * as admin from './admin';
import * as credential from './credential';
import { noBody, noData } from './fields';
import * as login from './login';
import * as personal from './personal';
import * as register from './register';
import { trackingRequest } from './tracking';

export const GATEWAY_BASE = '/gw/uaa-be';
export const UPLOAD_GATEWAY_BASE = '/gw/upload';

export type HttpMethod = 'GET' | 'POST';

/** The body fields that name the phone, e-mail or account a call is about (rate limits key on them). */
export const IDENTIFIER_FIELDS = ['phone', 'email', 'account', 'item'] as const;
export type IdentifierField = (typeof IDENTIFIER_FIELDS)[number];

export interface EndpointFlags {
  /** Open calls never carry the bearer token (spec §6). */
  readonly open?: boolean;
  /** Failures stay silent in the UI (spec §7). */
  readonly silent?: boolean;
  readonly inferred?: boolean;
  /** The body field naming the call's target: the rate limits read this field and no other. */
  readonly identifier?: IdentifierField;
  /** The call makes the UAA send a code by SMS or e-mail (the abuse shield counts it). */
  readonly sendsCode?: boolean;
}

export interface Endpoint<
  Req extends z.ZodMiniType = z.ZodMiniType,
  Rep extends z.ZodMiniType = z.ZodMiniType,
> extends EndpointFlags {
  readonly method: HttpMethod;
  readonly path: string;
  /** The JSON body (GET calls and the multipart upload take none). */
  readonly request: Req;
  /** The reply envelope's `data` on success. */
  readonly reply: Rep;
}

interface Shape<Req extends z.ZodMiniType, Rep extends z.ZodMiniType> extends EndpointFlags {
  request?: Req;
  reply?: Rep;
}

const endpoint =
  (method: HttpMethod) =>
  <Req extends z.ZodMiniType = typeof noBody, Rep extends z.ZodMiniType = typeof noData>(
    path: string,
    { request, reply, ...flags }: Shape<Req, Rep> = {},
  ): Endpoint<Req, Rep> => ({
    method,
    path,
    ...flags,
    request: (request ?? noBody) as Req,
    reply: (reply ?? noData) as Rep,
  });
const post = endpoint('POST');
const get = endpoint('GET');

export const ENDPOINTS = {
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
  credentialList: post('/api/v1/open/credential/list', {
    request: credential.credentialListRequest,
    reply: z.array(credential.credential),
  }),
  credentialCreate: post('/api/v1/open/credential/create', {
    request: credential.credentialCreateRequest,
    reply: credential.credentialCreateData,
  }),
  credentialRevoke: post('/api/v1/open/credential/revoke', {
    request: credential.credentialRevokeRequest,
    reply: z.optional(credential.credential),
  }),
  credentialEnable: post('/api/v1/open/credential/enable', {
    inferred: true,
    request: credential.akRequest,
    reply: credential.credential,
  }),
  credentialDisable: post('/api/v1/open/credential/disable', {
    inferred: true,
    request: credential.akRequest,
    reply: credential.credential,
  }),
  /** The full secret of one of the caller's keys, so the user centre can show or copy it. */
  credentialSecret: post('/api/v1/open/credential/secret', {
    inferred: true,
    request: credential.akRequest,
    reply: credential.credentialSecretData,
  }),
  roleList: post('/api/v1/role/management/role/list', {
    request: admin.roleListRequest,
    reply: admin.roleListData,
  }),
  userResList: post('/api/v1/role/management/user/res/list', {
    request: admin.userResListRequest,
    reply: admin.userResListData,
  }),
  platformListSource: get('/api/v1/mgmt/platforms/listSource', { reply: z.array(z.string()) }),
  platformList: post('/api/v1/mgmt/platforms/list', {
    request: admin.platformListRequest,
    reply: admin.platformListData,
  }),
  platformDetail: post('/api/v1/mgmt/platforms/detail', {
    request: admin.idRequest,
    reply: admin.platform,
  }),
  platformUpdate: post('/api/v1/mgmt/platforms/update', {
    request: admin.platformUpdateRequest,
    reply: z.optional(admin.platform),
  }),
  platformDelete: post('/api/v1/mgmt/platforms/delete', { request: admin.idsRequest }),
  platformReset: post('/api/v1/mgmt/platforms/reset', {
    request: admin.idsRequest,
    reply: admin.platformResetData,
  }),
  platformAdd: post('/api/v1/mgmt/platforms/add', {
    request: admin.platformAddRequest,
    reply: admin.platformAddData,
  }),
  uploadFile: post('/api/v1/uploadFile?key=user&tag=avatar', { reply: admin.uploadFileData }),
  internalUserList: post('/api/v1/user/admin/internal/list', {
    request: admin.internalUserListRequest,
    reply: admin.internalUserListData,
  }),
  internalUserSearch: post('/api/v1/user/admin/internal/search', {
    request: admin.internalUserSearchRequest,
    reply: admin.internalUserListData,
  }),
  internalUserCreate: post('/api/v1/user/admin/internal/create', {
    request: admin.internalUserCreateRequest,
    reply: admin.internalUser,
  }),
  internalUserUpdate: post('/api/v1/user/admin/internal/update', {
    request: admin.internalUserUpdateRequest,
    reply: admin.internalUser,
  }),
  internalUserDelete: post('/api/v1/user/admin/internal/delete', {
    request: admin.internalUserDeleteRequest,
  }),
  trackingCollect: post('/api/v1/tracking/collect', { inferred: true, request: trackingRequest }),
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;
/** What the SPA may send as a call's body. */
export type RequestOf<N extends EndpointName> = z.input<Endpoints[N]['request']>;
/** A call's body as the UAA reads it. */
export type ParsedRequestOf<N extends EndpointName> = z.output<Endpoints[N]['request']>;
/** A call's checked reply data. */
export type ReplyOf<N extends EndpointName> = z.output<Endpoints[N]['reply']>;

/**
 * Whether a call is made for the account its page shows (issue 40): every call that carries the
 * session, except the two a tab needs whoever is signed in now (whose session it is, and leaving
 * it). The SPA names that account on these calls (HEADERS.account) and the BFF refuses one named
 * for another account than the session's.
 */
export function actsForShownAccount(endpoint: Endpoint): boolean {
  return !endpoint.open && endpoint !== ENDPOINTS.userInfo && endpoint !== ENDPOINTS.logoutAll;
}

/** The static allow-list JSON served beside the API (spec §3: redirectWhiteList), not an envelope. */
export const ALLOWLIST_JSON_PATH = '/static/redirect-white-list.json';
export const redirectWhiteList = z.looseObject({ redirectWhiteList: z.array(z.string()) });
export type RedirectWhiteList = z.output<typeof redirectWhiteList>;
/** The allow-list file as a gateway call: open, GET only (DESIGN.md §5); its reply is the file itself. */
export const ALLOWLIST_FILE: Endpoint = get(ALLOWLIST_JSON_PATH, { open: true, reply: redirectWhiteList });

/**
 * The one normalization of a gateway path (DESIGN.md §5): percent-decoded once, lower case, no
 * empty segment (repeated or trailing slashes). It decides which endpoint a request is, hence
 * open calls, logout, token paths and rate-limit rules alike, so no spelling can mean one thing
 * to the BFF and another to an upstream that is case-insensitive or lenient about slashes.
 * Undefined for a malformed escape. (`..`, `.` and encoded separators are refused earlier.)
 */
export function normalizePath(path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path.split('?')[0] ?? '');
  } catch {
    return undefined;
  }
  const segments = decoded.split('/').filter((segment) => segment !== '');
  return `/${segments.join('/')}`.toLowerCase();
}

const byPath = new Map<string, Endpoint>(
  Object.values(ENDPOINTS).map((e: Endpoint) => [normalizePath(e.path) as string, e]),
);

/** The endpoint of an upstream path (relative to the gateway base), whatever its spelling. */
export function endpointForPath(path: string): Endpoint | undefined {
  const normalized = normalizePath(path);
  return normalized === undefined ? undefined : byPath.get(normalized);
}

/** The endpoints that make the UAA send a code (SMS or e-mail). */
export const CODE_SENDING_ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINTS).filter(
  (e: Endpoint) => e.sendsCode === true,
);
