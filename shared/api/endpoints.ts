/**
 * Every call of spec §7, in one table. Paths are relative to the gateway base (`/gw/uaa-be`)
 * on the browser side and to the UAA root on the upstream side. Calls whose paths the spec
 * does not show carry paths in the same style (marked `inferred`).
 */
export const GATEWAY_BASE = '/gw/uaa-be';
export const UPLOAD_GATEWAY_BASE = '/gw/upload';

export type HttpMethod = 'GET' | 'POST';

/** The body field that names the phone, e-mail or account a call is about (rate limits key on it). */
export type IdentifierField = 'phone' | 'email' | 'account' | 'item';

export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  /** Open calls never carry the bearer token (spec §6). */
  readonly open?: boolean;
  /** The reply carries a session token that the BFF moves into the cookie. */
  readonly issuesToken?: boolean;
  /** Failures stay silent in the UI (spec §7). */
  readonly silent?: boolean;
  readonly inferred?: boolean;
  /** The body field naming the call's target: the rate limits read this field and no other. */
  readonly identifier?: IdentifierField;
  /** The call makes the UAA send a code by SMS or e-mail (the abuse shield counts it). */
  readonly sendsCode?: boolean;
}

const post = (path: string, extra: Omit<Endpoint, 'method' | 'path'> = {}): Endpoint => ({
  method: 'POST',
  path,
  ...extra,
});
const get = (path: string, extra: Omit<Endpoint, 'method' | 'path'> = {}): Endpoint => ({
  method: 'GET',
  path,
  ...extra,
});

export const ENDPOINTS = {
  captcha: post('/api/v1/verifyCode/captcha', { open: true }),
  loginSmsCode: post('/api/v1/login/getSmsCode', { identifier: 'phone', sendsCode: true }),
  loginByPhone: post('/api/v1/login/byPhone', { open: true, issuesToken: true, identifier: 'phone' }),
  loginByAccount: post('/api/v1/login/byAccount', { open: true, issuesToken: true, identifier: 'account' }),
  oauthAddress: post('/api/v1/login/oauthaddress'),
  loginOauth: post('/api/v1/login/oauth', { issuesToken: true }),
  loginBind: post('/api/v1/login/bind', { issuesToken: true }),
  userInfo: post('/api/v1/login/getUserInfo'),
  locationInfo: get('/api/v1/login/getLocationInfo'),
  internalAuth: post('/api/v1/internal/auth', { open: true }),
  registerCheck: post('/api/v1/register/check', { silent: true, identifier: 'item' }),
  registerByPhone: post('/api/v1/register/byPhone'),
  registerByEmail: post('/api/v1/register/byEmail'),
  registerSmsCode: post('/api/v1/register/getSmsCode', { identifier: 'phone', sendsCode: true }),
  registerActive: post('/api/v1/register/active'),
  deactivate: get('/api/v1/register/deactivate'),
  usernameCheck: post('/api/v1/personal/username/check', { silent: true }),
  usernameSet: post('/api/v1/personal/username/set', { inferred: true }),
  infoUpdate: post('/api/v1/personal/info/update'),
  mobileBind: post('/api/v1/personal/mobile/bind'),
  emailBind: post('/api/v1/personal/email/bind'),
  passwordUpdate: post('/api/v1/personal/password/update'),
  messageCode: post('/api/v1/personal/message/code', { identifier: 'item', sendsCode: true }),
  messageCodeCheck: post('/api/v1/personal/message/code/check'),
  itemCheck: post('/api/v1/personal/item/check', { identifier: 'item' }),
  logoutAll: post('/api/v1/logout/all'),
  passwordForget: post('/api/v1/user/management/password/forget', { identifier: 'item', sendsCode: true }),
  passwordReset: post('/api/v1/user/management/password/reset'),
  pubKey: post('/api/v1/cipher/getPubKey'),
  credentialList: post('/api/v1/open/credential/list'),
  credentialCreate: post('/api/v1/open/credential/create'),
  credentialRevoke: post('/api/v1/open/credential/revoke'),
  credentialEnable: post('/api/v1/open/credential/enable', { inferred: true }),
  credentialDisable: post('/api/v1/open/credential/disable', { inferred: true }),
  /** The full secret of one of the caller's keys, so the user centre can show or copy it. */
  credentialSecret: post('/api/v1/open/credential/secret', { inferred: true }),
  roleList: post('/api/v1/role/management/role/list'),
  userResList: post('/api/v1/role/management/user/res/list'),
  platformListSource: get('/api/v1/mgmt/platforms/listSource'),
  platformList: post('/api/v1/mgmt/platforms/list'),
  platformDetail: post('/api/v1/mgmt/platforms/detail'),
  platformUpdate: post('/api/v1/mgmt/platforms/update'),
  platformDelete: post('/api/v1/mgmt/platforms/delete'),
  platformReset: post('/api/v1/mgmt/platforms/reset'),
  platformAdd: post('/api/v1/mgmt/platforms/add'),
  uploadFile: post('/api/v1/uploadFile?key=user&tag=avatar'),
  internalUserList: post('/api/v1/user/admin/internal/list'),
  internalUserSearch: post('/api/v1/user/admin/internal/search'),
  internalUserCreate: post('/api/v1/user/admin/internal/create'),
  internalUserUpdate: post('/api/v1/user/admin/internal/update'),
  internalUserDelete: post('/api/v1/user/admin/internal/delete'),
  trackingCollect: post('/api/v1/tracking/collect', { inferred: true }),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** The static allow-list JSON served beside the API (spec §3: redirectWhiteList). */
export const ALLOWLIST_JSON_PATH = '/static/redirect-white-list.json';

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
