/**
 * How a client feature test uses a page as a person would (jsdom): fill a field by its label,
 * leave it, press a button by its name, read what the page says, and let the page settle.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Locale } from '@shared/i18n/locale';
import { texts as agreementTexts } from '@client/features/auth/components/agreement.locale';

/** Lets the page's pending calls and renders settle (a few turns of the event loop). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** Where a page's controls are: the tab panel shown, on a page with tabs (a hidden one keeps its fields). */
export const shownPart = () => within(screen.queryByRole('tabpanel') ?? document.body);

/** Types `value` into the field labelled `label`, as a change event. */
export function fill(label: string | RegExp, value: string): HTMLInputElement {
  const input = shownPart().getByLabelText(label) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  return input;
}

/** Types `value` into the field labelled `label` and leaves it (the checks made on blur run). */
export async function fillAndLeave(label: string | RegExp, value: string): Promise<void> {
  fireEvent.blur(fill(label, value));
  await settle();
}

/** Clicks the button named `name` and lets what it started settle. */
export async function press(name: string | RegExp): Promise<void> {
  fireEvent.click(shownPart().getByRole('button', { name }));
  await settle();
}

/** Ticks the agreement box, named by its whole line: what is agreed to. */
export function agree(lang: Locale): void {
  const t = agreementTexts[lang];
  fireEvent.click(screen.getByRole('checkbox', { name: `${t.prefix} ${t.agreement} ${t.and} ${t.privacy}` }));
}

/** Whether the text is on the page now. */
export const shown = (text: string): boolean => screen.queryAllByText(text).length > 0;

/** Submits the form shown, as Enter in one of its fields does, and lets the page settle. */
export async function submitForm(): Promise<void> {
  fireEvent.submit(shownPart().getAllByRole('textbox')[0]!.closest('form')!);
  await settle();
}

/**
 * Picks `option` in the drop-down list labelled `label`. Arco's Select is a `div` its label names
 * by `for` (no accessible name: a label cannot name a div), so it is found by the label's `for`.
 */
export async function choose(label: string, option: string): Promise<void> {
  const { htmlFor } = shownPart().getByText(label, { selector: 'label' }) as HTMLLabelElement;
  fireEvent.click(document.getElementById(htmlFor)!);
  await settle();
  fireEvent.click(screen.getByRole('option', { name: option }));
  await settle();
}
