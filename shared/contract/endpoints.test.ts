import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  ALLOWLIST_FILE,
  CODE_SENDING_ENDPOINTS,
  ENDPOINTS,
  endpointForPath,
  normalizePath,
  type Endpoint,
  type RequestOf,
} from './endpoints';
import { loginData } from './login';

const entries = Object.entries(ENDPOINTS) as [string, Endpoint][];

/** The keys an object request schema names (undefined for other shapes). */
function keysOf(schema: z.ZodMiniType): string[] | undefined {
  const inner =
    schema instanceof z.ZodMiniOptional || schema instanceof z.ZodMiniNullable
      ? schema._zod.def.innerType
      : schema;
  return inner instanceof z.ZodMiniObject ? Object.keys(inner.shape) : undefined;
}

describe('the endpoint table', () => {
  it('names every path once, in every spelling the BFF normalizes', () => {
    const paths = entries.map(([, e]) => normalizePath(e.path));
    expect(new Set(paths).size).toBe(paths.length);
    for (const [name, endpoint] of entries) expect(endpointForPath(endpoint.path), name).toBe(endpoint);
    expect(paths).not.toContain(normalizePath(ALLOWLIST_FILE.path));
  });

  it("keys every rate-limit identifier on a field the call's request schema has", () => {
    const withIdentifier = entries.filter(([, e]) => e.identifier !== undefined);
    expect(withIdentifier.length).toBeGreaterThan(5);
    for (const [name, endpoint] of withIdentifier)
      expect(keysOf(endpoint.request), name).toContain(endpoint.identifier);
  });

  it('has every code-sending call name its target', () => {
    expect(CODE_SENDING_ENDPOINTS.length).toBeGreaterThan(0);
    for (const endpoint of CODE_SENDING_ENDPOINTS) expect(endpoint.identifier, endpoint.path).toBeDefined();
  });

  it('answers every login call with the login reply', () => {
    // The BFF moves a token out of any reply that carries one (DESIGN.md §5, TOKEN_JSON_PATHS);
    // these are the calls that issue one.
    for (const name of ['loginBind', 'loginByAccount', 'loginByPhone', 'loginOauth'] as const)
      expect(ENDPOINTS[name].reply, name).toBe(loginData);
  });

  it('keeps GET calls bodiless', () => {
    for (const [name, endpoint] of entries.filter(([, e]) => e.method === 'GET'))
      expect(endpoint.request.safeParse(undefined).success, name).toBe(true);
  });
});

describe('request schemas', () => {
  it.each([
    ['loginByAccount', { account: 'alice', password: 'enc', autoLogin: true }],
    ['loginByPhone', { phone: '13800138000', code: '123456', autoLogin: false, source: '', clientId: null }],
    ['registerCheck', { item: 'a@b.co', type: 'email' }],
    ['registerByEmail', { username: 'alice', email: 'a@b.co', password: 'enc', code: '', source: 'p1' }],
    ['messageCode', { function: '1.1.1', message: 'email', item: 'a@b.co' }],
    ['credentialRevoke', { ak: 'AK1', type: '2' }],
    ['credentialList', undefined],
    ['platformAdd', { xlabs: [{ displayName: 'Lab', logoutUrl: 'https://lab.example.com/out' }] }],
    ['internalUserDelete', { ssoUids: 'u1, u2' }],
    ['roleList', { pageNumber: '1', pageSize: 12, resourceModule: 0 }],
    ['oauthAddress', { oauthFrom: 'github', state: 's', type: 1 }],
  ] as const)('%s admits what the spec sends', (name, body) => {
    expect(ENDPOINTS[name].request.safeParse(body).success).toBe(true);
  });

  it.each([
    ['loginByAccount', { account: ['alice'], password: 'enc' }],
    ['loginByAccount', { account: 'alice', password: 'enc', autoLogin: 'yes' }],
    ['loginByPhone', { phone: 13800138000, code: '123456' }],
    ['registerCheck', { item: 'a@b.co', type: 'fax' }],
    ['messageCode', { function: '9.9.9', message: 'email', item: 'a@b.co' }],
    ['credentialRevoke', { ak: 'AK1', type: 3 }],
    ['passwordReset', { type: 'phone', item: '13800138000', code: { $ne: null }, password: 'enc' }],
    ['internalUserDelete', { ssoUids: [] }],
    ['infoUpdate', {}],
    ['usernameCheck', { username: 'x'.repeat(10 * 1024 + 1) }],
  ] as const)('%s refuses %j', (name, body) => {
    expect(ENDPOINTS[name].request.safeParse(body).success).toBe(false);
  });

  it('types the SPA side of a body (typecheck fails when the typing is lost)', () => {
    const good: RequestOf<'registerCheck'> = { item: 'a@b.co', type: 'phone' };
    // @ts-expect-error a channel the contract does not know
    const wrong: RequestOf<'registerCheck'> = { item: 'a@b.co', type: 'fax' };
    expect(ENDPOINTS.registerCheck.request.safeParse(good).success).toBe(true);
    expect(ENDPOINTS.registerCheck.request.safeParse(wrong).success).toBe(false);
  });
});

describe('reply schemas', () => {
  it('admit what the legacy UAA leaves out or adds', () => {
    // The strict upstream double's replies (tests/support/strict-upstream.ts).
    expect(ENDPOINTS.loginByAccount.reply.safeParse({ username: 'strict' }).success).toBe(true);
    const info = ENDPOINTS.userInfo.reply.parse({ username: 'strict', phone: '13800000000', extra: 1 });
    expect(info).toMatchObject({ username: 'strict', phone: '13800000000', email: null, extra: 1 });
    expect(ENDPOINTS.internalAuth.reply.safeParse({ code: 'c' }).success).toBe(true);
    expect(ENDPOINTS.pubKey.reply.safeParse({ pubKey: 'PEM' }).success).toBe(true);
  });

  it('refuse data of the wrong shape', () => {
    expect(ENDPOINTS.pubKey.reply.safeParse({ pubKey: 1 }).success).toBe(false);
    expect(ENDPOINTS.credentialList.reply.safeParse({ ak: 'x' }).success).toBe(false);
    expect(ENDPOINTS.platformList.reply.safeParse({ records: 'none', total: 0 }).success).toBe(false);
    expect(ENDPOINTS.itemCheck.reply.safeParse('true').success).toBe(false);
  });
});
