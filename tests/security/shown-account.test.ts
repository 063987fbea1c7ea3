/**
 * A call lands only on the account its page shows (issue 40, item 1): a tab still showing member B
 * after another tab signed C in names B (X-Account) on the calls it makes for B, and the BFF
 * refuses them under C's session, before the UAA sees them; the header never goes upstream. Whose
 * a session is the BFF learns from the UAA's own replies, else from one user info call. Through
 * the real BFF on the real local UAA, whose requests are watched.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encryptPassword } from '@shared/crypto';
import { ENDPOINTS, type Endpoint } from '@shared/contract/endpoints';
import { LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import { createLocalUaa, type LocalUaa } from '@local-uaa/app';
import { hashPasswordSync } from '@local-uaa/passwords';
import { startBff, writeRulesFile, type TestBff } from '@tests/support/bff-harness';
import { listen, shut } from '@tests/support/http';

const GW = '/gw/uaa-be';

let uaa: LocalUaa;
let upstreamServer: ReturnType<typeof createServer>;
/** What reached the UAA: each request's path and headers. */
let seen: { path: string; headers: IncomingHttpHeaders }[] = [];
let bff: TestBff;

beforeAll(async () => {
  uaa = createLocalUaa({ publicUrl: 'http://localhost:8080', logger: { info() {}, error() {} } });
  upstreamServer = createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    uaa.app(req, res);
  });
  const upstream = await listen(upstreamServer);
  // One key a minute per address: a refused call must not use it up.
  const rules = writeRulesFile([
    { name: 'keys', match: [`${GW}${ENDPOINTS.credentialCreate.path}`], key: 'ip', limit: 1, windowS: 60 },
  ]);
  bff = await startBff({ upstream, upstreamTimeoutMs: 6000, env: { RATE_LIMITS_FILE: rules } });
});
afterAll(async () => {
  await bff.close();
  await shut(upstreamServer);
  await uaa.close();
});
beforeEach(() => {
  seen = [];
});

let phones = 0;
const PASSWORD = 'Member12345';
const PASSWORD_HASH = hashPasswordSync(PASSWORD);
/** An account and a session of it the BFF has never seen (issued by the UAA directly). */
function member() {
  const phone = `1390000${String(2000 + phones++).padStart(4, '0')}`;
  const user = uaa.store.createUser({ phone, username: `u${phone}`, passwordHash: PASSWORD_HASH });
  const token = uaa.store.issueSession(user.ssoUid, { autoLogin: false }).token;
  return { user, phone, cookie: `uaa-token=${token}` };
}

function call(endpoint: Endpoint, cookie: string, account?: string, lang = 'en-US') {
  const req =
    endpoint.method === 'GET'
      ? request(bff.url).get(`${GW}${endpoint.path}`)
      : request(bff.url)
          .post(`${GW}${endpoint.path}`)
          .send(endpoint === ENDPOINTS.credentialCreate ? { description: 'k' } : {});
  req.set('X-CSRF', '1').set('lang', lang).set('Cookie', cookie);
  return account === undefined ? req : req.set('X-Account', account);
}

const reached = (endpoint: Endpoint) => seen.filter((r) => r.path === endpoint.path).length;

