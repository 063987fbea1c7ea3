/**
 * A seeded request generator for the fuzz suites: paths, query strings, headers and JSON bodies
 * built from the endpoint table and the field names of the UAA contract, then bent out of shape
 * (wrong types, deep nesting, huge strings, invalid UTF-8, duplicate parameters and headers,
 * prototype keys). The same seed gives the same requests, so a failure can be replayed.
 */
import { connect } from 'node:net';
import { ENDPOINTS } from '@shared/contract/endpoints';

/** xorshift32: tiny, deterministic, good enough to pick cases. */
export function prng(seed: number) {
  let x = seed >>> 0 || 1;
  const next = (): number => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x1_0000_0000;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
export type Rng = ReturnType<typeof prng>;

export interface RawRequest {
  method: string;
  /** Bytes of the request target, as sent (may be invalid UTF-8). */
  target: Buffer;
  headers: [string, Buffer | string][];
  body: Buffer;
}

const ENDPOINT_PATHS = Object.values(ENDPOINTS).map((e) => e.path.split('?')[0] as string);
const FIELDS = [
  'account',
  'password',
  'phone',
  'email',
  'code',
  'username',
  'nickname',
  'item',
  'type',
  'clientId',
  'autoLogin',
  'description',
  'ak',
  'sign',
  'token',
  'ssoUid',
  'ssoUids',
  'pageNumber',
  'pageSize',
  'ids',
  'id',
  'message',
  'function',
  'oauthFrom',
  'state',
  'roleIds',
  'current',
  'size',
  'source',
  'status',
  'userId',
  'resourceModule',
  'noPage',
  'displayName',
  'homePageUrl',
  'callback',
  'logoutUrl',
  'sso_uid',
  'createOrigins',
  'since',
  'until',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
];
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202e',
  '\ud800',
  '😀',
  '../../etc/passwd',
  '..%2f..%2f',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '%s%s%s%n',
  'NaN',
  'null',
  'undefined',
  'true',
  '-1',
  '1e309',
  '13800000000',
  'a@b.c',
  'admin',
  'Admin12345',
  'http://evil.example/',
  'javascript:alert(1)',
  '\r\nSet-Cookie: x=1',
  'constructor',
  '__proto__',
  'hasOwnProperty',
  '10000',
  'A0100',
];

function randomString(r: Rng, max: number): string {
  const n = r.int(max);
  let s = '';
  for (let i = 0; i < n; i++) {
    const kind = r.int(4);
    s +=
      kind === 0
        ? String.fromCharCode(0x20 + r.int(95))
        : kind === 1
          ? String.fromCharCode(r.int(0x10000))
          : kind === 2
            ? 'a'
            : String(r.int(10));
  }
  return s;
}

function value(r: Rng, depth: number): unknown {
  switch (r.int(12)) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.pick([0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER]);
    case 3:
      return r.pick(NASTY_STRINGS);
    case 4:
      return randomString(r, 40);
    case 5:
      return 'x'.repeat(r.pick([1000, 30_000, 99_000, 120_000]));
    case 6:
      return depth > 3 ? [] : Array.from({ length: r.int(4) }, () => value(r, depth + 1));
    case 7:
      return depth > 3 ? {} : object(r, depth + 1);
    default:
      return r.chance(0.5) ? randomString(r, 12) : r.int(100);
  }
}

function object(r: Rng, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const n = r.int(6);
  for (let i = 0; i < n; i++) out[r.pick(FIELDS)] = value(r, depth);
  return out;
}

function nested(depth: number, open: string, close: string, inner = '1'): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

/** A JSON-ish body: mostly well-formed with wrong types, sometimes not JSON at all. */
export function body(r: Rng): Buffer {
  switch (r.int(14)) {
    case 0:
      return Buffer.alloc(0);
    case 1:
      return Buffer.from(nested(r.pick([100, 1000, 5000, 20_000]), '[', ']'));
    case 2:
      return Buffer.from(nested(r.pick([100, 1000, 5000]), '{"a":', '}'));
    case 3:
      return Buffer.from(`{"phone":"1380000000${r.int(10)}","phone":["x"],"account":1,"account":"admin"}`);
    case 4:
      return Buffer.concat([
        Buffer.from('{"username":"'),
        Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]),
        Buffer.from('"}'),
      ]);
    case 5:
      return Buffer.from(
        '{"__proto__":{"isAdmin":true,"msgCode":"10000"},"constructor":{"prototype":{"x":1}}}',
      );
    case 6:
      return Buffer.from(
        r.pick([
          '{',
          '{"a":',
          'nul',
          'true',
          '"str"',
          '1e999',
          '[1,]',
          '{"a":1}{"b":2}',
          '\u0000',
          '\ufeff{}',
        ]),
      );
    case 7:
      return Buffer.from(JSON.stringify({ account: 'x'.repeat(r.pick([50_000, 200_000])) }));
    case 8:
      return Buffer.from(JSON.stringify(value(r, 0)));
    default:
      return Buffer.from(JSON.stringify(object(r, 0)));
  }
}

