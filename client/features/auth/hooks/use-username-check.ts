import { useCallback, useRef, useState } from 'react';
import { checkUsername } from '@shared/validation/rules';
import type { ValidationCode } from '@shared/validation/messages';
import { usernameProblem } from '../api';

/**
 * The username check of the set-username page and the register phone tab: on blur, once the
 * value passes the local rules, the server says whether the name is free; `verify` asks again
 * before a submit. Only the latest answer counts.
 */
export function useUsernameCheck() {
  const [problem, setProblem] = useState<ValidationCode | null>(null);
  const latest = useRef(0);

  const run = useCallback(async (username: string, local: boolean): Promise<ValidationCode | null> => {
    const ticket = ++latest.current;
    const found = local && checkUsername(username) !== null ? null : await usernameProblem(username);
    if (ticket === latest.current) setProblem(found);
    return found;
  }, []);

  const onBlur = useCallback((username: string) => void run(username, true), [run]);
  const verify = useCallback(async (username: string) => (await run(username, false)) === null, [run]);
  return { problem, onBlur, verify };
}
