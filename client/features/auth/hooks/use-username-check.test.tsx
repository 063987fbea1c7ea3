// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Refusal, renderHookInApp, setUpClientTest } from '@tests/support/client-app';
import { settle } from '@tests/support/client-form';
import { useUsernameCheck } from './use-username-check';

const uaa = setUpClientTest({ usernameCheck: { exist: false } });

async function leaveWith(username: string) {
  const { result } = renderHookInApp(useUsernameCheck);
  act(() => result.current.onBlur(username));
  await settle();
  return result;
}

describe('useUsernameCheck', () => {
  it('leaves a name the local rules refuse to the form, without asking the server', async () => {
    const result = await leaveWith('1abc');
    expect(uaa.callsOf('usernameCheck')).toEqual([]);
    expect(result.current.problem).toBeNull();
  });

  it.each([
    ['a name in use', { exist: true }, 'usernameTaken'],
    ['A0210 (username already existed)', new Refusal('A0210', 'username already existed'), 'usernameTaken'],
    [
      'C0902 (sensitive information)',
      new Refusal('C0902', 'Sensitive information exists'),
      'usernameSensitive',
    ],
    ['any other refusal', new Refusal('A0301', 'Too many requests', 429), 'usernameCheckFailed'],
    ['a free name', { exist: false }, null],
  ])('asks the server once the name passes the rules: %s gives %s', async (_, answer, problem) => {
    uaa.answer({ usernameCheck: answer });
    const result = await leaveWith('alice');
    expect(uaa.callsOf('usernameCheck').map((c) => c.body)).toEqual([{ username: 'alice' }]);
    expect(result.current.problem).toBe(problem);
    // The check stays silent (spec §7): the field says it, no toast does.
    expect(uaa.notified.error).not.toHaveBeenCalled();
  });

  it('keeps only the latest answer when an earlier one comes late', async () => {
    let answerFirst: (answer: unknown) => void = () => undefined;
    uaa.answer({
      usernameCheck: (body: { username: string }) =>
        body.username === 'alice' ? new Promise((resolve) => (answerFirst = resolve)) : { exist: false },
    });
    const { result } = renderHookInApp(useUsernameCheck);
    act(() => result.current.onBlur('alice'));
    act(() => result.current.onBlur('bobby'));
    await settle();
    answerFirst({ exist: true });
    await settle();
    expect(result.current.problem).toBeNull();
  });

  it('verifies before a submit, asking the server again', async () => {
    uaa.answer({ usernameCheck: { exist: true } });
    const { result } = renderHookInApp(useUsernameCheck);
    let free: boolean | undefined;
    await act(async () => {
      free = await result.current.verify('alice');
    });
    expect(free).toBe(false);
    expect(result.current.problem).toBe('usernameTaken');
    expect(uaa.callsOf('usernameCheck')).toHaveLength(1);
  });
});
