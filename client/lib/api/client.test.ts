// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GATEWAY_BASE } from '@shared/contract/endpoint';
import { CREDENTIAL_ENDPOINTS } from '@shared/contract/credential-endpoints';
import { USER_ENDPOINTS } from '@shared/contract/user-endpoints';
import { productMessage } from '@shared/errors/catalogue';
import { currentLocale } from '../i18n/locale-context';
import { notify } from '../notify';
import { ApiError, call, retryAdvice } from './client';
import { registerReload, startSession } from './session-events';

function reply(body: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

describe('call', () => {
  let warning: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warning = vi.spyOn(notify, 'warning').mockImplementation(() => undefined as never);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("sends the endpoint's method and path and returns the checked data", async () => {
    reply({ msgCode: '10000', msg: 'success', data: { pubKey: 'PEM', extra: true } });
    const result = await call(USER_ENDPOINTS.pubKey);
    expect(result.data?.pubKey).toBe('PEM');
    expect(result.data).toMatchObject({ extra: true });
    const [url, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${GATEWAY_BASE}${USER_ENDPOINTS.pubKey.path}`);
    expect(init.method).toBe('POST');
    expect(warning).not.toHaveBeenCalled();
  });

  it("fills what the legacy UAA leaves out of a reply, as the reply's schema says", async () => {
    reply({ msgCode: '10000', msg: 'success', data: { username: 'strict', phone: '13800000000' } });
    const { data } = await call(USER_ENDPOINTS.userInfo);
    expect(data).toMatchObject({ username: 'strict', email: null, wechat: null });
  });

  it('accepts a success without data', async () => {
    reply({ msgCode: '10000', msg: 'success' });
    await expect(call(USER_ENDPOINTS.logoutAll)).resolves.toEqual({ msgCode: '10000', msg: 'success' });
  });

  it('refuses data outside the contract like a malformed reply, with the network toast', async () => {
    reply({ msgCode: '10000', msg: 'success', data: { pubKey: 42 } });
    const failure = await call(USER_ENDPOINTS.pubKey).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ msgCode: 'network', status: 0 });
    // In the language of the moment (another file of the worker may have switched it).
    expect(warning).toHaveBeenCalledWith(productMessage('networkError', currentLocale()));
  });

  it('stays quiet about such a reply on a silent call', async () => {
    reply({ msgCode: '10000', msg: 'success', data: { exist: 'yes' } });
    await expect(call(USER_ENDPOINTS.registerCheck, { item: 'a@b.co', type: 'email' })).rejects.toMatchObject(
      {
        msgCode: 'network',
      },
    );
    expect(warning).not.toHaveBeenCalled();
  });

  it('types the body by the endpoint (typecheck fails when the typing is lost)', async () => {
    reply({ msgCode: '10000', msg: 'success', data: { exist: false } });
    // @ts-expect-error registerCheck takes { item, type }, not a phone
    await call(USER_ENDPOINTS.registerCheck, { phone: '13800138000' }, { silent: true });
    const { data } = await call(USER_ENDPOINTS.registerCheck, { item: 'a@b.co', type: 'email' });
    expect(data?.exist).toBe(false);
  });
});

describe('retryAdvice', () => {
  it.each([
    ['30', /30/],
    ['720', /12/],
    ['86400', /24/],
  ])('says when to try again after Retry-After: %s', (header, n) => {
    expect(retryAdvice(header)).toMatch(n);
  });

  it('says nothing without a usable Retry-After', () => {
    for (const header of [null, '', '0', '-5', 'soon']) expect(retryAdvice(header)).toBe('');
  });
});

describe('the account a page shows (issue 40)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('is named on the calls made for it, not on whose session it is or the logout', async () => {
    await startSession('u-ada');
    reply({ msgCode: '10000', msg: 'success' });
    await call(USER_ENDPOINTS.deactivate);
    await call(USER_ENDPOINTS.logoutAll);
    await call(USER_ENDPOINTS.pubKey, undefined, { silent: true }).catch(() => undefined);
    const sent = vi
      .mocked(fetch)
      .mock.calls.map(([, init]) => (init as RequestInit).headers as Record<string, string>);
    expect(sent.map((headers) => headers['x-account'])).toEqual(['u-ada', undefined, 'u-ada']);
  });

  it("refused for another account's session: the page reloads, without the refusal's toast", async () => {
    const reload = vi.fn();
    registerReload(reload);
    await startSession('u-ada');
    const error = vi.spyOn(notify, 'error').mockImplementation(() => undefined as never);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ msgCode: 'A0220', msg: 'refused' }, { status: 409 })),
    );
    await expect(call(CREDENTIAL_ENDPOINTS.credentialCreate, { description: 'k' })).rejects.toMatchObject({
      status: 409,
    });
    expect(reload).toHaveBeenCalledOnce();
    expect(error).not.toHaveBeenCalled();
  });
});
