/**
 * Clicks on a prerendered page between its script starting and React taking the page over.
 *
 * The app hydrates the document as soon as its script runs, but a lazy page (/register, /forget)
 * stays dehydrated until its chunk arrives, and React 18 drops a click on a part it has not
 * hydrated yet: the visitor presses "Register" and nothing happens. Such clicks are held here
 * (the browser does nothing with them either: no checkbox toggles behind the form's back) and
 * replayed, in order, once the page's route says it has been taken over. Meanwhile the root is
 * `aria-busy`. Typing needs no help: the fields keep their text and the page reads it on arrival
 * (useTypedBeforeHydration). Links are left alone: the browser follows them as documents.
 */

/** What a visitor presses that only React answers. */
const ACTIONABLE =
  'button, label, [role="tab"], [role="button"], [role="checkbox"], [role="radio"], input[type="checkbox"], input[type="radio"]';
/** Enough for a hurried visitor; more is someone hammering a page that is not there yet. */
const MAX_HELD = 5;

let release: (() => void) | null = null;

export function holdEarlyClicks(root: HTMLElement): void {
  const held: HTMLElement[] = [];
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(ACTIONABLE) : null;
    if (!target || !root.contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.length < MAX_HELD) held.push(target);
  };
  document.addEventListener('click', onClick, true);
  root.setAttribute('aria-busy', 'true');
  release = () => {
    release = null;
    document.removeEventListener('click', onClick, true);
    root.removeAttribute('aria-busy');
    // Each in its own task, so that React has rendered what the one before changed.
    const replayNext = () => {
      const target = held.shift();
      if (!target) return;
      if (target.isConnected) target.click();
      setTimeout(replayNext);
    };
    replayNext();
  };
}

/** Called by every route once its page has committed: what was held is replayed. */
export function pageTakenOver(): void {
  release?.();
}
