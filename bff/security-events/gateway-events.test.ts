import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBff, type TestBff } from '@tests/support/bff-harness';
import { startUpstream, type UpstreamDouble } from '@tests/support/upstream-double';

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
