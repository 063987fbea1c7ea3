// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GATEWAY_BASE } from '@shared/contract/endpoints';
import { LocaleProvider } from '../lib/i18n/locale-context';
import { notify } from '../lib/notify';
import { useSendCode } from './use-send-code';
import { texts as sendTexts } from './send-code.locale';

const wrapper = ({ children }: { children: ReactNode }) => <LocaleProvider>{children}</LocaleProvider>;
let requests: { path: string; body: unknown }[];
let status: number;

beforeEach(() => {
  requests = [];
  window.sessionStorage.clear();
  status = 200;
  vi.spyOn(notify, 'success').mockImplementation(() => undefined as never);
  vi.spyOn(notify, 'error').mockImplementation(() => undefined as never);
  vi.spyOn(notify, 'warning').mockImplementation(() => undefined as never);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ path: url, body: JSON.parse(String(init.body)) });
      const body =
        status === 200 ? { msgCode: '10000', msg: 'success' } : { msgCode: 'A0301', msg: 'Too many' };
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useSendCode', () => {
  it("sends the payload to the flow's own endpoint (SEND_CODE_FLOWS)", async () => {
    const register = renderHook(() => useSendCode('register'), { wrapper }).result;
    await act(async () =>
      expect(await register.current.send({ phone: '13912345678' })).toEqual({ sent: true }),
    );
    const forget = renderHook(() => useSendCode('forget'), { wrapper }).result;
    await act(async () =>
      expect(await forget.current.send({ type: 'email', item: 'a@example.com' })).toEqual({ sent: true }),
    );
    expect(requests).toEqual([
      { path: `${GATEWAY_BASE}/api/v1/register/getSmsCode`, body: { phone: '13912345678' } },
      {
        path: `${GATEWAY_BASE}/api/v1/user/management/password/forget`,
        body: { type: 'email', item: 'a@example.com' },
      },
    ]);
  });

  it("sends nothing when the form's own check says no", async () => {
    const { result } = renderHook(() => useSendCode('forget'), { wrapper });
    await act(async () =>
      expect(await result.current.send({ type: 'phone', item: '13912345678' }, async () => false)).toEqual({
        sent: false,
      }),
    );
    expect(requests).toEqual([]);
  });

  it('tells a rate limit apart (the page may offer another way), until a code goes out', async () => {
    const { result } = renderHook(() => useSendCode('step'), { wrapper });
    const payload = { function: '3.1.1', message: 'phone', item: '13912345678' } as const;
    status = 429;
    // The refusal is said under the field (CodeInput), not in a toast.
    await act(async () =>
      expect(await result.current.send(payload)).toEqual({ sent: false, problem: 'Too many' }),
    );
    expect(result.current.limited).toBe(true);
    expect(notify.error).not.toHaveBeenCalled();
    status = 200;
    await act(async () => expect(await result.current.send(payload)).toEqual({ sent: true }));
    expect(result.current.limited).toBe(false);
    expect(requests.at(-1)).toEqual({ path: `${GATEWAY_BASE}/api/v1/personal/message/code`, body: payload });
  });

  it('says a code this tab sent within the minute still works when a new one is refused (after a reload too)', async () => {
    const payload = { function: '5.2.1', message: 'phone', item: '13912345678' } as const;
    const before = renderHook(() => useSendCode('step'), { wrapper }).result;
    await act(async () => expect(await before.current.send(payload)).toEqual({ sent: true }));
    status = 429;
    // Another page of the tab (a reload) knows of it; a refusal for another contact says nothing of it.
    const after = renderHook(() => useSendCode('step'), { wrapper }).result;
    await act(async () =>
      expect(await after.current.send(payload)).toEqual({
        sent: false,
        // The page's language (the default, zh-CN): a sentence follows another with no space.
        problem: `Too many${sendTexts['zh-CN'].earlierCodeWorks}`,
      }),
    );
    await act(async () =>
      expect(await after.current.send({ ...payload, item: '13912345679' })).toEqual({
        sent: false,
        problem: 'Too many',
      }),
    );
    // The tab keeps no phone or e-mail in clear.
    expect(window.sessionStorage.getItem('codes-sent')).not.toContain('13912345678');
  });
});
