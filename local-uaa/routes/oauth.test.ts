import { describe, expect, it } from 'vitest';
import type { OauthProvider } from '@shared/contract/login';
import { DEV_PATHS } from '@shared/api/dev-paths';
import { ENDPOINTS } from '@shared/contract/endpoints';
import request from 'supertest';
import { createLocalUaa } from '../app';
import { createTestUaa, PUBLIC_URL, type TestUaa } from '@tests/support/local-uaa';

/** Opens the consent page of oauthaddress and approves it as `account`; the callback URL it went to. */
async function approve(t: TestUaa, provider: OauthProvider, account: string, state = 'st-1'): Promise<URL> {
  const address = await t.post(ENDPOINTS.oauthAddress.path, { oauthFrom: provider, state, type: 3 });
  const page = new URL(address.body.data.oauthAddress);
  const reply = await t.http
    .post(page.pathname)
    .type('form')
    .send({
      state: page.searchParams.get('state'),
      redirect_uri: page.searchParams.get('redirect_uri'),
      type: page.searchParams.get('type'),
      account,
      decision: 'approve',
    });
  expect(reply.status).toBe(303);
  return new URL(reply.headers.location as string);
}

async function codeOf(t: TestUaa, provider: OauthProvider, account: string): Promise<string> {
  return (await approve(t, provider, account)).searchParams.get('code') as string;
}

describe('login/oauthaddress', () => {
  it.each([
    ['github', '/github-login'],
    ['wechat', '/wechat'],
    ['carsi', '/carsi-login'],
  ] as const)('points %s at the simulated consent page, returning to %s', async (provider, callback) => {
    const t = createTestUaa();
    const reply = await t.post(ENDPOINTS.oauthAddress.path, { oauthFrom: provider, state: 'abc', type: 3 });
    expect(reply.body.msgCode).toBe('10000');
    const url = new URL(reply.body.data.oauthAddress);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}${DEV_PATHS.oauth(provider)}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      state: 'abc',
      redirect_uri: `${PUBLIC_URL}${callback}`,
      lang: 'zh-CN',
      type: '3',
    });
  });

  it.each([
    ['an unknown provider', { oauthFrom: 'facebook', state: 'x' }],
    ['no provider', { state: 'x' }],
    ['an object state', { oauthFrom: 'github', state: { a: 1 } }],
    ['a state over 512 characters', { oauthFrom: 'github', state: 'x'.repeat(513) }],
  ])('refuses %s with A0100', async (_name, body) => {
    const t = createTestUaa();
    expect((await t.post(ENDPOINTS.oauthAddress.path, body)).body.msgCode).toBe('A0100');
  });
});

describe("login/oauthaddress with WeChat's QR page configured (production-like)", () => {
  const wechatQrUrl = 'https://open.weixin.qq.com/connect/qrconnect';
  const uaa = () => request(createLocalUaa({ publicUrl: PUBLIC_URL, wechatQrUrl }).app);

  it("points WeChat at its QR page with WeChat's query, returning to /wechat", async () => {
    const reply = await uaa()
      .post(ENDPOINTS.oauthAddress.path)
      .set('lang', 'en-US')
      .send({ oauthFrom: 'wechat', state: 'abc', type: 4 });
    expect(reply.body.msgCode).toBe('10000');
    const url = new URL(reply.body.data.oauthAddress);
    expect(`${url.origin}${url.pathname}`).toBe(wechatQrUrl);
    expect(url.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: expect.stringMatching(/^wx[0-9a-f]{16}$/),
      redirect_uri: `${PUBLIC_URL}/wechat`,
      response_type: 'code',
      scope: 'snsapi_login',
      state: 'abc',
      lang: 'en',
    });
  });

  it('leaves GitHub and CARSI on the simulated consent page', async () => {
    const reply = await uaa().post(ENDPOINTS.oauthAddress.path).send({ oauthFrom: 'github', state: 'abc' });
    expect(new URL(reply.body.data.oauthAddress).pathname).toBe(DEV_PATHS.oauth('github'));
  });
});

