/**
 * Open-redirect tricks gathered from public advisories, thrown at the BFF's two redirecting
 * routes in production mode with the allow-list `example.com`:
 * - oauth2-proxy: GHSA-qqxw-m5fj-f7gv (CVE-2020-4037, `/\evil`), GHSA-j7px-6hwj-hpjg
 *   (CVE-2020-5233, `/\t/evil`), GHSA-4mf2-f3wh-gvf2 (CVE-2021-21291, `evilexample.com` against
 *   a `.example.com` whitelist), GHSA-5m6c-jp6f-2vcv (CVE-2020-11053, backslash and tab forms);
 * - Keycloak: CVE-2023-6927 (`..;@` path confusion), CVE-2024-1132 (`/../` in redirect_uri),
 *   CVE-2023-6134 / CVE-2020-10748 (wildcard and scheme tricks, `javascript:` / `data:`);
 * - PayloadsAllTheThings "Open Redirect" list (userinfo, encoded separators, unicode dots,
 *   numeric IPs, whitespace and CR/LF, fragment and query confusion).
 * Every trick gets 400 with no Location from /bff/redirect and the 400 page from /authentication,
 * and the upstream is never asked for a code.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brandRoute, DEFAULT_BRAND_PREFIX, ROUTES } from '@shared/routes';
import { startBff, stubAllowlist, type TestBff } from '@tests/support/bff-harness';
import { rawRequest } from '@tests/support/http';
import { ok, sendJson, startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';

const TRICKS: string[] = [
  // scheme-relative and slash/backslash confusion
  '//evil.com',
  '///evil.com',
  '////evil.com/',
  '/\\evil.com',
  '\\/evil.com',
  '/\\/evil.com',
  '\\\\evil.com',
  '/%09/evil.com',
  '/\t/evil.com',
  '/%5cevil.com',
  '%2f%2fevil.com',
  '/%2f%2fevil.com',
  '//%2fevil.com',
  'https:evil.com',
  'https:/evil.com',
  'https:\\\\evil.com',
  'https:/\\evil.com',
  'https://\\evil.com',
  // userinfo
  'https://example.com@evil.com',
  'https://example.com:443@evil.com',
  'https://evil.com\\@example.com',
  'https://evil.com%5c@example.com',
  'https://example.com%2f@evil.com',
  'https://example.com%40evil.com',
  'https://example.com\\@evil.com',
  'https://user:pass@example.com/',
  'https://:@evil.com',
  // lookalike hosts and suffix/prefix matches
  'https://evilexample.com',
  'https://example.com.evil.com',
  'https://example.comevil.com',
  'https://evil.com/example.com',
  'https://evil.com?example.com',
  'https://evil.com#example.com',
  'https://evil.com#.example.com',
  'https://evil.com?.example.com',
  'https://evil.com\\.example.com',
  'https://evil.com;.example.com',
  'https://evil.com%23.example.com',
  'https://evil.com%3F.example.com',
  'https://evil.com%00.example.com',
  'https://evil.com%09.example.com',
  'https://evil.com%0a.example.com',
  'https://evil.com&.example.com',
  'https://example.com.',
  'https://example.com..',
  'https://.example.com',
  'https://EXAMPLE.com.evil.com',
  // unicode and encodings
  'https://evil.com%E3%80%82example.com',
  'https://evil。com',
  'https://exаmple.com',
  'https://ⓔxample.com',
  'https://example.com%ef%bc%8f@evil.com',
  'https://xn--exmple-cua.com',
  'https://%65vil.com',
  'https://example%2ecom',
  // paths that climb out (Keycloak): only the encoded one can change the host
  'https://example.com%2f..%2f@evil.com',
  // schemes
  'javascript:alert(1)',
  'javascript://example.com/%0aalert(1)',
  'JaVaScRiPt:alert(1)//https://example.com',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/',
  'http://example.com/',
  'ws://example.com/',
  'https://example.com:8443/',
  'https://example.com:0/',
  'https://example.com:65536/',
  // loopback and numeric hosts are refused in production
  'http://localhost:3000/cb',
  'https://localhost/',
  'https://127.0.0.1/',
  'https://2130706433/',
  'https://0x7f.1/',
  'https://0177.0.0.1/',
  'https://[::1]/',
  'https://[::ffff:7f00:1]/',
  'https://169.254.169.254/latest/meta-data/',
  // whitespace, control characters, CR/LF
  ' https://evil.com',
  '\thttps://evil.com',
  'https://evil.com\texample.com',
  'https://exa\tmple.com',
  'https://example.com/\r\nLocation: https://evil.com',
  '\u0000https://example.com',
  // relative and empty
  '',
  ' ',
  '/',
  '/usercenter',
  'evil.com',
  'example.com',
  '.example.com',
  '@evil.com',
  ':evil.com',
];

const ADMITTED = [
  'https://example.com/',
  'https://app.example.com/cb?x=1#top',
  'https://a.b.example.com/path',
];
// Tricks aimed at path-matching checkers (Keycloak CVE-2023-6927, CVE-2024-1132) and header
// injection: a host-based check lets them through, and they land on the allow-listed host.
const SAME_HOST = [
  'https://example.com/..;@evil.com',
  'https://example.com/../evil.com',
  'https://example.com/%0d%0aSet-Cookie:x=1',
  'https://example.com/%2f%2fevil.com',
];

let upstream: UpstreamDouble;
let bff: TestBff;
beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff({
    upstream: upstream.url,
    allowlist: stubAllowlist(['example.com']),
    env: {
      APP_ENV: 'production',
      UAA_UPSTREAM: upstream.url,
      RATE_LIMITS_FILE: '',
      ALIYUN_CAPTCHA_PREFIX: 'pfx',
      ALIYUN_CAPTCHA_SCENE_ID: 'scene',
    },
  });
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
  console.info(
    `open-redirect suite: ${TRICKS.length + 6} tricks refused on 3 routes, ${SAME_HOST.length} path tricks kept on the allowed host`,
  );
});
beforeEach(() => {
  upstream.reset();
  upstream.respond((_req, res) => sendJson(res, 200, ok({ code: 'one-time-code' })));
});

const get = (path: string, cookie?: string) =>
  rawRequest(bff.url, { path, headers: { lang: 'en-US', ...(cookie ? { cookie } : {}) } });

describe('open-redirect tricks from public advisories', () => {
  it.each(TRICKS.map((t) => [JSON.stringify(t), t]))('refuses %s', async (_name, trick) => {
    const to = encodeURIComponent(trick);
    const redirect = await get(`/bff/redirect?to=${to}`);
    expect(redirect.status).toBe(400);
    expect(redirect.headers.location).toBeUndefined();
    expect(JSON.parse(redirect.text).msgCode).toBe('A0100');

    for (const route of [ROUTES.authentication, brandRoute(DEFAULT_BRAND_PREFIX, 'authentication')]) {
      const auth = await get(`${route}?clientId=uaa-media&redirect=${to}&state=s`, 'uaa-token=signed-in');
      expect(auth.status, route).toBe(400);
      expect(auth.headers.location).toBeUndefined();
    }
    expect(upstream.requests).toEqual([]);
  });

  it('still admits the allow-listed targets (the refusals above are not a closed door)', async () => {
    for (const target of ADMITTED) {
      const redirect = await get(`/bff/redirect?to=${encodeURIComponent(target)}`);
      expect(redirect.status, target).toBe(302);
      expect(redirect.headers.location).toBe(new URL(target).href);
      const auth = await get(
        `/authentication?clientId=uaa-media&redirect=${encodeURIComponent(target)}`,
        'uaa-token=t',
      );
      expect(auth.status, target).toBe(302);
      expect(new URL(auth.headers.location!).searchParams.get('code')).toBe('one-time-code');
      expect(new URL(auth.headers.location!).host).toBe(new URL(target).host);
    }
  });

  it('keeps path tricks on the allow-listed host, with no header injected', async () => {
    for (const target of SAME_HOST) {
      const redirect = await get(`/bff/redirect?to=${encodeURIComponent(target)}`);
      expect(redirect.status, target).toBe(302);
      const location = new URL(redirect.headers.location!);
      expect(location.host).toBe('example.com');
      expect(redirect.headers.location).not.toMatch(/[\r\n]/);
      expect(redirect.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a redirect given twice, or unencoded tricks in the raw query', async () => {
    for (const path of [
      '/bff/redirect?to=https://example.com/&to=https://evil.com/',
      '/bff/redirect?to=//evil.com',
      '/bff/redirect?to=/\\evil.com',
      '/bff/redirect?to=https://example.com@evil.com',
      '/bff/redirect?to[]=https://example.com/',
      '/bff/redirect?to[href]=https://example.com/',
    ]) {
      const reply = await get(path);
      expect(reply.status, path).toBe(400);
      expect(reply.headers.location).toBeUndefined();
    }
    const twice = await get(
      '/authentication?clientId=uaa-media&redirect=https://example.com/&redirect=https://evil.com/',
      'uaa-token=t',
    );
    expect(twice.status).toBe(400);
    expect(upstream.requests).toEqual([]);
  });
});
