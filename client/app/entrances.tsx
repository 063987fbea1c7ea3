/** The login route, which in the intern widget shows the page its `entrance` names. */
import { lazy } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../lib/api/account';
import { CenterSpin } from '../components/center-spin';
import { widgetEntrance } from '../lib/widget';

// Every page a chunk of its own, the login page too (issue 17): the pages a signed-in user comes
// back to do not download the login form's code. Its prerendered document names the chunk, so it
// arrives with the entry and hydration keeps the markup.
export const LoginPage = lazy(() => import('../features/auth/routes/login/index'));
const RegisterPage = lazy(() => import('../features/auth/routes/register/index'));
const ForgetPage = lazy(() => import('../features/auth/routes/forget/index'));
const SetPhonePage = lazy(() => import('../features/account/routes/setphone/index'));

/**
 * The set-phone entrance binds a phone to the account signed in: a visitor without a session
 * logs in first (by password: the accounts sent here have no phone) and stays on the entrance,
 * which then shows the bind-phone screen.
 */
function SetPhoneEntrance() {
  const { data } = useSession();
  if (!data) return <CenterSpin />;
  return data.authenticated ? <SetPhonePage /> : <LoginPage initialTab="password" stayAfterLogin />;
}

export function LoginEntrance() {
  const [params] = useSearchParams();
  const entrance = widgetEntrance(params);
  const page = (() => {
    switch (entrance) {
      case 'login-abroad':
        return <LoginPage initialTab="password" />;
      case 'setPhone':
        return <SetPhoneEntrance />;
      case 'register-email':
        return <RegisterPage />;
      case 'register-email-success':
        return <RegisterPage initialDone={{ kind: 'email' }} />;
      case 'login-email-reset-password':
        return <ForgetPage initialChannel="email" />;
      case 'login-cn':
      case 'login-cn-from-abroad':
        // SMS login with a Chinese mainland phone.
        return <LoginPage initialTab="sms" />;
      default:
        // Not the widget: the page picks its tab (the password tab for visitors abroad).
        return <LoginPage />;
    }
  })();
  // No Suspense of its own: the route's (app/router.tsx `page`) waits for the lazy page, so the
  // prerendered login is taken over only once the login page itself has hydrated.
  return page;
}
