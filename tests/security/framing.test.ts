/**
 * Framing as an attacker tries it (issue 30, item 3): another site may frame a document only when
 * it is the intern widget's, its page with its parameters (shared/widget.ts); every other one is
 * `frame-ancestors 'self'` with `X-Frame-Options: SAMEORIGIN`, whatever its path. The BFF must
 * read the query exactly as the SPA will (URLSearchParams over the raw query: the first of
 * repeated names, names case-sensitive, an empty redirect no fallback), or refuse: a document
 * framed as the widget that the SPA then shows as something else is the hole. Requests go out
 * raw, as a browser sends them, through the real BFF with the allow-list `example.com`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { rawRequest, type RawResponse } from '@tests/support/http';
import { startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';

const ALLOWED = "'self' https://example.com https://*.example.com";
const INTERN = encodeURIComponent('https://intern.example.com/welcome');
const EVIL = encodeURIComponent('https://evil.example/steal');

let upstream: UpstreamDouble;
let bff: TestBff;

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff({
    upstream: upstream.url,
    env: {
      APP_ENV: 'production',
      UAA_UPSTREAM: upstream.url,
      ALIYUN_CAPTCHA_PREFIX: 'pfx',
      ALIYUN_CAPTCHA_SCENE_ID: 'scene',
    },
  });
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});

const get = (path: string) => rawRequest(bff.url, { path, headers: { host: 'sso.example.com' } });

function frameAncestors(reply: RawResponse): string | undefined {
  const csp = String(reply.headers['content-security-policy'] ?? '');
  const directive = csp.split(';').find((d) => d.trim().startsWith('frame-ancestors '));
  return directive?.trim().slice('frame-ancestors '.length);
}

function expectFramableByTheSubPlatforms(reply: RawResponse): void {
  expect(frameAncestors(reply)).toBe(ALLOWED);
  expect(reply.headers['x-frame-options']).toBeUndefined();
}

function expectFramableByThisOriginOnly(reply: RawResponse): void {
  expect(frameAncestors(reply)).toBe("'self'");
  expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(reply.headers['cross-origin-resource-policy']).toBe('same-origin');
}

describe("the widget's documents, with its parameters, may be framed by the sub-platforms", () => {
  it.each([
    `/login?redirect=${INTERN}`,
    `/login?clientId=uaa-intern&redirect=${INTERN}&entrance=login-abroad&lang=en-US`,
    `/login?redirect_url=${INTERN}`,
    `/register?clientId=uaa-intern&redirect=${INTERN}`,
    `/forget?redirect=${INTERN}`,
    `/setphone?clientId=uaa-intern&redirect=${INTERN}`,
    `/xlab-login?redirect=${INTERN}`,
    `/xlab-register?redirect=${INTERN}`,
    `/xlab-forget?redirect=${INTERN}`,
    // The SPA's URLSearchParams takes the first of repeated names: so does the BFF.
    `/login?redirect=${INTERN}&redirect=${EVIL}`,
    // Decoded as the SPA decodes it: an encoded name, an encoded host, a host in capitals.
    `/login?%72edirect=${INTERN}`,
    `/login?redirect=https%3A%2F%2Fint%65rn.example.com%2F`,
    `/login?redirect=${encodeURIComponent('https://INTERN.Example.com/')}`,
    // Matched as the router matches it.
    `/Login/?redirect=${INTERN}`,
  ])('%s', async (path) => {
    const reply = await get(path);
    expect(reply.status).toBe(200);
    expectFramableByTheSubPlatforms(reply);
  });

  it("frames the widget's last step, /authentication and /bff/redirect, when their refusal is a page", async () => {
    // A redirect that names the intern platform but that the allow-list refuses: the 400 page.
    const notAllowed = encodeURIComponent('https://intern.attacker.example/cb');
    for (const path of [
      `/authentication?clientId=uaa-intern&redirect=${notAllowed}`,
      `/xlab-authentication?clientId=uaa-intern&redirect=${notAllowed}`,
      `/bff/redirect?to=${notAllowed}`,
    ]) {
      const reply = await get(path);
      expect(reply.status, path).toBe(400);
      expectFramableByTheSubPlatforms(reply);
    }
  });
});

describe('every other document may be framed by this origin only', () => {
  it.each([
    // The widget's pages without its parameters: the finding.
    '/login',
    '/register',
    '/forget',
    '/setphone',
    '/xlab-login',
    '/login?clientId=c&redirect=https%3A%2F%2Fmedia.example.com%2F',
    '/login?lang=en-US&openerOrigin=https%3A%2F%2Fexample.com',
    // The SPA reads the first redirect, and that one is not the intern platform's.
    `/login?redirect=${EVIL}&redirect=${INTERN}`,
    // Names are case-sensitive to the SPA.
    `/login?Redirect=${INTERN}`,
    `/login?REDIRECT_URL=${INTERN}`,
    // An empty redirect is still the redirect: no fallback to redirect_url.
    `/login?redirect=&redirect_url=${INTERN}`,
    // Not a name the SPA reads, or not a host.
    `/login?redirect[]=${INTERN}`,
    `/login?to=${INTERN}`,
    `/login?redirect=${encodeURIComponent('https://example.com/intern')}`,
    `/login?redirect=${encodeURIComponent(INTERN)}`,
    '/login?redirect=intern',
    // Pages that are never the widget's, with its parameters.
    `/usercenter?redirect=${INTERN}`,
    `/usercenter?clientId=uaa-intern&redirect=${INTERN}`,
    `/username?redirect=${INTERN}`,
    `/admin?redirect=${INTERN}`,
    `/admin/platform?redirect_url=${INTERN}`,
    `/active?redirect=${INTERN}`,
    `/wechat?redirect=${INTERN}`,
    `/xlab-wechat?redirect=${INTERN}`,
    `/deleteProtocol?redirect=${INTERN}`,
    `/no-permission?redirect=${INTERN}`,
    `/?redirect=${INTERN}`,
    `/bff/session?redirect=${INTERN}`,
    // Spellings the router would not take for the widget's page.
    `//login?redirect=${INTERN}`,
    `/%6Cogin?redirect=${INTERN}`,
    `/login.html?redirect=${INTERN}`,
  ])('%s', async (path) => {
    expectFramableByThisOriginOnly(await get(path));
  });

  it('frames /authentication and /bff/redirect refusals outside the widget for this origin only', async () => {
    for (const path of [
      `/authentication?clientId=c&redirect=${EVIL}`,
      `/bff/redirect?to=${EVIL}`,
      // The first `to` decides, as for the other parameters.
      `/bff/redirect?to=${EVIL}&to=${INTERN}`,
    ]) {
      const reply = await get(path);
      expect(reply.status, path).toBe(400);
      expectFramableByThisOriginOnly(reply);
    }
  });
});
