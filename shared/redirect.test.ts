import { describe, expect, it } from 'vitest';
import type { AppEnv } from './environment';
import { checkRedirect, normalizeDomain, withCode, type RedirectVerdict } from './redirect';

const ALLOW = ['allowed.com', '*.wild.org'];
const ENVS: readonly AppEnv[] = ['development', 'staging', 'production'];
const NON_PROD: readonly AppEnv[] = ['development', 'staging'];

type Reason = Extract<RedirectVerdict, { ok: false }>['reason'];

const reasonOf = (raw: unknown, env: AppEnv, allow: readonly string[] = ALLOW): Reason | 'ok' => {
  const verdict = checkRedirect(raw, allow, env);
  return verdict.ok ? 'ok' : verdict.reason;
};

/**
 * Refused in every environment. Drawn from open-redirect advisories (oauth2-proxy
 * GHSA-4mf2-f3wh-gvf2 / GHSA-5m6c-jp6f-2vcv, Keycloak redirect_uri bypasses) and the
 * PayloadsAllTheThings open-redirect lists.
 */
const REFUSED_EVERYWHERE: [string, string, Reason][] = [
  // userinfo: the real host follows the @
  ['allowed host as userinfo', 'https://allowed.com@evil.com', 'userinfo'],
  ['userinfo with password', 'https://allowed.com:pass@evil.com/', 'userinfo'],
  ['userinfo on an allowed host', 'https://user:pass@allowed.com/', 'userinfo'],
  ['default port as userinfo', 'https://allowed.com:443@evil.com', 'userinfo'],
  ['semicolon before @', 'https://evil.com;@allowed.com', 'userinfo'],
  ['encoded slash then @', 'https://allowed.com%2f@evil.com', 'userinfo'],
  ['@ then path', 'https://allowed.com@evil.com/allowed.com', 'userinfo'],
  // backslashes: browsers read \ as / in special URLs
  ['backslash before @', 'https://evil.com\\@allowed.com', 'syntax'],
  ['backslash after the allowed host', 'https://allowed.com\\@evil.com', 'syntax'],
  ['backslash as the path start', 'https://allowed.com\\.evil.com', 'syntax'],
  ['slash-backslash', '/\\evil.com', 'syntax'],
  ['double backslash', '\\\\evil.com', 'syntax'],
  ['scheme with slash-backslash', 'https:/\\evil.com', 'syntax'],
  ['scheme with backslashes', 'https:\\\\evil.com', 'syntax'],
  // scheme-relative, relative and scheme-only forms
  ['scheme-relative', '//evil.com', 'scheme'],
  ['scheme-relative to an allowed host', '//allowed.com/cb', 'scheme'],
  ['triple slash scheme-relative', '///evil.com', 'scheme'],
  ['relative path', '/usercenter', 'scheme'],
  ['bare host', 'allowed.com', 'scheme'],
  ['scheme without slashes', 'https:evil.com', 'scheme'],
  ['scheme without slashes, allowed host', 'https:allowed.com', 'scheme'],
  ['scheme with one slash', 'https:/allowed.com', 'scheme'],
  ['empty authority', 'https:///evil.com', 'authority'],
  ['empty authority, allowed host in path', 'https:///allowed.com/', 'authority'],
  ['empty host with a port', 'https://:443/', 'syntax'],
  // dangerous and foreign schemes
  ['javascript:', 'javascript:alert(1)', 'scheme'],
  ['javascript: with an allowed host', 'javascript://allowed.com/%0aalert(1)', 'scheme'],
  ['mixed-case javascript:', 'JaVaScRiPt:alert(document.domain)', 'scheme'],
  ['data:', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'scheme'],
  ['vbscript:', 'vbscript:msgbox(1)', 'scheme'],
  ['ftp:', 'ftp://allowed.com/', 'scheme'],
  ['file:', 'file:///etc/passwd', 'scheme'],
  ['ws:', 'wss://allowed.com/', 'scheme'],
  ['httpx:', 'httpss://allowed.com/', 'scheme'],
  // whitespace, control characters and NUL (parsers strip or split on them)
  ['leading space', ' https://allowed.com/', 'syntax'],
  ['trailing space', 'https://allowed.com/ ', 'syntax'],
  ['tab inside the host', 'https://allo\twed.com/', 'syntax'],
  ['tab inside the scheme', 'java\tscript:alert(1)', 'syntax'],
  ['newline inside the host', 'https://evil.com\n.allowed.com/', 'syntax'],
  ['CRLF header injection', 'https://allowed.com/\r\nSet-Cookie: a=b', 'syntax'],
  ['NUL inside the host', 'https://allowed.com\u0000.evil.com/', 'syntax'],
  ['NUL at the end', 'https://allowed.com/\u0000', 'syntax'],
  ['DEL', 'https://allowed.com/\u007f', 'syntax'],
  ['vertical tab', 'https://allowed.com\u000b/', 'syntax'],
  ['non-breaking space', 'https://allowed.com\u00a0/', 'syntax'],
  // unicode: homoglyphs, IDN normalisation, full-width separators
  ['Cyrillic a homoglyph', 'https://\u0430llowed.com/', 'syntax'],
  ['circled a (IDNA maps it to a)', 'https://\u24d0llowed.com/', 'syntax'],
  ['full-width letters', 'https://\uff41llowed.com/', 'syntax'],
  ['ideographic full stop', 'https://evil.com\u3002allowed.com/', 'syntax'],
  ['full-width full stop', 'https://allowed\uff0ecom/', 'syntax'],
  ['full-width solidus', 'https://allowed.com\uff0fevil.com', 'syntax'],
  ['two-dot leader', 'https://allowed.com\u2025evil.com', 'syntax'],
  ['right-to-left override', 'https://moc.dewolla\u202e.evil.com/', 'syntax'],
  ['zero-width space', 'https://allowed.com\u200b.evil.com/', 'syntax'],
  ['emoji host', 'https://\ud83d\ude00.allowed.com/', 'syntax'],
  ['punycode look-alike', 'https://xn--llowed-4we.com/', 'host'],
  // percent-encoding in the authority
  ['%2e in the host', 'https://allowed%2ecom/', 'authority'],
  ['%2E in the host', 'https://evil.com%2Eallowed.com/', 'authority'],
  ['%40 in the host', 'https://evil.com%40allowed.com/', 'authority'],
  ['%61 for a', 'https://%61llowed.com/', 'authority'],
  ['%23 before an allowed suffix', 'https://evil.com%23.allowed.com/', 'authority'],
  ['%2f in the host', 'https://evil.com%2f.allowed.com/', 'authority'],
  ['%00 in the host', 'https://allowed.com%00.evil.com/', 'authority'],
  ['double encoding', 'https://evil.com%252eallowed.com/', 'authority'],
  // trailing dots
  ['trailing dot', 'https://allowed.com./', 'host'],
  ['trailing dot on a subdomain', 'https://a.allowed.com./cb', 'host'],
  ['two trailing dots', 'https://allowed.com../', 'host'],
  // suffix and prefix tricks
  ['suffix without a dot boundary', 'https://evilallowed.com/', 'host'],
  ['x prefix', 'https://xallowed.com/', 'host'],
  ['hyphen prefix', 'https://evil-allowed.com/', 'host'],
  ['allowed host as a subdomain of evil', 'https://allowed.com.evil.com/', 'host'],
  ['allowed host glued to evil', 'https://allowed.comevil.com/', 'host'],
  ['shorter TLD', 'https://allowed.co/', 'host'],
  ['allowed host in the path', 'https://evil.com/allowed.com', 'host'],
  ['allowed host after a dot in the path', 'https://evil.com/.allowed.com', 'host'],
  ['allowed host in the query', 'https://evil.com/?r=https://allowed.com', 'host'],
  ['allowed host after #@', 'https://evil.com#@allowed.com', 'host'],
  ['allowed host after ?@', 'https://evil.com?@allowed.com', 'host'],
  ['wildcard entry does not match the bare suffix', 'https://evilwild.org/', 'host'],
  // ports
  ['non-default https port', 'https://allowed.com:8443/', 'port'],
  ['port 80 on https', 'https://allowed.com:80/', 'port'],
  ['port 444', 'https://sub.allowed.com:444/cb', 'port'],
  // http on a non-loopback host
  ['http on the allowed host', 'http://allowed.com/', 'scheme'],
  ['http on a subdomain', 'http://a.allowed.com/cb', 'scheme'],
  ['http with the default https port', 'http://allowed.com:443/', 'scheme'],
  ['http on a localhost look-alike', 'http://localhost.evil.com:3000/', 'scheme'],
  ['http on a nip.io loopback', 'http://127.0.0.1.nip.io/', 'scheme'],
  ['http on 0.0.0.0', 'http://0.0.0.0:3000/', 'scheme'],
  ['http on another loopback address', 'http://127.0.0.2:3000/', 'scheme'],
  // IP literals
  ['public IPv4', 'https://1.2.3.4/', 'host'],
  ['IPv6', 'https://[2001:db8::1]/', 'host'],
  ['IPv4-mapped IPv6 loopback', 'https://[::ffff:7f00:1]/', 'host'],
  ['metadata address', 'https://169.254.169.254/', 'host'],
  // non-canonical hosts the parser rewrites
  ['decimal IPv4', 'https://2130706433/', 'authority'],
  ['hex IPv4', 'https://0x7f000001/', 'authority'],
  ['short IPv4', 'https://127.1/', 'authority'],
  ['octal IPv4', 'https://0177.0.0.1/', 'authority'],
  ['mapped IPv4 written dotted', 'https://[::ffff:127.0.0.1]/', 'authority'],
  // uppercase does not help an evil host
  ['uppercase evil host', 'https://EVIL.COM/', 'host'],
  ['uppercase suffix trick', 'https://EVILALLOWED.COM/', 'host'],
];

