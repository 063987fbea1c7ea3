import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { SAMPLE_BODIES, sampleBody } from './sample-bodies';

describe('the sample bodies of the tests', () => {
  it.each(Object.keys(ENDPOINTS) as (keyof typeof ENDPOINTS)[])(
    '%s: the contract takes its sample',
    (name) => {
      const body = SAMPLE_BODIES[name];
      if (body !== undefined) expect(ENDPOINTS[name].request.safeParse(body).success).toBe(true);
    },
  );

  it('finds a sample by the gateway path in any spelling', () => {
    expect(sampleBody('/gw/uaa-be/api/v1/login/byAccount')).toEqual(SAMPLE_BODIES.loginByAccount);
    expect(sampleBody('/gw/uaa-be/API/v1//login/byaccount/')).toEqual(SAMPLE_BODIES.loginByAccount);
    expect(sampleBody('/api/v1/login/getSmsCode', { phone: '1' })).toEqual({ phone: '1' });
    expect(sampleBody('/gw/uaa-be/nowhere')).toEqual({});
  });
});
