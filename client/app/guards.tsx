import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from '@shared/routes';
import { useSession } from '../api/account';
import { loginTarget } from '../api/session-events';
import { CenterSpin } from '../components/center-spin';

/** Protected pages: without a session the visitor goes to /login (spec §4). */
export function RequireSession({ children }: { children: ReactNode }) {
  const { data } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const anonymous = data?.authenticated === false;
  useEffect(() => {
    if (anonymous) navigate(loginTarget(location), { replace: true });
  }, [anonymous, location, navigate]);
  return data?.authenticated ? <>{children}</> : <CenterSpin />;
}

/**
 * Login, register and forgot-password: a logged-in visitor goes on to the sub-platform when the
 * query names one (the BFF issues the code), else to the user centre.
 */
export function AnonymousOnly({ children }: { children: ReactNode }) {
  const { data } = useSession();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const toPlatform = Boolean(data?.authenticated && params.get('clientId') && params.get('redirect'));
  useEffect(() => {
    if (toPlatform) window.location.assign(`${ROUTES.authentication}${location.search}`);
  }, [toPlatform, location.search]);
  if (!data || toPlatform) return <CenterSpin />;
  if (data.authenticated) return <Navigate to={ROUTES.usercenter} replace />;
  return <>{children}</>;
}
