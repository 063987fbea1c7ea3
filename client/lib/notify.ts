/**
 * Toasts through Arco's Message; one place, so tests and the client share the wording. Message
 * (with Notification, react-transition-group and their icons, about 9 KB gzip) is not part of the
 * first download (ADR 0005): it comes with `preloadToasts()` (at the start of every call that may
 * toast) or with the first toast. Toasts keep their order: each waits for the same module.
 * When the module cannot come (the network is gone, which is often what the toast says) or has not
 * come within 1.5 s (a stalled network), the toast is drawn by hand.
 */
import type * as ToastsModule from './toasts';

type Kind = 'error' | 'warning' | 'success';
type Toasts = typeof ToastsModule;

const DURATION_MS: Record<Kind, number> = { error: 4000, warning: 4000, success: 3000 };

let loading: Promise<Toasts> | undefined;

/** Starts loading the toasts' code, once; a failed load is tried again next time. */
export function preloadToasts(): Promise<Toasts> {
  loading ??= import('./toasts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** How long a toast waits for its code before it is drawn by hand (a stalled network). */
export const TOAST_CODE_WAIT_MS = 1500;

/** The column the hand-drawn toasts stack in, at the top of the page (global.css). */
function drawnToasts(): HTMLElement {
  const existing = document.querySelector<HTMLElement>('body > .fallback-toasts');
  if (existing) return existing;
  const column = document.createElement('div');
  column.className = 'fallback-toasts';
  document.body.append(column);
  return column;
}

/** A toast without Arco's code: the text in a box at the top of the page, announced. */
function drawnToast(kind: Kind, content: string): void {
  const box = document.createElement('div');
  box.className = `fallback-toast fallback-toast-${kind}`;
  box.setAttribute('role', kind === 'success' ? 'status' : 'alert');
  box.textContent = content;
  drawnToasts().append(box);
  window.setTimeout(() => box.remove(), DURATION_MS[kind]);
}

/** The toasts on screen, by kind and text: the same one again while it shows is not stacked. */
const onScreen = new Set<string>();

function show(kind: Kind, content: string): void {
  // The calls of one page that fail together (its user, its modules, its list, a filter's options)
  // say "Network error" once, not four times over each other (issue 40).
  const id = `${kind}\u0000${content}`;
  if (onScreen.has(id)) return;
  onScreen.add(id);
  window.setTimeout(() => onScreen.delete(id), DURATION_MS[kind]);
  let shown = false;
  const once = (draw: () => void) => {
    if (shown) return;
    shown = true;
    window.clearTimeout(timer);
    draw();
  };
  // A stalled download would otherwise hold the toast until the bundler gives up (2 minutes).
  const timer = window.setTimeout(() => once(() => drawnToast(kind, content)), TOAST_CODE_WAIT_MS);
  preloadToasts().then(
    ({ showToast }) => once(() => showToast(kind, content, DURATION_MS[kind])),
    () => once(() => drawnToast(kind, content)),
  );
}

export const notify = {
  error: (content: string) => show('error', content),
  warning: (content: string) => show('warning', content),
  success: (content: string) => show('success', content),
};
