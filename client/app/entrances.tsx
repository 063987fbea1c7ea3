/** The login route, which in the intern widget shows the page its `entrance` names. */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { lazyComponent, type Preloadable } from '../lib/lazy';
import { useSession } from '../lib/api/account';
import { CenterSpin } from '../components/center-spin';
import { widgetEntrance } from '../lib/widget';

// Every page a chunk of its own, the login page too (issue 17): the pages a signed-in user comes
// back to do not download the login form's code. Its prerendered document names the chunk, so it
// arrives with the entry and hydration keeps the markup.
export const LoginPage = lazyComponent(
  () => import(/* webpackChunkName: "login" */ '../features/auth/routes/login/index'),
);
export const RegisterPage = lazyComponent(
  () => import(/* webpackChunkName: "register" */ '../features/auth/routes/register/index'),
);
export const ForgetPage = lazyComponent(
  () => import(/* webpackChunkName: "forget" */ '../features/auth/routes/forget/index'),
);
export const SetPhonePage = lazyComponent(() => import('../features/account/routes/setphone/index'));

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

/** The entrance's page, and the chunks it may show. */
function entrance(params: URLSearchParams): { page: ReactNode; parts: Preloadable[] } {
  switch (widgetEntrance(params)) {
    case 'login-abroad':
      return { page: <LoginPage initialTab="password" />, parts: [LoginPage] };
    case 'setPhone':
      return { page: <SetPhoneEntrance />, parts: [SetPhonePage, LoginPage] };
    case 'register-email':
      return { page: <RegisterPage />, parts: [RegisterPage] };
    case 'register-email-success':
      return { page: <RegisterPage initialDone={{ kind: 'email' }} />, parts: [RegisterPage] };
    case 'login-email-reset-password':
      return { page: <ForgetPage initialChannel="email" />, parts: [ForgetPage] };
    case 'login-cn':
    case 'login-cn-from-abroad':
      // SMS login with a Chinese mainland phone.
      return { page: <LoginPage initialTab="sms" />, parts: [LoginPage] };
    default:
      // Not the widget: the page picks its tab (the password tab for visitors abroad).
      return { page: <LoginPage />, parts: [LoginPage] };
  }
}

export function LoginEntrance() {
  const [params] = useSearchParams();
  return entrance(params).page;
}
LoginEntrance.preload = async (url: URL): Promise<void> => {
  await Promise.all(entrance(url.searchParams).parts.map((part) => part.preload(url)));
};
