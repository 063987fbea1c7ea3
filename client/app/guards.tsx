import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from '@shared/routes';
import { isWidgetDocument } from '@shared/widget';
import { useSession } from '../lib/api/account';
import { endSession, loginTarget } from '../lib/api/session-events';
import { useRuntimeConfig } from '../lib/render-context';
import { CenterSpin } from '../components/center-spin';
import { DataLoadError } from '../components/load-error';
import { PageSkeleton } from '../components/page-skeleton';
import { NotInFrame } from '../components/not-in-frame';
import { Redirect } from '../lib/redirect';
import { useFramedByAnotherOrigin, widgetEntrance } from '../lib/widget';

/**
 * Inside another site's frame the app shows only the intern widget's pages (DESIGN.md §5). The
 * BFF lets other sites frame only the widget's documents, but the app moves on without loading a
 * document (a link, a guard's redirect, the history), keeping the first one's policy: a framed
 * login that went on to /usercenter would show the account's actions inside the other site's
 * page. Every other location says so instead, whatever brought the app there.
 */
export function FramedWidgetOnly({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const framed = useFramedByAnotherOrigin();
  const { brandPrefix } = useRuntimeConfig();
  if (!framed || isWidgetDocument(pathname, search, brandPrefix)) return <>{children}</>;
  return <NotInFrame href={`${pathname}${search}${hash}`} />;
}

/** Protected pages: without a session the visitor goes to /login (spec §4). */
export function RequireSession({ children }: { children: ReactNode }) {
  const { data, error, mutate } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const anonymous = data?.authenticated === false;
  useEffect(() => {
    if (!anonymous) return;
    // Whatever the cache holds of the user whose session this was stays behind (the destination,
    // named first, is the account's whose page this was).
    const target = loginTarget(location);
    endSession();
    navigate(target, { replace: true });
  }, [anonymous, location, navigate]);
  if (data?.authenticated) return <>{children}</>;
  // The session check did not come back (the network): said, with a retry, not an outline for ever.
  if (!data && error) return <DataLoadError onRetry={() => mutate()} />;
  // The page's own outline while the session is checked, as the document showed it (issue 29).
  return <PageSkeleton />;
}

/**
 * Login, register and forgot-password: a visitor who arrives logged in goes on to the
 * sub-platform when the query names one (the BFF issues the code), else to the user centre.
 * The session's first answer decides: a visitor who logs in on the page is sent on by the page
 * itself (spec §4 routing, or the embedding page in the widget). Sending them from here too
 * started a second navigation to /authentication that cancelled the page's own, and wasted the
 * one-time code the first one had fetched. The intern widget's set-phone entrance is for
 * signed-in visitors too: it shows them the bind-phone screen.
 */
export function AnonymousOnly({ children }: { children: ReactNode }) {
  const { data } = useSession();
  const location = useLocation();
  const arrivedSignedIn = useRef<boolean | undefined>(undefined);
  if (data && arrivedSignedIn.current === undefined) arrivedSignedIn.current = data.authenticated;
  const signedIn = arrivedSignedIn.current === true;
  const params = new URLSearchParams(location.search);
  const setPhone = widgetEntrance(params) === 'setPhone';
  const toPlatform = signedIn && !setPhone && Boolean(params.get('clientId') && params.get('redirect'));
  useEffect(() => {
    if (toPlatform) window.location.assign(`${ROUTES.authentication}${location.search}`);
  }, [toPlatform, location.search]);
  if (!data || toPlatform) return <CenterSpin />;
  if (signedIn && !setPhone) return <Redirect to={ROUTES.usercenter} />;
  return <>{children}</>;
}