describe('checkRedirect refuses', () => {
  for (const env of ENVS) {
    it.each(REFUSED_EVERYWHERE)(`${env}: %s (%s) → %s`, (_label, raw, reason) => {
      expect(reasonOf(raw, env)).toBe(reason);
    });
  }

  it.each([undefined, null, 42, {}, ['https://allowed.com/'], ''])('non-string or empty input %j', (raw) => {
    for (const env of ENVS) expect(reasonOf(raw, env)).toBe('syntax');
  });

  it('over-long input', () => {
    const raw = `https://allowed.com/${'a'.repeat(2049 - 'https://allowed.com/'.length)}`;
    expect(raw).toHaveLength(2049);
    expect(reasonOf(raw, 'production')).toBe('syntax');
    expect(reasonOf(raw.slice(0, 2048), 'production')).toBe('ok');
  });

  it('everything when the allow-list is empty or holds only blank entries', () => {
    for (const allow of [[], [''], ['  '], ['*.'], ['.']]) {
      expect(reasonOf('https://allowed.com/', 'production', allow)).toBe('host');
      expect(reasonOf('https://evil.com/', 'production', allow)).toBe('host');
    }
  });
});

describe('checkRedirect and loopback', () => {
  const LOOPBACK: [string, string][] = [
    ['localhost with a port over http', 'http://localhost:3000/cb?x=1'],
    ['localhost without a port', 'http://localhost/'],
    ['localhost over https with a port', 'https://localhost:5173/'],
    ['uppercase LOCALHOST', 'HTTP://LOCALHOST:8080/'],
    ['127.0.0.1', 'http://127.0.0.1:8080/'],
    ['[::1]', 'http://[::1]:3000/'],
  ];

  for (const env of NON_PROD) {
    it.each(LOOPBACK)(`${env} admits %s (any port, http allowed)`, (_label, raw) => {
      expect(reasonOf(raw, env, [])).toBe('ok');
    });
  }

  it.each(LOOPBACK)('production refuses %s', (_label, raw) => {
    expect(reasonOf(raw, 'production', [])).not.toBe('ok');
  });

  it('production refuses localhost even when the allow-list names it', () => {
    expect(reasonOf('https://localhost/', 'production', ['localhost'])).toBe('host');
    expect(reasonOf('https://127.0.0.1/', 'production', ['127.0.0.1'])).toBe('host');
    expect(reasonOf('http://localhost:3000/', 'production', ['localhost'])).toBe('scheme');
    expect(reasonOf('https://localhost:3000/', 'production', ['localhost'])).toBe('port');
    // Every *.localhost is the visitor's own machine too.
    expect(reasonOf('https://app.localhost/cb', 'production', ['localhost'])).toBe('host');
    // Outside production a developer's own *.localhost name serves as a sub-platform.
    expect(reasonOf('https://app.localhost/cb', 'staging', ['localhost'])).toBe('ok');
  });

  it.each([
    ['userinfo before localhost', 'http://localhost@evil.com/', 'userinfo'],
    ['localhost as userinfo', 'http://evil.com@localhost:3000/', 'userinfo'],
    ['localhost after #@', 'http://evil.com#@localhost:3000/', 'scheme'],
    ['trailing-dot localhost', 'http://localhost.:3000/', 'scheme'],
    ['localhost subdomain', 'http://evil.localhost:3000/', 'scheme'],
    ['decimal loopback', 'http://2130706433:3000/', 'authority'],
    ['short loopback', 'http://127.1:3000/', 'authority'],
    ['hex loopback', 'http://0x7f.0.0.1/', 'authority'],
    ['uncompressed IPv6 loopback', 'http://[0:0:0:0:0:0:0:1]:3000/', 'authority'],
    ['percent-encoded localhost', 'http://%6cocalhost:3000/', 'authority'],
    ['backslash after localhost', 'http://localhost:3000\\@evil.com/', 'syntax'],
  ])('development still refuses %s', (_label, raw, reason) => {
    expect(reasonOf(raw, 'development', [])).toBe(reason);
  });
});

