import { createContext, useContext } from 'react';
import { Navigate } from 'react-router-dom';
import { useWithLang } from './i18n/lang-in-links';

/** Where a server render's page goes instead, once a part of it has said so. */
export interface Redirected {
  to?: string;
}

const RedirectedContext = createContext<Redirected | undefined>(undefined);
/** Given by the app's renderer (client/entry-server.tsx), which sends no page that redirects. */
export const RedirectedProvider = RedirectedContext.Provider;

/**
 * A page that goes elsewhere, in place of the current entry: React Router's `<Navigate>` in the
 * browser. A server render cannot navigate (there `<Navigate>` only warns): it notes where, and
 * the browser gets the shell, whose router makes the move. The move keeps the language the
 * page's address names (`?lang=`), as the app's links do (issue 39).
 */
export function Redirect({ to: path }: { to: string }) {
  const redirected = useContext(RedirectedContext);
  const to = useWithLang()(path);
  if (!redirected) return <Navigate to={to} replace />;
  redirected.to ??= to;
  return null;
}
