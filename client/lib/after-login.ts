/**
 * Where a visitor goes after logging in (spec §4): redirect_url through the BFF's checked
 * redirect; the username page when the main platform needs one; /authentication with a
 * clientId (the BFF fetches the one-time code); the stored redirect, used once; else the user centre.
 */
import { platformFromRedirect } from '@shared/platforms';
import { BFF_PATHS, ROUTES } from '@shared/routes';
import { ownPath } from './safe-href';
import { storage } from './storage';

export interface AfterLoginInput {
  search: string;
  username: string | null | undefined;
}

export type Destination = { kind: 'document'; href: string } | { kind: 'route'; path: string };

export function destinationAfterLogin({ search, username }: AfterLoginInput): Destination {
  const params = new URLSearchParams(search);
  const redirectUrl = params.get('redirect_url') ?? storage.take('redirect_url');
  if (redirectUrl) {
    // The query's language goes along: a refusal is a page, and inside the widget's frame the
    // stored language may be out of reach (the browser keeps a framed site's storage from it).
    const lang = params.get('lang');
    const query = new URLSearchParams({ to: redirectUrl, ...(lang ? { lang } : {}) });
    return { kind: 'document', href: `${BFF_PATHS.redirect}?${query.toString()}` };
  }
  const redirect = params.get('redirect');
  const needsUsername = params.get('username') === 'true' || platformFromRedirect(redirect) === null;
  if (needsUsername && !username) return { kind: 'route', path: `${ROUTES.username}${search}` };
  if (params.get('clientId') && redirect)
    return { kind: 'document', href: `${ROUTES.authentication}${search}` };
  return { kind: 'route', path: takeStoredRedirect() ?? ROUTES.usercenter };
}

/**
 * The page a 401 left (spec §4: stored, used once), when it is a path of this origin; the
 * username page, which can come first, goes on to it too.
 */
export function takeStoredRedirect(): string | null {
  return ownPath(storage.take('redirect')) ?? null;
}

/** One in-app browser needs a short pause before navigating (spec §4: 300 ms). */
export const IN_APP_BROWSER_DELAY_MS = 300;
