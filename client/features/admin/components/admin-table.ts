import { useRef } from 'react';
import { useBeforePaint } from '@client/lib/hooks/use-before-paint';

/**
 * Arco's row-selection checkboxes have no accessible name (axe: "form elements must have
 * labels"); this names them after each render of the table's owner.
 */
export function useA11yTable(texts: { selectRow: string; selectAll: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useBeforePaint(() => {
    const root = ref.current;
    if (!root) return;
    root
      .querySelectorAll('thead input[type="checkbox"]')
      .forEach((input) => input.setAttribute('aria-label', texts.selectAll));
    root
      .querySelectorAll('tbody input[type="checkbox"]')
      .forEach((input) => input.setAttribute('aria-label', texts.selectRow));
  });
  return ref;
}
