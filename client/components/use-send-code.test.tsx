// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../lib/api/client';
import { LocaleProvider } from '../lib/i18n/locale-context';
import { useSendCode } from './use-send-code';

vi.mock('../lib/api/client', async (original) => ({ ...(await original<object>()), call: vi.fn() }));
vi.mock('./captcha-dialog', () => ({
  useCaptcha: () => ({
    verify: async () => ({ captchaVerifyParam: 'pass', sceneId: 'local', prefix: 'local' }),
    dialog: null,
    preload: () => undefined,
  }),
}));
vi.mock('../lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const wrapper = ({ children }: { children: ReactNode }) => <LocaleProvider>{children}</LocaleProvider>;
const sent = vi.mocked(call);

beforeEach(() => {
  sent.mockReset();
  sent.mockResolvedValue({ msgCode: '10000', msg: 'success' });
});

describe('useSendCode', () => {
  it("sends the payload to the flow's own endpoint (SEND_CODE_FLOWS), with its captcha where it has one", async () => {
    const register = renderHook(() => useSendCode('register'), { wrapper }).result;
    await act(async () => expect(await register.current.send({ phone: '13912345678' })).toBe(true));
    expect(sent).toHaveBeenLastCalledWith('registerSmsCode', { phone: '13912345678' }, {});

    const login = renderHook(() => useSendCode('login'), { wrapper }).result;
    await act(async () => expect(await login.current.send({ phone: '13912345678' })).toBe(true));
    expect(sent).toHaveBeenLastCalledWith(
      'loginSmsCode',
      { phone: '13912345678' },
      { captcha: { captchaVerifyParam: 'pass', sceneId: 'local', prefix: 'local' } },
    );
  });

  it("sends nothing when the form's own check says no", async () => {
    const { result } = renderHook(() => useSendCode('forget'), { wrapper });
    await act(async () =>
      expect(await result.current.send({ type: 'phone', item: '13912345678' }, async () => false)).toBe(
        false,
      ),
    );
    expect(sent).not.toHaveBeenCalled();
  });

  it('tells a rate limit apart (the page may offer another way), until a code goes out', async () => {
    const { result } = renderHook(() => useSendCode('step'), { wrapper });
    const payload = { function: '3.1.1', message: 'phone', item: '13912345678' } as const;
    sent.mockRejectedValueOnce(new ApiError('A0301', 'Too many requests', 429));
    await act(async () => expect(await result.current.send(payload)).toBe(false));
    expect(result.current.limited).toBe(true);
    await act(async () => expect(await result.current.send(payload)).toBe(true));
    expect(result.current.limited).toBe(false);
    expect(sent).toHaveBeenLastCalledWith('messageCode', payload, {});
  });
});