describe('checkRedirect admits', () => {
  const ADMITTED: [string, string, string][] = [
    ['the exact domain', 'https://allowed.com', 'https://allowed.com/'],
    [
      'the exact domain with a path, query and fragment',
      'https://allowed.com/cb?x=1#top',
      'https://allowed.com/cb?x=1#top',
    ],
    ['a dot-boundary subdomain', 'https://app.allowed.com/callback', 'https://app.allowed.com/callback'],
    ['a deeper subdomain', 'https://a.b.allowed.com/', 'https://a.b.allowed.com/'],
    ['an uppercase host (canonicalised)', 'HTTPS://App.ALLOWED.com/Cb', 'https://app.allowed.com/Cb'],
    ['the explicit default port', 'https://allowed.com:443/cb', 'https://allowed.com/cb'],
    [
      'percent-encoding outside the authority',
      'https://allowed.com/a%20b?q=%40x',
      'https://allowed.com/a%20b?q=%40x',
    ],
    ['@ after the authority', 'https://allowed.com/?u=a@b.com', 'https://allowed.com/?u=a@b.com'],
    [
      'a foreign URL in the query',
      'https://allowed.com/?next=https://evil.com',
      'https://allowed.com/?next=https://evil.com',
    ],
    ['a wildcard entry, subdomain', 'https://x.wild.org/', 'https://x.wild.org/'],
    ['a wildcard entry, the domain itself', 'https://wild.org/', 'https://wild.org/'],
  ];

  for (const env of ENVS) {
    it.each(ADMITTED)(`${env}: %s`, (_label, raw, href) => {
      const verdict = checkRedirect(raw, ALLOW, env);
      expect(verdict.ok).toBe(true);
      if (verdict.ok) expect(verdict.url.href).toBe(href);
    });
  }

  it('normalises allow-list entries (case, spaces, leading *. or ., trailing dot)', () => {
    expect(reasonOf('https://app.allowed.com/', 'production', [' ALLOWED.com. '])).toBe('ok');
    expect(reasonOf('https://app.allowed.com/', 'production', ['.allowed.com'])).toBe('ok');
    expect(reasonOf('https://app.allowed.com/', 'production', ['*.allowed.com'])).toBe('ok');
    expect(normalizeDomain(' *.Allowed.COM. ')).toBe('allowed.com');
    expect(normalizeDomain('')).toBe('');
  });
});