describe('the simulated consent page', () => {
  const page = DEV_PATHS.oauth('github');
  const redirect = `${PUBLIC_URL}/github-login`;

  it('renders a form without inline scripts or styles, prefilled with an account name', async () => {
    const t = createTestUaa();
    const reply = await t.http.get(page).query({ state: 's"<x>', redirect_uri: redirect, lang: 'en-US' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(reply.text).toContain('<form method="post"');
    expect(reply.text).toContain('Sign in with GitHub');
    expect(reply.text).toMatch(/name="account" value="octocat-[0-9a-f]{4}"/);
    expect(reply.text).toContain('value="s&#34;&#60;x&#62;"'); // escaped
    expect(reply.text).not.toMatch(/<script|style=/);
    expect((await t.http.get(`${page}.css`)).type).toBe('text/css');
  });

  it('refuses a redirect_uri off the product origin, on GET and POST', async () => {
    const t = createTestUaa();
    expect((await t.http.get(page).query({ redirect_uri: 'https://evil.example/cb' })).status).toBe(400);
    expect((await t.http.get(page)).status).toBe(400);
    const post = await t.http
      .post(page)
      .type('form')
      .send({ redirect_uri: 'https://evil.example/cb', account: 'x', decision: 'approve' });
    expect(post.status).toBe(400);
    expect(post.headers.location).toBeUndefined();
  });

  it('approves with a code and the state; denies with access_denied', async () => {
    const t = createTestUaa();
    const approved = await approve(t, 'github', 'octocat');
    expect(`${approved.origin}${approved.pathname}`).toBe(redirect);
    expect(approved.searchParams.get('state')).toBe('st-1');
    expect(approved.searchParams.get('type')).toBe('3');
    expect(approved.searchParams.get('code')).toMatch(/^[\w-]{32}$/);

    const denied = await t.http
      .post(page)
      .type('form')
      .send({ state: 's', redirect_uri: redirect, account: 'octocat', decision: 'deny' });
    expect(denied.status).toBe(303);
    const url = new URL(denied.headers.location as string);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('code')).toBeNull();
  });

  it('shows the form again for an unusable account name', async () => {
    const t = createTestUaa();
    const reply = await t.http
      .post(page)
      .type('form')
      .send({ state: 's', redirect_uri: redirect, account: 'a b', decision: 'approve', lang: 'en-US' });
    expect(reply.status).toBe(400);
    expect(reply.text).toContain('role="alert"');
  });

  it('accepts a same-origin redirect_uri other than the default callback', async () => {
    const t = createTestUaa();
    const reply = await t.http
      .post(DEV_PATHS.oauth('wechat'))
      .type('form')
      .send({
        state: 's',
        redirect_uri: `${PUBLIC_URL}/xlab-wechat?x=1`,
        account: 'wx',
        decision: 'approve',
      });
    expect(new URL(reply.headers.location as string).pathname).toBe('/xlab-wechat');
  });
});

describe('login/oauth', () => {
  it.each(['github', 'wechat', 'carsi'] as const)(
    'creates an account bound to a new %s identity, then logs the same account in',
    async (provider) => {
      const t = createTestUaa();
      const first = await t.post(ENDPOINTS.loginOauth.path, {
        code: await codeOf(t, provider, 'someone'),
        oauthFrom: provider,
        autoLogin: true,
        source: 'vsp',
      });
      expect(first.body).toMatchObject({
        msgCode: '10000',
        ssouid: expect.any(String),
        phone: null,
        data: { token: expect.any(String), ssoCode: expect.any(String), data: { username: null } },
      });
      const user = t.store.users.get(first.body.ssouid);
      expect(user).toMatchObject({ createBy: 'vsp', username: null });
      const info = (await t.authed(ENDPOINTS.userInfo.path, first.body.data.token)).body.data;
      if (provider === 'github') expect(info.githubAccount).toBe('someone');
      if (provider === 'wechat')
        expect(info).toMatchObject({ wechatName: 'someone', wechat: expect.stringMatching(/^wx_/) });

      const second = await t.post(ENDPOINTS.loginOauth.path, {
        code: await codeOf(t, provider, 'someone'),
        oauthFrom: provider,
      });
      expect(second.body.ssouid).toBe(first.body.ssouid);
    },
  );

  it('uses a code once, for its provider only, for 5 minutes (A0202)', async () => {
    const t = createTestUaa();
    const code = await codeOf(t, 'github', 'octocat');
    expect((await t.post(ENDPOINTS.loginOauth.path, { code, oauthFrom: 'carsi' })).body.msgCode).toBe(
      'A0202',
    );
    expect((await t.post(ENDPOINTS.loginOauth.path, { code, oauthFrom: 'github' })).body.msgCode).toBe(
      'A0202',
    );

    const late = await codeOf(t, 'github', 'octocat');
    t.advance(5 * 60_000);
    const reply = await t
      .post(ENDPOINTS.loginOauth.path, { code: late, oauthFrom: 'github' })
      .set('lang', 'en-US');
    expect(reply.body).toEqual({
      msgCode: 'A0202',
      msg: expect.stringMatching(/expired or was already used/),
    });
  });

  it('refuses a disabled account with A0201', async () => {
    const t = createTestUaa();
    t.member({ githubAccount: 'blocked', status: 'DISABLED' });
    const reply = await t.post(ENDPOINTS.loginOauth.path, {
      code: await codeOf(t, 'github', 'blocked'),
      oauthFrom: 'github',
    });
    expect(reply.body.msgCode).toBe('A0201');
  });

  it.each([
    ['no code', { oauthFrom: 'github' }],
    ['an unknown provider', { code: 'x', oauthFrom: 'gitlab' }],
    ['a numeric code', { code: 1, oauthFrom: 'github' }],
    ['a huge code', { code: 'x'.repeat(11_000), oauthFrom: 'github' }],
  ])('refuses %s with A0100', async (_name, body) => {
    const t = createTestUaa();
    expect((await t.post(ENDPOINTS.loginOauth.path, body)).body.msgCode).toBe('A0100');
  });
});

describe('login/bind', () => {
  it('binds a WeChat identity to the signed-in account and answers with a token reply', async () => {
    const t = createTestUaa();
    const { user, token } = t.member({ phone: '13500000001' });
    const reply = await t.authed(ENDPOINTS.loginBind.path, token, {
      code: await codeOf(t, 'wechat', 'Mei'),
      oauthFrom: 'wechat',
      autoLogin: true,
    });
    expect(reply.body).toMatchObject({
      msgCode: '10000',
      ssouid: user.ssoUid,
      data: { token: expect.any(String) },
    });
    expect(t.store.users.get(user.ssoUid)).toMatchObject({
      wechatName: 'Mei',
      wechat: expect.stringMatching(/^wx_/),
    });
    // Binding again to the same identity is harmless.
    const again = await t.authed(ENDPOINTS.loginBind.path, token, {
      code: await codeOf(t, 'wechat', 'Mei'),
      oauthFrom: 'wechat',
      autoLogin: true,
    });
    expect(again.body.msgCode).toBe('10000');
  });

  it('refuses an identity bound to another account with A0214', async () => {
    const t = createTestUaa();
    t.member({ githubAccount: 'taken' });
    const { token } = t.member();
    const reply = await t.authed(ENDPOINTS.loginBind.path, token, {
      code: await codeOf(t, 'github', 'TAKEN'),
      oauthFrom: 'github',
      autoLogin: true,
    });
    expect(reply.body.msgCode).toBe('A0214');
  });

  it('refuses a second, different identity of the same kind with A0213', async () => {
    const t = createTestUaa();
    const { token } = t.member({ githubAccount: 'mine' });
    const reply = await t.authed(ENDPOINTS.loginBind.path, token, {
      code: await codeOf(t, 'github', 'another'),
      oauthFrom: 'github',
      autoLogin: true,
    });
    expect(reply.body.msgCode).toBe('A0213');
  });

  it('needs a session (401), a live code (A0202) and a bindable provider (A0100)', async () => {
    const t = createTestUaa();
    const { token } = t.member();
    const code = await codeOf(t, 'github', 'x1');
    expect(
      (await t.post(ENDPOINTS.loginBind.path, { code, oauthFrom: 'github', autoLogin: true })).status,
    ).toBe(401);
    expect(
      (await t.authed(ENDPOINTS.loginBind.path, token, { code: 'nope', oauthFrom: 'github' })).body.msgCode,
    ).toBe('A0202');
    expect((await t.authed(ENDPOINTS.loginBind.path, token, { code, oauthFrom: 'carsi' })).body.msgCode).toBe(
      'A0100',
    );
  });
});

describe('the origin in use', () => {
  it('points the consent page and the callback at the origin the BFF says the browser uses', async () => {
    const t = createTestUaa();
    const reply = await t.http
      .post(ENDPOINTS.oauthAddress.path)
      .set({ 'x-forwarded-proto': 'http', 'x-forwarded-host': '127.0.0.1:18080' })
      .send({ oauthFrom: 'github', state: 'abc' });
    const url = new URL(reply.body.data.oauthAddress);
    expect(url.origin).toBe('http://127.0.0.1:18080');
    expect(url.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:18080/github-login');
  });

  it.each([
    ['a host with a path', 'evil.example/x'],
    ['a host with a user part', 'a@evil.example'],
  ])('keeps the configured public URL for %s', async (_name, host) => {
    const t = createTestUaa();
    const reply = await t.http
      .post(ENDPOINTS.oauthAddress.path)
      .set({ 'x-forwarded-proto': 'https', 'x-forwarded-host': host })
      .send({ oauthFrom: 'github', state: 'abc' });
    expect(new URL(reply.body.data.oauthAddress).origin).toBe(new URL(PUBLIC_URL).origin);
  });

  it('sends the visitor back with the language the login started in', async () => {
    const t = createTestUaa();
    const back = await approve(t, 'carsi', 'alice-carsi');
    expect(back.searchParams.get('lang')).toMatch(/^(zh-CN|en-US)$/);
  });
});