describe('a call named for the account its page shows', () => {
  it('is refused under another account’s session, in the request’s language, before the UAA sees it', async () => {
    const b = member();
    const c = member();
    // The tab learned C's session is C's (its user info went through the BFF).
    expect((await call(ENDPOINTS.userInfo, c.cookie)).body.data.ssoUid).toBe(c.user.ssoUid);
    seen = [];

    const cancel = await call(ENDPOINTS.deactivate, c.cookie, b.user.ssoUid);
    expect(cancel.status).toBe(409);
    expect(cancel.body).toEqual({
      msgCode: 'A0220',
      msg: expect.stringMatching(/^Request refused: this browser is now signed in as another account/),
    });
    const zh = await call(ENDPOINTS.credentialCreate, c.cookie, b.user.ssoUid, 'zh-CN');
    expect(zh.status).toBe(409);
    expect(zh.body.msg).toMatch(/^请求被拒绝：此浏览器现已登录的账号与本页显示的账号不同/);

    expect(seen).toEqual([]);
    expect(uaa.store.users.get(c.user.ssoUid)).toBeDefined();
    expect(uaa.store.keys.list(c.user.ssoUid)).toEqual([]);
    expect(bff.securityEvents().at(-1)).toMatchObject({
      type: 'account_change',
      action: 'key.create',
      outcome: 'failure',
      code: 'A0220',
      actor: c.user.ssoUid,
      reason: 'account-changed',
      shownAccount: b.user.ssoUid,
    });
  });

  it('goes through for the session’s own account, the header kept from the UAA; a refusal used no rate limit', async () => {
    const c = member();
    const b = member();
    // Known to the BFF (as every tab's user info makes it): refused before the limits count.
    await call(ENDPOINTS.userInfo, c.cookie);
    for (let i = 0; i < 3; i++)
      expect((await call(ENDPOINTS.credentialCreate, c.cookie, b.user.ssoUid)).status).toBe(409);
    const made = await call(ENDPOINTS.credentialCreate, c.cookie, c.user.ssoUid);
    expect(made.body.msgCode, made.body.msg).toBe('10000');
    expect(uaa.store.keys.list(c.user.ssoUid)).toHaveLength(1);
    const forwarded = seen.find((r) => r.path === ENDPOINTS.credentialCreate.path);
    expect(forwarded?.headers['x-account']).toBeUndefined();
  });

  it('asks the UAA once for a session it has not seen, and never for one whose login it passed on', async () => {
    const b = member();
    const c = member();
    await call(ENDPOINTS.credentialList, c.cookie, c.user.ssoUid);
    await call(ENDPOINTS.credentialList, c.cookie, c.user.ssoUid);
    expect(reached(ENDPOINTS.userInfo)).toBe(1);
    expect(reached(ENDPOINTS.credentialList)).toBe(2);

    // A login through the BFF says whose session it issued.
    const key = await request(bff.url).post(`${GW}${ENDPOINTS.pubKey.path}`).set('X-CSRF', '1').send({});
    const login = await request(bff.url)
      .post(`${GW}${ENDPOINTS.loginByAccount.path}`)
      .set('X-CSRF', '1')
      .set({ captchaVerifyParam: LOCAL_CAPTCHA_PASS, sceneId: 'local', prefix: 'local' })
      .send({
        account: b.phone,
        password: encryptPassword(key.body.data.pubKey as string, PASSWORD, 'login'),
        autoLogin: false,
      });
    expect(login.body.msgCode, login.body.msg).toBe('10000');
    const cookie = ([login.headers['set-cookie'] ?? []].flat() as string[])
      .map((line) => line.split(';')[0]!)
      .find((pair) => /^uaa-token=./.test(pair))!;
    seen = [];
    expect((await call(ENDPOINTS.credentialList, cookie, c.user.ssoUid)).status).toBe(409);
    expect((await call(ENDPOINTS.credentialList, cookie, b.user.ssoUid)).status).toBe(200);
    expect(reached(ENDPOINTS.userInfo)).toBe(0);
  });

  it('is not checked on the calls a tab needs whoever is signed in: whose session it is, and logout', async () => {
    const b = member();
    const c = member();
    const info = await call(ENDPOINTS.userInfo, c.cookie, b.user.ssoUid);
    expect(info.body.data.ssoUid).toBe(c.user.ssoUid);
    expect((await call(ENDPOINTS.logoutAll, c.cookie, b.user.ssoUid)).body.msgCode).toBe('10000');
    // Ended: the next call is the UAA's 401, not a refusal of the account.
    expect((await call(ENDPOINTS.credentialList, c.cookie, c.user.ssoUid)).status).toBe(401);
  });

  it('without the header, or without a session, goes as before', async () => {
    const c = member();
    expect((await call(ENDPOINTS.credentialList, c.cookie)).body.msgCode).toBe('10000');
    expect(reached(ENDPOINTS.userInfo)).toBe(0);
    expect((await call(ENDPOINTS.credentialList, 'other=1', c.user.ssoUid)).status).toBe(401);
  });
});