describe('withCode', () => {
  const href = (raw: string, code: string, state?: string) => withCode(new URL(raw), code, state);

  it('appends the code before the fragment', () => {
    expect(href('https://app.allowed.com/cb#/home', 'C1')).toBe('https://app.allowed.com/cb?code=C1#/home');
    expect(href('https://app.allowed.com/cb', 'C1')).toBe('https://app.allowed.com/cb?code=C1');
  });

  it('keeps the other parameters, in order, and the fragment untouched', () => {
    const out = new URL(
      href('https://app.allowed.com/cb?a=1&next=%2Fhome%3Fx%3D1&b=two#frag?code=keep', 'C1'),
    );
    expect([...out.searchParams]).toEqual([
      ['a', '1'],
      ['next', '/home?x=1'],
      ['b', 'two'],
      ['code', 'C1'],
    ]);
    expect(out.hash).toBe('#frag?code=keep');
    expect(out.origin + out.pathname).toBe('https://app.allowed.com/cb');
  });

  it('replaces an existing code, including repeated and encoded-name copies', () => {
    const out = new URL(href('https://app.allowed.com/cb?code=old&x=1&co%64e=attacker&code=again', 'NEW'));
    expect(out.searchParams.getAll('code')).toEqual(['NEW']);
    expect(out.searchParams.get('x')).toBe('1');
  });

  it('encodes the code so it cannot add parameters or a fragment', () => {
    const out = new URL(href('https://app.allowed.com/cb?x=1', 'a&admin=1#frag'));
    expect(out.searchParams.get('code')).toBe('a&admin=1#frag');
    expect(out.searchParams.has('admin')).toBe(false);
    expect(out.hash).toBe('');
  });

  it('sets or replaces state when given, and leaves it alone otherwise', () => {
    expect(
      new URL(href('https://app.allowed.com/cb?state=old', 'C1', 'S2')).searchParams.getAll('state'),
    ).toEqual(['S2']);
    expect(new URL(href('https://app.allowed.com/cb', 'C1', 'S2')).searchParams.get('state')).toBe('S2');
    expect(new URL(href('https://app.allowed.com/cb?state=keep', 'C1')).searchParams.get('state')).toBe(
      'keep',
    );
  });

  it('does not mutate the URL it is given', () => {
    const url = new URL('https://app.allowed.com/cb?code=old');
    withCode(url, 'NEW');
    expect(url.href).toBe('https://app.allowed.com/cb?code=old');
  });
});
