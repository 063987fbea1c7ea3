import { useEffect } from 'react';
import { TAKEN_OVER_ATTRIBUTE } from '@shared/prerender';

/**
 * The moment React has taken a prerendered page over, and what waits for it.
 *
 * Until then the lazy page's markup is the document's, which React keeps only while nothing
 * above it changes: an update reaching it first (Arco's texts for another language arriving,
 * say) makes React render the page afresh, dropping what was typed and a listener or two. Such
 * updates wait (`afterTakeOver`).
 *
 * Clicks on a prerendered page between its script starting and React taking the page over: the
 * app hydrates the document as soon as its script runs, but the page (each a lazy chunk)
 * stays dehydrated until its chunk arrives, and React 18 drops a click on a part it has not
 * hydrated yet: the visitor presses "Register" and nothing happens. Such clicks are held here
 * (the browser does nothing with them either: no checkbox toggles behind the form's back) and
 * replayed, in order, once the page's route says it has been taken over. Meanwhile the root is
 * `aria-busy`. Typing needs no help: the fields keep their text and the page reads it on arrival
 * (useTypedBeforeHydration). Links are left alone: the browser follows them as documents.
 */

/**
 * What a visitor presses that only React answers. A label only when it holds a checkbox or radio:
 * a text field's label moves focus, which the browser does by itself, and replayed later would
 * pull focus back from the next field.
 */
const ACTIONABLE =
  'button, label:has(input[type="checkbox"], input[type="radio"]), [role="tab"], [role="menuitem"], [role="button"], [role="checkbox"], [role="radio"], input[type="checkbox"], input[type="radio"]';
/** Enough for a hurried visitor; more is someone hammering a page that is not there yet. */
const MAX_HELD = 5;

let release: ((replay?: boolean) => void) | null = null;
let takenOver: Promise<void> = Promise.resolve();

/** Where an element sits under the root, child index by child index. */
function pathOf(element: Element, root: Element): number[] {
  const path: number[] = [];
  for (let node = element; node !== root && node.parentElement; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return path;
}

function atPath(root: Element, path: readonly number[]): HTMLElement | undefined {
  let node: Element | undefined = root;
  for (const index of path) node = node?.children[index];
  return node instanceof HTMLElement ? node : undefined;
}

/** A click held: the element pressed, where it sat, and its text then. */
interface Held {
  target: HTMLElement;
  path: number[];
  text: string;
}

export function holdEarlyClicks(root: HTMLElement): void {
  const held: Held[] = [];
  const address = window.location.href;
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(ACTIONABLE) : null;
    if (!target || !root.contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (held.length < MAX_HELD)
      held.push({ target, path: pathOf(target, root), text: target.textContent ?? '' });
  };
  document.addEventListener('click', onClick, true);
  root.setAttribute('aria-busy', 'true');
  let resolve: () => void = () => undefined;
  takenOver = new Promise((done) => (resolve = done));
  release = (replay = true) => {
    resolve();
    release = null;
    document.removeEventListener('click', onClick, true);
    root.removeAttribute('aria-busy');
    // Each in its own task, so that React has rendered what the one before changed; none once a
    // replayed click has moved the visitor elsewhere.
    const replayNext = () => {
      const next = held.shift();
      if (!next || window.location.href !== address) return;
      (next.target.isConnected ? next.target : twinOf(next))?.click();
      setTimeout(replayNext);
    };
    // A page React rendered afresh instead of hydrating (an update reached it first) has new
    // elements in the same places, the document's markup: the pressed element's twin there, if it
    // has the same tag and text.
    const twinOf = ({ target, path, text }: Held): HTMLElement | undefined => {
      const twin = atPath(root, path);
      return twin?.tagName === target.tagName && twin.textContent === text ? twin : undefined;
    };
    if (replay) replayNext();
  };
}

/** Called by every route once its page has committed: what was held is replayed. */
export function pageTakenOver(): void {
  document.getElementById('root')?.setAttribute(TAKEN_OVER_ATTRIBUTE, '');
  release?.();
}

/** Rendered beside a page, lazy or not: commits with it, and the page is then React's. */
export function TakenOver(): null {
  useEffect(pageTakenOver, []);
  return null;
}

/** The page could not come (its code did not load): what was held meant the page, and is dropped. */
export function pageFailed(): void {
  release?.(false);
}

/** Resolves once the page is React's: at once unless a prerendered page is being hydrated. */
export function afterTakeOver(): Promise<void> {
  return takenOver;
}
