/** What every login path shares: who may sign in, and the legacy token reply. */
import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import { SUCCESS_CODE } from '@shared/api/envelope';
import type { LegacyLoginReply } from '@shared/contract/login';
import { localText } from './messages';
import type { UserRecord } from './records';
import { SUCCESS_MSG, UaaError } from './reply';
import type { Store } from './store';

/** A0201 with the reason, for an account awaiting activation or disabled. */
export function assertCanSignIn(user: UserRecord): void {
  if (!user.activated) throw new UaaError('A0201', 200, localText('notActivated'));
  if (user.status === 'DISABLED') throw new UaaError('A0201', 200, localText('disabled'));
}

/** Opens a session and answers in the legacy login shape (spec §3 "Login response"). */
export function sendLoginReply(res: Response, store: Store, user: UserRecord, autoLogin: boolean): void {
  const { token } = store.sessions.issue(user.ssoUid, { autoLogin });
  const reply: LegacyLoginReply = {
    msgCode: SUCCESS_CODE,
    msg: SUCCESS_MSG,
    ssouid: user.ssoUid,
    phone: user.phone,
    // ssoCode is opaque to the SPA; the legacy reply carries one, so the shape keeps it.
    data: { token, ssoCode: randomBytes(16).toString('base64url'), data: { username: user.username } },
  };
  res.json(reply);
}
