import { describe, expect, it } from 'vitest';
import { DEFAULT_DEV_LOCATION, DEV_PATHS } from '@shared/api/dev-paths';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { LOCAL_CAPTCHA_PASS } from '@shared/api/envelope';
import { createTestUaa } from '@tests/support/local-uaa';

describe('getLocationInfo and the location switch', () => {
  it('reports Shanghai, not overseas, by default', async () => {
    const t = createTestUaa();
    const reply = await t.http.get(ENDPOINTS.locationInfo.path);
    expect(reply.body).toEqual({ msgCode: '10000', msg: 'success', data: DEFAULT_DEV_LOCATION });
  });

  it('answers what POST /__dev/location set, for everybody, until DELETE', async () => {
    const t = createTestUaa();
    const set = await t.post(DEV_PATHS.location, { overseas: true, city: 'Hong Kong' });
    expect(set.body).toEqual({ overseas: true, city: 'Hong Kong' });
    expect((await t.http.get(ENDPOINTS.locationInfo.path)).body.data).toEqual({
      overseas: true,
      city: 'Hong Kong',
    });
    expect((await t.http.get(DEV_PATHS.location)).body).toEqual({ overseas: true, city: 'Hong Kong' });

    await t.http.delete(DEV_PATHS.location);
    expect((await t.http.get(ENDPOINTS.locationInfo.path)).body.data).toEqual(DEFAULT_DEV_LOCATION);
  });

  it.each([
    ['no overseas flag', { city: 'Taipei' }],
    ['a string flag', { overseas: 'yes', city: 'Taipei' }],
    ['a long city', { overseas: true, city: 'x'.repeat(65) }],
  ])('refuses a switch with %s (A0100) and keeps the old answer', async (_name, body) => {
    const t = createTestUaa();
    const reply = await t.post(DEV_PATHS.location, body);
    expect(reply.body.msgCode).toBe('A0100');
    expect(t.dev.location).toEqual(DEFAULT_DEV_LOCATION);
  });
});

describe('verifyCode/captcha', () => {
  it("accepts the local provider's value", async () => {
    const t = createTestUaa();
    const reply = await t.post(ENDPOINTS.captcha.path, {
      captchaVerifyParam: LOCAL_CAPTCHA_PASS,
      sceneId: 'local',
    });
    expect(reply.body).toEqual({ msgCode: '10000', msg: 'success', data: { verifyResult: true } });
  });

  it('refuses another value with A0204 and a missing one with A0100', async () => {
    const t = createTestUaa();
    expect((await t.post(ENDPOINTS.captcha.path, { captchaVerifyParam: 'robot' })).body.msgCode).toBe(
      'A0204',
    );
    expect((await t.post(ENDPOINTS.captcha.path, {})).body.msgCode).toBe('A0100');
  });
});

describe('tracking/collect', () => {
  const event = {
    serviceName: 'share-app',
    eventName: 'login',
    eventTimestamp: 1_700_000_000_000,
    operatorUid: 'u1',
    operatedObjInfo: { campaign: 'spring' },
  };

  it('records the event for /__dev/tracking', async () => {
    const t = createTestUaa();
    expect((await t.post(ENDPOINTS.trackingCollect.path, event)).body).toEqual({
      msgCode: '10000',
      msg: 'success',
    });
    expect((await t.http.get(DEV_PATHS.tracking)).body).toEqual([
      { ...event, at: new Date(t.now()).toISOString() },
    ]);
  });

  it('refuses an event without a name (A0100)', async () => {
    const t = createTestUaa();
    const { eventName: _omit, ...rest } = event;
    expect((await t.post(ENDPOINTS.trackingCollect.path, rest)).body.msgCode).toBe('A0100');
  });
});

describe('/__dev/files', () => {
  it('answers an unknown or malformed id with a 404 envelope', async () => {
    const t = createTestUaa();
    const reply = await t.http.get(`${DEV_PATHS.files}/AAAAAAAAAAAAAAAAAAAAAA`).set('lang', 'en-US');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ msgCode: 'A0108', msg: 'File not found' });
    expect((await t.http.get(`${DEV_PATHS.files}/..%2f..%2fetc`)).status).toBe(404);
  });
});
