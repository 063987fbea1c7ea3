/**
 * The intern platform's embedded login widget (spec §2): when the redirect names the intern
 * platform, the login routes show a compact widget (no site frame) chosen by `entrance`.
 */
import { useSearchParams } from 'react-router-dom';
import { platformFromRedirect } from '@shared/platforms';
import { inIframe } from './api/client';
import { declaredOpenerOrigin, LOGIN_MESSAGE_TYPE } from './oauth-popup';

export const ENTRANCES = [
  'login-cn',
  'login-cn-from-abroad',
  'login-abroad',
  'setPhone',
  'register-email',
  'register-email-success',
  'login-email-reset-password',
] as const;
export type Entrance = (typeof ENTRANCES)[number];

export function widgetEntrance(params: URLSearchParams): Entrance | null {
  if (platformFromRedirect(params.get('redirect') ?? params.get('redirect_url')) !== 'intern') return null;
  const entrance = params.get('entrance');
  return ENTRANCES.includes(entrance as Entrance) ? (entrance as Entrance) : 'login-cn';
}

export function useWidget(): Entrance | null {
  const [params] = useSearchParams();
  return widgetEntrance(params);
}

/**
 * After a login inside the widget's iframe the embedding page decides what happens next: it is
 * told, with the address that issues its one-time code. Returns false when not embedded.
 */
export function tellEmbedder(next: string): boolean {
  if (!inIframe()) return false;
  const origin = declaredOpenerOrigin();
  if (!origin) return false;
  window.parent.postMessage(
    { type: LOGIN_MESSAGE_TYPE, next: new URL(next, window.location.origin).href },
    origin,
  );
  return true;
}
