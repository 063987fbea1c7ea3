import { createContext, useContext } from 'react';
import { Navigate } from 'react-router-dom';

/** Where a server render's page goes instead, once a part of it has said so. */
export interface Redirected {
  to?: string;
}

const RedirectedContext = createContext<Redirected | undefined>(undefined);
/** Given by the server renderer (client/entry-server.tsx), which sends no page that redirects. */
export const RedirectedProvider = RedirectedContext.Provider;

/**
 * A page that goes elsewhere, in place of the current entry: React Router's `<Navigate>` in the
 * browser. A server render cannot navigate (there `<Navigate>` only warns): it notes where, and
 * the browser gets the shell, whose router makes the move.
 */
export function Redirect({ to }: { to: string }) {
  const redirected = useContext(RedirectedContext);
  if (!redirected) return <Navigate to={to} replace />;
  redirected.to ??= to;
  return null;
}