function pathSegment(r: Rng): string {
  return r.pick([
    'a',
    '..',
    '.',
    '%2e%2e',
    '%2F',
    '%5c',
    ';jsessionid=1',
    '%00',
    '%ff%fe',
    '%c0%af',
    '%',
    '%zz',
    '~',
    '*',
    'admin',
    'x'.repeat(r.pick([10, 300, 3000])),
    '%E2%80%AE',
    '@',
    ':',
    '\u00e9'.normalize(),
  ]);
}

function basePath(r: Rng, own: boolean): string {
  const bffPaths = [
    '/healthz',
    '/readyz',
    '/metrics',
    '/bff/session',
    '/bff/redirect',
    '/authentication',
    '/brand/authentication',
    '/login',
    '/register',
    '/usercenter',
    '/admin',
    '/__dev/outbox',
    '/__dev/location',
    '/static/js/main.3f9a1c.js',
    '/gw/upload/api/v1/uploadFile',
    '/',
    '/index.html',
    '/favicon.ico',
  ];
  const gateway = own ? '/gw/uaa-be' : '';
  if (own && r.chance(0.3)) return r.pick(bffPaths);
  return `${gateway}${r.pick(ENDPOINT_PATHS)}`;
}

function query(r: Rng): string {
  const params: string[] = [];
  const n = r.int(5);
  const keys = [
    'redirect',
    'to',
    'clientId',
    'state',
    'code',
    'lang',
    'key',
    'tag',
    'a[b]',
    'a[]',
    '__proto__[x]',
    'constructor',
  ];
  for (let i = 0; i < n; i++) {
    const key = r.pick(keys);
    const v = r.pick([
      'http://localhost:3000/cb',
      'https://evil.example',
      '//evil.example',
      '%ff',
      '%zz',
      'x'.repeat(r.pick([5, 5000])),
      '',
      'uaa-media',
      '%0d%0aX:1',
    ]);
    params.push(`${key}=${v}`);
    if (r.chance(0.3)) params.push(`${key}=${v}2`); // duplicate parameter
  }
  return params.length ? `?${params.join('&')}` : '';
}

export interface Session {
  cookie: string;
}

