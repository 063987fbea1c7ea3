/**
 * A body each call of the contract takes (its request schema passes it), for tests about
 * something else than the body: headers, cookies, rate limits, metrics. The gateway refuses a
 * body the endpoint does not take (issue 30), so `{}` reaches the upstream only where it is one.
 * sample-bodies.test.ts keeps every sample valid as the contract changes.
 */
import { ENDPOINTS, normalizePath, type Endpoint } from '@shared/contract/endpoints';

const PHONE = '13800138000';
const EMAIL = 'ann@example.com';

export const SAMPLE_BODIES: Record<keyof typeof ENDPOINTS, Record<string, unknown> | undefined> = {
  captcha: { captchaVerifyParam: 'local-captcha-pass' },
  loginSmsCode: { phone: PHONE },
  loginByPhone: { phone: PHONE, code: '123456' },
  loginByAccount: { account: 'ann', password: 'encrypted' },
  oauthAddress: { oauthFrom: 'github' },
  loginOauth: { code: 'oauth-code', oauthFrom: 'github' },
  loginBind: { code: 'oauth-code', oauthFrom: 'github' },
  userInfo: {},
  locationInfo: undefined,
  internalAuth: { clientId: 'client-1' },
  registerCheck: { item: EMAIL, type: 'email' },
  registerByPhone: { username: 'ann', phone: PHONE, code: '123456', password: 'encrypted' },
  registerByEmail: { username: 'ann', email: EMAIL, password: 'encrypted' },
  registerSmsCode: { phone: PHONE },
  registerActive: { sign: 'sign', token: 'activation' },
  deactivate: undefined,
  usernameCheck: { username: 'ann' },
  usernameSet: { username: 'ann' },
  infoUpdate: { nickname: 'Ann' },
  mobileBind: { function: '1.1.1', phone: PHONE, code: '123456' },
  emailBind: { function: '1.1.1', email: EMAIL, code: '123456' },
  passwordUpdate: { function: '1.1.1', message: 'phone', item: PHONE, password: 'encrypted' },
  messageCode: { function: '1.1.1', message: 'phone', item: PHONE },
  messageCodeCheck: { function: '1.1.1', message: 'phone', item: PHONE, code: '123456' },
  itemCheck: { message: 'phone', item: PHONE },
  logoutAll: {},
  passwordForget: { type: 'email', item: EMAIL },
  passwordReset: { type: 'email', item: EMAIL, code: '123456', password: 'encrypted' },
  pubKey: {},
  credentialList: {},
  credentialCreate: {},
  credentialRevoke: { ak: 'ak-1', type: 1 },
  credentialEnable: { ak: 'ak-1' },
  credentialDisable: { ak: 'ak-1' },
  credentialSecret: { ak: 'ak-1' },
  roleList: { pageNumber: 1, pageSize: 10 },
  userResList: {},
  platformListSource: undefined,
  platformList: { current: 1, pageSize: 10 },
  platformDetail: { id: '1' },
  platformUpdate: { id: '1', displayName: 'Media' },
  platformDelete: { ids: ['1'] },
  platformReset: { ids: ['1'] },
  platformAdd: { displayName: 'Media', logoutUrl: 'https://media.example.com/logout' },
  uploadFile: undefined,
  internalUserList: { pageNumber: 1, pageSize: 10 },
  internalUserSearch: { pageNumber: 1, pageSize: 10 },
  internalUserCreate: { email: EMAIL, password: 'encrypted' },
  internalUserUpdate: { ssoUid: 'u-1', description: 'x' },
  internalUserDelete: { ssoUids: ['u-1'] },
  trackingCollect: { serviceName: 'share', eventName: 'open', eventTimestamp: 1 },
};

const BY_PATH = new Map<string, Record<string, unknown> | undefined>(
  (Object.entries(ENDPOINTS) as [keyof typeof ENDPOINTS, Endpoint][]).map(([name, endpoint]) => [
    normalizePath(endpoint.path.split('?')[0] ?? '') ?? endpoint.path,
    SAMPLE_BODIES[name],
  ]),
);

/**
 * A body the call at `path` takes (a gateway path or an upstream path: `/gw/uaa-be/api/v1/...` or
 * `/api/v1/...`), overridden by `fields`; `{}` for a path outside the contract.
 */
export function sampleBody(path: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  const upstreamPath = path.replace(/^\/gw\/(uaa-be|upload)/, '').split('?')[0] ?? '';
  return { ...(BY_PATH.get(normalizePath(upstreamPath) ?? upstreamPath) ?? {}), ...fields };
}
