/**
 * Where a visitor goes after logging in (spec §4): redirect_url through the BFF's checked
 * redirect; the username page when the main platform needs one; /authentication with a
 * clientId (the BFF fetches the one-time code); the stored redirect, used once; else the user centre.
 */
import type { LoginReply } from '@shared/contract/login';
import { platformFromRedirect } from '@shared/platforms';
import { BFF_PATHS, ROUTES } from '@shared/routes';
import { shownAccount } from './api/session-events';
import { forgetDestination, takeDestination } from './destination';
import { storage } from './storage';

export interface AfterLoginInput {
  search: string;
  username: string | null | undefined;
  /** The account the login signed in (its reply's ssouid), when it says. */
  account?: string;
}

/** The account a login reply names (the legacy reply carries `ssouid` beside the envelope's data). */
export function accountOfLogin(reply: LoginReply): string | undefined {
  const { ssouid } = reply as LoginReply & { ssouid?: unknown };
  return typeof ssouid === 'string' && ssouid !== '' ? ssouid : undefined;
}

export type Destination = { kind: 'document'; href: string } | { kind: 'route'; path: string };

export function destinationAfterLogin({ search, username, account }: AfterLoginInput): Destination {
  const params = new URLSearchParams(search);
  const redirectUrl = params.get('redirect_url') ?? storage.take('redirect_url');
  if (redirectUrl) {
    // The login goes elsewhere: a page kept for later would lead the next one astray.
    forgetDestination();
    // The query's language goes along: a refusal is a page, and inside the widget's frame the
    // stored language may be out of reach (the browser keeps a framed site's storage from it).
    const lang = params.get('lang');
    const query = new URLSearchParams({ to: redirectUrl, ...(lang ? { lang } : {}) });
    return { kind: 'document', href: `${BFF_PATHS.redirect}?${query.toString()}` };
  }
  const redirect = params.get('redirect');
  const needsUsername = params.get('username') === 'true' || platformFromRedirect(redirect) === null;
  if (needsUsername && !username) return { kind: 'route', path: `${ROUTES.username}${search}` };
  if (params.get('clientId') && redirect) {
    forgetDestination();
    return { kind: 'document', href: `${ROUTES.authentication}${search}` };
  }
  return { kind: 'route', path: takeDestination(account) ?? ROUTES.usercenter };
}

/**
 * The page a 401 left (spec §4: stored, used once) for the account signed in on this tab, when it
 * is a path of this origin; the username page, which can come first, goes on to it too.
 */
export function takeStoredRedirect(): string | null {
  return takeDestination(shownAccount());
}
