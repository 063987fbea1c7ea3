/**
 * What was typed into a form whose session ended under it (issue 40, item 7: Save went to the
 * login page and the typed values were gone after signing in again). One draft, in this tab only
 * (sessionStorage, never shared with other tabs), named by its form and by the account that typed
 * it: given back when that account comes back to that form, discarded when another signs in or
 * the person logs out. A form keeps no secret in it (features/admin's useFormDraft leaves them out).
 */
import { tabStorage } from './storage';

interface Draft {
  /** The form's own address (its route and record), e.g. /admin/platform/edit?id=media. */
  form: string;
  /** The ssoUid of the account that typed it. */
  account: string;
  values: Record<string, unknown>;
}

function read(): Draft | undefined {
  try {
    const stored = JSON.parse(tabStorage.get('form-draft') ?? 'null') as Partial<Draft> | null;
    if (typeof stored?.form !== 'string' || typeof stored.account !== 'string') return undefined;
    if (typeof stored.values !== 'object' || stored.values === null) return undefined;
    return stored as Draft;
  } catch {
    return undefined;
  }
}

export function keepDraft(form: string, account: string, values: Record<string, unknown>): void {
  tabStorage.set('form-draft', JSON.stringify({ form, account, values } satisfies Draft));
}

/** The draft of `form` that `account` typed; any other account's draft goes. */
export function draftOf(form: string, account: string): Record<string, unknown> | undefined {
  const draft = read();
  if (draft && draft.account !== account) forgetDraft();
  return draft?.form === form && draft.account === account ? draft.values : undefined;
}

/** The draft goes (its form saved or left; a logout); `form` only when it is that form's. */
export function forgetDraft(form?: string): void {
  if (form === undefined || read()?.form === form) tabStorage.remove('form-draft');
}

/** A login of `account` (undefined: the login did not say): another account's draft goes. */
export function keepOnlyDraftOf(account: string | undefined): void {
  const draft = read();
  if (draft && account !== undefined && draft.account !== account) forgetDraft();
}