/** One generated request. `own` adds the BFF's own routes and the gateway prefix. */
export function generate(r: Rng, opts: { own: boolean; sessions: string[] }): RawRequest {
  const method = r.chance(0.7)
    ? 'POST'
    : r.pick(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'FOO', 'get']);
  let path = basePath(r, opts.own);
  if (r.chance(0.3)) path += `/${pathSegment(r)}`;
  if (r.chance(0.1)) path = path.replace(/\//g, r.pick(['//', '/./', '\\']));
  if (r.chance(0.1)) path = path.toUpperCase();
  let target = Buffer.from(path + (r.chance(0.4) ? query(r) : ''), 'latin1');
  if (r.chance(0.03)) target = Buffer.concat([target, Buffer.from([0xff, 0xc3, 0x28])]); // raw invalid UTF-8

  const headers: [string, Buffer | string][] = [];
  if (r.chance(0.8)) headers.push(['X-CSRF', r.chance(0.9) ? '1' : r.pick(['0', '', 'true', '1, 1'])]);
  if (r.chance(0.05)) headers.push(['X-CSRF', '1']); // duplicated header
  const ctype = r.pick([
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'application/json; charset=utf-16',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'multipart/form-data; boundary=x',
    'application/vnd.api+json',
    'application/json, text/plain',
    '',
  ]);
  if (ctype) headers.push(['Content-Type', ctype]);
  if (r.chance(0.5))
    headers.push(['lang', r.pick(['en-US', 'zh-CN', 'fr', '', 'en-US,zh-CN', 'x'.repeat(2000)])]);
  if (r.chance(0.5)) {
    const cookie =
      r.chance(0.6) && opts.sessions.length
        ? r.pick(opts.sessions)
        : r.pick([
            'uaa-token=',
            'uaa-token=%E0%A4%A',
            'uaa-token=abc; uaa-token=def',
            `uaa-token=${'a'.repeat(4000)}`,
            'j:{"a":1}',
            'uaa-token=j%3A%7B%7D',
          ]);
    headers.push(['Cookie', cookie]);
  }
  if (r.chance(0.2))
    headers.push(['Origin', r.pick(['https://evil.example', 'null', 'http://127.0.0.1', ''])]);
  if (r.chance(0.2))
    headers.push(['Sec-Fetch-Site', r.pick(['cross-site', 'same-origin', 'none', 'same-site'])]);
  if (r.chance(0.1))
    headers.push(['X-Forwarded-For', r.pick(['1.2.3.4', 'garbage', '::1, 10.0.0.1', '0'.repeat(300)])]);
  if (r.chance(0.1)) headers.push(['X-Request-Id', r.pick(['ok-1', '../../x', '\u00ff', 'x'.repeat(200)])]);
  if (r.chance(0.1))
    headers.push(['captchaVerifyParam', r.pick(['local-captcha-pass', '', 'x'.repeat(3000)])]);
  if (r.chance(0.1))
    headers.push(['Authorization', r.pick(['Bearer x', 'Basic YTpi', 'Bearer ' + 'a'.repeat(500)])]);
  if (r.chance(0.05))
    headers.push(['Accept-Encoding', r.pick(['br', 'gzip, deflate, br', 'identity;q=0', '*'])]);
  if (r.chance(0.05)) headers.push(['Range', 'bytes=0-1,5-']);
  if (r.chance(0.03)) headers.push(['X-Weird', Buffer.from([0xff, 0xfe, 0x41])]); // obs-text header value
  if (r.chance(0.02)) headers.push(['X-Big', 'h'.repeat(7000)]);

  const sendsBody = method !== 'GET' && method !== 'HEAD' && r.chance(0.9);
  return { method, target, headers, body: sendsBody ? body(r) : Buffer.alloc(0) };
}

export interface RawReply {
  status: number;
  /** The whole reply as latin1 text: status line, headers and body. */
  raw: string;
}

/** Sends the bytes as they are over a fresh connection and reads the reply until the server closes. */
export function sendRaw(host: string, port: number, req: RawRequest, timeoutMs = 10_000): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host);
    const chunks: Buffer[] = [];
    const chunked = req.body.length > 0 && req.body.length % 7 === 0; // sometimes chunked framing
    const head = [
      Buffer.from(`${req.method} `),
      req.target,
      Buffer.from(` HTTP/1.1\r\nHost: ${host}:${port}\r\nConnection: close\r\n`),
      ...req.headers.map(([k, v]) =>
        Buffer.concat([Buffer.from(`${k}: `), Buffer.from(v as never, 'latin1'), Buffer.from('\r\n')]),
      ),
      Buffer.from(
        chunked ? 'Transfer-Encoding: chunked\r\n\r\n' : `Content-Length: ${req.body.length}\r\n\r\n`,
      ),
    ];
    const payload = chunked
      ? Buffer.concat([
          Buffer.from(`${req.body.length.toString(16)}\r\n`),
          req.body,
          Buffer.from('\r\n0\r\n\r\n'),
        ])
      : req.body;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no reply within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => {
      /* a reset after the reply is fine; no reply is judged on close */
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString('latin1');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(raw)?.[1] ?? 0);
      resolve({ status, raw });
    });
    socket.write(Buffer.concat([...head, payload]));
  });
}

/** Signs of a stack trace or an internal path in a reply. */
export const LEAK =
  /\bat [\w$.<>[\] ]+ \(|\bat (file|node):|[\w-]+\.(ts|tsx|mjs|cjs):\d+|\.js:\d+:\d+|node_modules|\/work\/|\/home\/|\/usr\/|\/srv\/|(Type|Syntax|Range|Reference)Error\b|ECONNREFUSED|ECONNRESET|stack/;

export function describeRequest(req: RawRequest): string {
  return `${req.method} ${req.target.toString('latin1').slice(0, 200)} [${req.headers.map(([k]) => k).join(',')}] body=${req.body.subarray(0, 120).toString('latin1')}${req.body.length > 120 ? `…(${req.body.length} B)` : ''}`;
}
