// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { VERIFICATION_STEPS } from '@shared/api/verification-flows';
import { Refusal, setUpClientTest } from '@tests/support/client-app';
import {
  bindContact,
  contactInUse,
  createCredential,
  deactivateAccount,
  deleteCredential,
  stepCodeRequest,
  switchCredential,
} from './api';

const uaa = setUpClientTest();

describe("the user centre's calls", () => {
  it.each([
    ['1.1.1', 'email'],
    ['1.1.2', 'phone'],
    ['4.1.1', 'phone'],
    ['4.1.2', 'email'],
  ] as const)("stepCodeRequest: step %s sends its code by %s (the flow table's channel)", (step, channel) => {
    expect(stepCodeRequest(VERIFICATION_STEPS[step], 'x')).toEqual({
      function: step,
      message: channel,
      item: 'x',
    });
  });

  it('createCredential: a reply without the key pair is a failure (spec §7)', async () => {
    uaa.answer({ credentialCreate: undefined });
    await expect(createCredential('nightly')).rejects.toThrow();
    uaa.answer({ credentialCreate: { ak: 'AK', sk: 'SK' } });
    await expect(createCredential('nightly')).resolves.toEqual({ ak: 'AK', sk: 'SK' });
    expect(uaa.callsOf('credentialCreate')[0]?.body).toEqual({ description: 'nightly' });
  });

  it('bindContact: an e-mail bind without a password sends none', async () => {
    await bindContact(VERIFICATION_STEPS['3.1.2'], 'new@example.com', '123456');
    expect(uaa.calls.map((c) => [c.name, c.body])).toEqual([
      ['emailBind', { function: '3.1.2', email: 'new@example.com', code: '123456' }],
    ]);
  });

  it.each([
    [true, true],
    [false, false],
    [new Refusal('A0301', 'Too many requests', 429), null],
  ])('contactInUse: the check answering %o is %o, silently', async (answer, inUse) => {
    uaa.answer({ itemCheck: answer });
    await expect(contactInUse({ message: 'email', item: 'a@example.com' })).resolves.toBe(inUse);
    expect(uaa.callsOf('itemCheck')[0]?.body).toEqual({ message: 'email', item: 'a@example.com' });
    expect(uaa.notified.error).not.toHaveBeenCalled();
  });

  it('switches, deletes (revoke type 2) and cancels the account with their own calls', async () => {
    await switchCredential('AK1', true);
    await switchCredential('AK1', false);
    await deleteCredential('AK1');
    await deactivateAccount();
    expect(uaa.calls.map((c) => [c.name, c.body])).toEqual([
      ['credentialEnable', { ak: 'AK1' }],
      ['credentialDisable', { ak: 'AK1' }],
      ['credentialRevoke', { ak: 'AK1', type: 2 }],
      ['deactivate', undefined],
    ]);
  });
});
