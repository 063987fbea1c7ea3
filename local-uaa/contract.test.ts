/**
 * The whole endpoint table against the local UAA: every call of spec §7 is served, and no
 * malformed body (wrong JSON types, arrays, objects, oversized strings) ever makes it fail with
 * a 500 or an unknown code.
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type Endpoint } from '@shared/contract/endpoints';
import { LOCAL_CAPTCHA_PASS, SUCCESS_CODE } from '@shared/api/envelope';
import { SERVER_ERRORS } from '@shared/errors/catalogue';
import { createTestUaa } from '@tests/support/local-uaa';

const FIELDS = [
  'item',
  'type',
  'username',
  'email',
  'phone',
  'password',
  'code',
  'source',
  'clientId',
  'account',
  'autoLogin',
  'sign',
  'token',
  'function',
  'message',
  'nickname',
  'ak',
  'sso_uid',
  'description',
  'ids',
  'id',
  'ssoUid',
  'ssoUids',
  'userId',
  'pageNumber',
  'pageSize',
  'resourceModule',
  'current',
  'size',
  'noPage',
  'displayName',
  'homePageUrl',
  'callback',
  'logoutUrl',
  'logo',
  'platformsId',
  'beginTime',
  'endTime',
  'since',
  'until',
  'createOrigins',
  'platforms',
  'githubAccount',
  'status',
  'roleIds',
  'oauthFrom',
  'state',
  'xlabs',
  'captchaVerifyParam',
  'serviceName',
  'eventName',
  'eventTimestamp',
];

const every = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));

const HOSTILE: [string, string][] = [
  ['an array body', '[1,2]'],
  ['a string body', '"text"'],
  ['null', 'null'],
  ['an empty object', '{}'],
  ['arrays everywhere', JSON.stringify(every(['x']))],
  ['objects everywhere', JSON.stringify(every({ $ne: null }))],
  ['numbers everywhere', JSON.stringify(every(1e308))],
  ['booleans everywhere', JSON.stringify(every(true))],
  ['strings over 10 KB everywhere', JSON.stringify(every('9'.repeat(10 * 1024 + 1)))],
  ['prototype keys', '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}'],
];

const TYPE_CONFUSION = new Set([
  'arrays everywhere',
  'objects everywhere',
  'numbers everywhere',
  'booleans everywhere',
  'strings over 10 KB everywhere',
]);
// Calls that take no body (or only optional filters that these values do not reach).
const NO_INPUT = new Set(['pubKey', 'userInfo', 'logoutAll']);

const KNOWN_CODES = new Set([SUCCESS_CODE, ...Object.keys(SERVER_ERRORS['en-US'])]);
const entries = Object.entries(ENDPOINTS) as [string, Endpoint][];

function call(t: ReturnType<typeof createTestUaa>, endpoint: Endpoint, token: string) {
  const req = endpoint.method === 'GET' ? t.http.get(endpoint.path) : t.http.post(endpoint.path);
  return req
    .set('Authorization', `Bearer ${token}`)
    .set('captchaVerifyParam', LOCAL_CAPTCHA_PASS)
    .set('Content-Type', 'application/json');
}

describe('the endpoint table on the local UAA', () => {
  it.each(entries)('serves %s', async (_name, endpoint) => {
    const t = createTestUaa();
    const reply = await call(t, endpoint, t.adminToken()).send(endpoint.method === 'GET' ? undefined : '{}');
    expect(reply.status).not.toBe(404);
    expect(KNOWN_CODES.has(reply.body.msgCode)).toBe(true);
  });

  it.each(entries.filter(([, e]) => e.method === 'POST'))(
    '%s never answers malformed input with a 500 or an unknown code',
    async (name, endpoint) => {
      const t = createTestUaa();
      for (const [label, body] of HOSTILE) {
        const reply = await call(t, endpoint, t.adminToken()).send(body);
        expect({ label, status: reply.status < 500, known: KNOWN_CODES.has(reply.body.msgCode) }).toEqual({
          label,
          status: true,
          known: true,
        });
        // Wrong types are refused wherever the call reads input at all.
        if (TYPE_CONFUSION.has(label) && !NO_INPUT.has(name))
          expect({ label, code: reply.body.msgCode }).not.toEqual({ label, code: SUCCESS_CODE });
      }
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    },
  );
});
