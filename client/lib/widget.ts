/**
 * The intern platform's embedded login widget (spec §2): when the redirect names the intern
 * platform, the login routes show a compact widget (no site frame) chosen by `entrance`. The
 * predicate and the documents that are the widget's are shared with the BFF (shared/widget.ts).
 */
import { useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { widgetRequested } from '@shared/widget';
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
  if (!widgetRequested(params)) return null;
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

/**
 * Whether a page of another origin frames this one, at any level (a page of this origin framing
 * it, as /wechat frames WeChat's QR whose answer comes back to /midpage, is this site's own).
 */
export function framedByAnotherOrigin(): boolean {
  try {
    // A window without a parent is its own.
    for (let frame: Window = window; frame.parent !== frame; frame = frame.parent) {
      // Reading another origin's location throws.
      if (frame.parent.location.origin !== window.location.origin) return true;
    }
    return false;
  } catch {
    return true;
  }
}

// A page is framed or not for its whole life: nothing to subscribe to.
const unchanging = () => () => {};

/**
 * framedByAnotherOrigin() for a render: false on the server and while hydrating (the document
 * was rendered unframed), the browser's answer right after.
 */
export function useFramedByAnotherOrigin(): boolean {
  return useSyncExternalStore(unchanging, framedByAnotherOrigin, () => false);
}
