import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoginReply } from '@shared/contract/login';
import { IN_APP_BROWSER_DELAY_MS } from '@shared/device';
import { accountOfLogin, destinationAfterLogin } from '../after-login';
import { keepOnlyContinuationOf } from '../destination';
import { keepOnlyDraftOf } from '../form-draft';
import { startSession } from '../api/session-events';
import { tellEmbedder } from '../widget';
import { useDevice } from './use-device';

export interface AfterLoginOptions {
  /**
   * Someone else takes the visitor on from here (a popup's opener, a stored WeChat redirect, a
   * page that shows what comes next itself): returns true when it has, and nothing more is done.
   */
  handOver?: () => boolean;
}

/**
 * The step after every login (SMS, password, WeChat, GitHub and CARSI's popups): the session starts (the
 * calls of the one before are forgotten), then, unless someone else takes over, the visitor goes
 * where spec §4 says for the query the login started from (destinationAfterLogin): told to the
 * embedding page inside the intern widget, as a document or a route otherwise, after a short
 * pause in the one in-app browser that needs it.
 */
export function useAfterLogin(): (
  reply: LoginReply,
  search: string,
  options?: AfterLoginOptions,
) => Promise<void> {
  const navigate = useNavigate();
  const { specialInApp } = useDevice();
  return useCallback(
    async (reply, search, { handOver } = {}) => {
      const account = accountOfLogin(reply);
      await startSession(account);
      // A destination, or a form's draft, another account's session left is not this login's to continue.
      keepOnlyContinuationOf(account);
      keepOnlyDraftOf(account);
      if (handOver?.()) return;
      const destination = destinationAfterLogin({ search, username: reply.data?.data?.username, account });
      const go = () => {
        const next = destination.kind === 'document' ? destination.href : destination.path;
        if (tellEmbedder(next)) return;
        if (destination.kind === 'document') window.location.assign(destination.href);
        else navigate(destination.path, { replace: true });
      };
      if (specialInApp) window.setTimeout(go, IN_APP_BROWSER_DELAY_MS);
      else go();
    },
    [navigate, specialInApp],
  );
}
