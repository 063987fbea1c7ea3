import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import request from 'supertest';
import { ok, sendJson, startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';

let upstream: UpstreamDouble;
let bff: TestBff;

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff({ upstream: upstream.url });
});
afterAll(async () => {
  await bff.close();
  await upstream.close();
});

describe('a call whose browser hangs up once the UAA has it', () => {
  it('leaves its event, its outcome unknown: the change may be made', async () => {
    // The UAA never answers: only the browser's hang-up ends the call.
    upstream.respond(() => undefined);
    const before = bff.securityLines.length;
    const body = JSON.stringify({ ssoUids: 'u-1,u-2' });
    const browser = http.request(new URL('/gw/uaa-be/api/v1/user/admin/internal/delete', bff.url), {
      method: 'POST',
      headers: { 'x-csrf': '1', 'content-type': 'application/json', cookie: 'uaa-token=tok-admin' },
    });
    browser.on('error', () => undefined);
    browser.end(body);
    await vi.waitFor(() => expect(upstream.requests).toHaveLength(1));
    browser.destroy();
    await vi.waitFor(() => expect(bff.securityLines.length).toBeGreaterThan(before));
    expect(bff.securityEvents().slice(-1)[0]).toMatchObject({
      type: 'admin_write',
      action: 'user.delete',
      outcome: 'unknown',
      code: 'CLIENT_CLOSED',
      ids: ['u-1', 'u-2'],
    });
  });
});

describe('what an event says of its call', () => {
  const lastEventOf = async (path: string, body: object, reply: (res: http.ServerResponse) => void) => {
    upstream.respond((_req, res) => reply(res));
    const before = bff.securityLines.length;
    await request(bff.url)
      .post(`/gw/uaa-be/api/v1${path}`)
      .set('X-CSRF', '1')
      .set('Cookie', 'uaa-token=t')
      .send(body);
    await vi.waitFor(() => expect(bff.securityLines.length).toBeGreaterThan(before));
    return bff.securityEvents().slice(-1)[0];
  };

  it('a logout the UAA answered with an empty 200: done, as the browser was told', async () => {
    const event = await lastEventOf('/logout/all', {}, (res) => res.writeHead(200).end());
    expect(event).toMatchObject({ type: 'session_end', action: 'logout', outcome: 'success' });
  });

  it("a user update with an empty e-mail: the user's phone, masked, is its target", async () => {
    const event = await lastEventOf(
      '/user/admin/internal/update',
      { ssoUid: 'u-1', email: '', phone: '13800138000' },
      (res) => sendJson(res, 200, ok(null)),
    );
    expect(event).toMatchObject({ action: 'user.update', target: { masked: '138****8000' } });
  });
});
