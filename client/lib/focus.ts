/**
 * Where keyboard focus goes when what held it goes away (issue 29): a dialog that closes gives it
 * back to the control that opened it, a page or step that replaces another puts it on its heading
 * or first field. Without this, focus falls to the page's body and a keyboard user starts over
 * from the top (WAI-ARIA's dialog pattern; WCAG 2.4.3).
 */

/** Whether focus has fallen to the page: nothing, the body, or an element no longer shown. */
export function focusFell(): boolean {
  const active = document.activeElement as HTMLElement | null;
  return !active || active === document.body || !active.isConnected || active.getClientRects().length === 0;
}

/** Whether an element can take focus now: in the page, shown, not disabled. */
function canFocus(element: Element | null | undefined): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element.isConnected &&
    element.getClientRects().length > 0 &&
    !(element as HTMLButtonElement).disabled &&
    element.getAttribute('aria-disabled') !== 'true'
  );
}

/** Focuses a heading (made focusable from script only), the place a new page or step starts. */
export function focusHeading(heading: Element | null | undefined): boolean {
  if (!(heading instanceof HTMLElement) || !heading.isConnected) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
  return true;
}

/** The page's main heading: the back office's or the user centre's content, else the first. */
export function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('.admin-content h1, .uc-content h1, main h1, h1');
}

const FIELDS =
  'input:not([type="hidden"]):not([disabled]):not([readonly]), textarea:not([disabled]), [role="combobox"]:not([aria-disabled="true"])';

/** Focuses the first field that takes input inside `root`; false when there is none. */
export function focusFirstField(root: Element | null | undefined): boolean {
  const field = [...(root?.querySelectorAll(FIELDS) ?? [])].find(canFocus);
  if (!field) return false;
  field.focus();
  return true;
}

/**
 * Remembers the control that has focus now (the one opening a dialog). The function returned
 * gives focus back to it once the dialog has closed, when focus fell to the page meanwhile (never
 * taking it from another dialog); to `fallback`, or else the page's heading, when the control
 * has gone (the row it deleted, say).
 */
export function returnFocusLater(
  opener: Element | null = document.activeElement,
): (fallback?: () => Element | null | undefined) => void {
  return (fallback) => {
    // After the dialog's own last changes (Arco closes a static dialog's root a moment later).
    window.setTimeout(() => {
      if (!focusFell()) return;
      if (canFocus(opener)) return opener.focus();
      const other = fallback?.();
      if (canFocus(other)) return other.focus();
      focusHeading(pageHeading());
    });
  };
}

/**
 * After a form's check failed: focuses the first, in the page's order, of the fields with a
 * problem, so that a keyboard or screen-reader user lands on it (WCAG 3.3.1) instead of staying
 * on the submit button. `fields` are named as the form names them; each field's control is the
 * element `${formId}-${field}` (Arco's Form, and the login's form that draws as it does).
 */
export function focusFirstProblem(formId: string, fields: readonly string[]): boolean {
  const controls = fields
    .map((field) => document.getElementById(`${formId}-${field.replace(/[[.]/g, '_').replace(/]/g, '')}`))
    .filter((control): control is HTMLElement => control !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return controls.some((control) => focusFirstField(control));
}
