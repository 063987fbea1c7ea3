import request, { type Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appConfigOf,
  productionEnv,
  startBff,
  stubAllowlist,
  type TestBff,
} from '@tests/support/bff-harness';
import { ok, sendJson, startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';

let upstream: UpstreamDouble;
let dev: TestBff;
let staging: TestBff;
let production: TestBff;

beforeAll(async () => {
  upstream = await startUpstream();
  dev = await startBff({ upstream: upstream.url });
  staging = await startBff({ upstream: upstream.url, env: { APP_ENV: 'staging' } });
  production = await startBff({
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
  await Promise.all([dev.close(), staging.close(), production.close()]);
  await upstream.close();
});

function directives(reply: Response): Map<string, string> {
  const csp = String(reply.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

function expectPolicyHeaders(reply: Response): void {
  const csp = directives(reply);
  expect(csp.get('default-src')).toBe("'self'");
  expect(csp.get('script-src')).toBe("'self'");
  expect(csp.get('style-src')).toBe("'self'");
  expect(csp.get('object-src')).toBe("'none'");
  expect(csp.get('base-uri')).toBe("'none'");
  expect(csp.get('frame-ancestors')).toMatch(/^'self'/);
  expect(reply.headers['x-content-type-options']).toBe('nosniff');
  expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(reply.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  expect(reply.headers['x-powered-by']).toBeUndefined();
}

const kinds = {
  'an SPA route': (bff: TestBff) => request(bff.url).get('/login'),
  'an API reply': (bff: TestBff) =>
    request(bff.url).post('/gw/uaa-be/api/v1/login/getUserInfo').set('X-CSRF', '1'),
  'a BFF error': (bff: TestBff) => request(bff.url).post('/gw/uaa-be/api/v1/login/getUserInfo'),
  'a redirect': (bff: TestBff) =>
    request(bff.url).get('/authentication?clientId=c&redirect=https%3A%2F%2Fevil.example'),
  'a health check': (bff: TestBff) => request(bff.url).get('/healthz'),
};

describe('security headers', () => {
  it.each(Object.entries(kinds))('are on %s', async (_kind, send) => {
    const reply = await send(dev);
    expectPolicyHeaders(reply);
  });

  it('leave HSTS out in development', async () => {
    for (const send of Object.values(kinds)) {
      expect((await send(dev)).headers['strict-transport-security']).toBeUndefined();
    }
  });

  it.each([
    ['staging', () => staging],
    ['production', () => production],
  ])('send HSTS in %s', async (_env, bff) => {
    for (const send of Object.values(kinds)) {
      expect((await send(bff())).headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    }
  });

  it('derive the environment from the host when APP_ENV is unset', async () => {
    const reply = await request(dev.url).get('/login').set('Host', 'sso.example.com');
    expect(reply.headers['strict-transport-security']).toMatch(/max-age=/);
  });

  it('admit the captcha vendor script only when it is configured', async () => {
    const reply = await request(production.url).get('/login');
    expect(directives(reply).get('script-src')).toBe("'self' https://o.alicdn.com");
  });

  it.each([
    ['a JSON reply', 'application/json', JSON.stringify(ok())],
    ['an HTML reply', 'text/html', '<script>alert(1)</script>'],
  ])("cannot be weakened by the upstream's own headers on %s", async (_kind, type, body) => {
    upstream.respond((_req, res) => {
      res.writeHead(200, {
        'content-type': type,
        'content-security-policy': "default-src * 'unsafe-inline'",
        'referrer-policy': 'unsafe-url',
        'cross-origin-opener-policy': 'unsafe-none',
        'strict-transport-security': 'max-age=0',
      });
      res.end(body);
    });
    try {
      const reply = await request(staging.url).post('/gw/uaa-be/api/v1/login/getUserInfo').set('X-CSRF', '1');
      // An HTML page is never a UAA answer: the gateway's 502 envelope goes out instead of it.
      expect(reply.status).toBe(type === 'text/html' ? 502 : 200);
      expect(reply.text).not.toContain('<script>');
      expectPolicyHeaders(reply);
      expect(reply.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    } finally {
      upstream.respond((_req, res) => sendJson(res, 200, ok()));
    }
  });
});

describe('framing', () => {
  // The intern widget's parameters: a redirect naming the intern platform.
  const WIDGET = '?clientId=uaa-intern&redirect=https%3A%2F%2Fintern.example.com%2Fwelcome';
  const EMBEDDABLE = [
    `/login${WIDGET}`,
    `/register${WIDGET}`,
    `/forget${WIDGET}`,
    `/setphone${WIDGET}`,
    `/xlab-login${WIDGET}`,
    `/xlab-register${WIDGET}`,
    `/xlab-forget${WIDGET}`,
    // The widget's last step, whose refusal page the frame must show.
    `/authentication${WIDGET}`,
    `/xlab-authentication${WIDGET}`,
    '/bff/redirect?to=https%3A%2F%2Fintern.example.com%2Fwelcome',
    // Spelled differently, the same page.
    `/Login/${WIDGET}`,
    `/XLAB-REGISTER${WIDGET}`,
  ];

  it.each(EMBEDDABLE)(
    'lets the allow-listed sub-platforms frame %s, with no X-Frame-Options and a cross-origin CORP',
    async (path) => {
      const reply = await request(dev.url).get(path);
      expect(directives(reply).get('frame-ancestors')).toBe(
        "'self' https://example.com https://*.example.com http://localhost:* http://127.0.0.1:*",
      );
      expect(reply.headers['x-frame-options']).toBeUndefined();
      // Chromium refuses a framed document whose CORP is same-origin.
      expect(reply.headers['cross-origin-resource-policy']).toBe('cross-origin');
    },
  );

  it('leaves loopback out of the frame ancestors in production', async () => {
    const reply = await request(production.url).get(`/login${WIDGET}`);
    expect(directives(reply).get('frame-ancestors')).toBe("'self' https://example.com https://*.example.com");
  });

  it("leaves loopback out in production even when the allow-list names it: it is the visitor's own machine", async () => {
    const shared = await startBff({
      upstream: upstream.url,
      env: productionEnv(upstream.url),
      allowlist: stubAllowlist(['example.com', 'localhost', '127.0.0.1']),
    });
    try {
      const reply = await request(shared.url).get(`/login${WIDGET}`);
      expect(directives(reply).get('frame-ancestors')).toBe(
        "'self' https://example.com https://*.example.com",
      );
      const config = appConfigOf(reply.text);
      expect(config.openerOrigins).toEqual([shared.url, 'https://example.com']);
    } finally {
      await shared.close();
    }
  });

  it.each([
    '/admin',
    '/admin/platform',
    '/admin/user/edit',
    '/usercenter',
    '/bff/session',
    '/',
    // The widget's pages without its parameters, and pages that are never the widget's with them.
    '/login',
    '/xlab-register',
    '/authentication?clientId=c&redirect=https%3A%2F%2Fevil.example',
    '/bff/redirect?to=https%3A%2F%2Fevil.example',
    `/usercenter${WIDGET}`,
    `/admin${WIDGET}`,
    `/wechat${WIDGET}`,
  ])('lets only this origin frame %s', async (path) => {
    const reply = await request(dev.url).get(path);
    expect(directives(reply).get('frame-ancestors')).toBe("'self'");
    expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(reply.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('lets only this origin frame API replies', async () => {
    const reply = await request(dev.url).post('/gw/uaa-be/api/v1/login/getUserInfo').set('X-CSRF', '1');
    expect(directives(reply).get('frame-ancestors')).toBe("'self'");
  });

  it('admits no allow-list entry that is not a plain host name', async () => {
    const odd = await startBff({
      upstream: upstream.url,
      allowlist: stubAllowlist([
        'ok.example',
        "evil.example; script-src 'unsafe-inline'",
        'sp ace.example',
        '*',
      ]),
    });
    try {
      const reply = await request(odd.url).get(`/register${WIDGET}`);
      expect(reply.status).toBe(200);
      expect(directives(reply).get('frame-ancestors')).toBe(
        "'self' https://ok.example https://*.ok.example http://localhost:* http://127.0.0.1:*",
      );
      expect(directives(reply).get('script-src')).toBe("'self'");
    } finally {
      await odd.close();
    }
  });
});

describe('opener policy', () => {
  // A popup keeps its opener only if every page it shows lets it: the pages a login popup goes
  // through (spec §4's popup mode; our own third-party popups once a provider's page was between).
  it.each([
    '/wechat',
    '/midpage',
    '/carsi-login?code=c&state=s',
    '/github-login?code=c&state=s',
    '/xlab-wechat',
    '/__dev/oauth/carsi?state=s',
    '/__dev/oauth/github',
    '/login?openerOrigin=https%3A%2F%2Fexample.com',
    '/xlab-login?lang=en-US&openerOrigin=https%3A%2F%2Fexample.com',
    // Spelled differently, the same page.
    '/Carsi-Login/',
  ])('lets %s keep its opener', async (path) => {
    for (const bff of [dev, production]) {
      const reply = await request(bff.url).get(path);
      expect(reply.headers['cross-origin-opener-policy'], path).toBe('unsafe-none');
    }
  });

  it.each([
    '/login',
    '/login?lang=en-US',
    '/register?openerOrigin=https%3A%2F%2Fexample.com',
    // An opener the page may not talk to keeps no handle on it.
    '/login?openerOrigin=https%3A%2F%2Fevil.example',
    '/login?openerOrigin=null',
    '/login?openerOrigin',
    '/login?openerOrigin=https%3A%2F%2Fevil.example&openerOrigin=https%3A%2F%2Fexample.com',
    '/usercenter',
    '/admin',
  ])('keeps same-origin-allow-popups on %s', async (path) => {
    const reply = await request(dev.url).get(path);
    expect(reply.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('changes nothing else on those pages', async () => {
    const [popup, plain] = await Promise.all([
      request(production.url).get('/login?openerOrigin=https%3A%2F%2Fexample.com'),
      request(production.url).get('/login'),
    ]);
    const varying = new Set(['cross-origin-opener-policy', 'date', 'etag', 'content-length', 'x-request-id']);
    for (const [name, value] of Object.entries(plain.headers))
      if (!varying.has(name)) expect(popup.headers[name], name).toEqual(value);
  });
});
