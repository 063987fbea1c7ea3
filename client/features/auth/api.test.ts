// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { HEADERS } from '@shared/api/envelope';
import { Refusal, setUpClientTest } from '@tests/support/client-app';
import { activate, locationInfo, setUsername } from './api';

const uaa = setUpClientTest();

describe("the visitor's calls", () => {
  it.each([
    [{ alreadyActive: true }, 'already'],
    [undefined, 'activated'],
  ] as const)('activate: a reply %o is %s', async (data, outcome) => {
    uaa.answer({ registerActive: data });
    await expect(activate({ sign: 's', token: 't' })).resolves.toBe(outcome);
    expect(uaa.callsOf('registerActive')[0]?.body).toEqual({ sign: 's', token: 't' });
  });

  it('activate: a refused link rejects without a toast (the page says it)', async () => {
    uaa.answer({ registerActive: new Refusal('A0212', 'activation failed') });
    await expect(activate({ sign: 's', token: 't' })).rejects.toMatchObject({ msgCode: 'A0212' });
    expect(uaa.notified.error).not.toHaveBeenCalled();
  });

  it('locationInfo: where the UAA says the visitor is, nothing (and no toast) when it cannot', async () => {
    uaa.answer({ locationInfo: { overseas: true, city: 'Paris' } });
    await expect(locationInfo()).resolves.toMatchObject({ overseas: true, city: 'Paris' });
    uaa.answer({ locationInfo: new Refusal('B0001', 'down', 502) });
    await expect(locationInfo()).resolves.toBeUndefined();
    expect(uaa.notified.error).not.toHaveBeenCalled();
  });

  it('setUsername: the info update with the name alone, with the CSRF header', async () => {
    await setUsername('alice');
    const [update] = uaa.callsOf('infoUpdate');
    expect(update?.body).toEqual({ username: 'alice' });
    expect(update?.headers[HEADERS.csrf]).toBe('1');
  });
});
