import { useRef } from 'react';
import { useBeforePaint } from '@client/lib/hooks/use-before-paint';

/**
 * Arco's select-all checkbox has no accessible name (axe: "form elements must have labels") and
 * takes none from its props; this names it after each render of the table's owner. The rows'
 * checkboxes are named by their own label (AdminList's `checkboxProps`).
 */
export function useA11yTable(texts: { selectAll: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useBeforePaint(() => {
    const root = ref.current;
    if (!root) return;
    root
      .querySelectorAll('thead input[type="checkbox"]')
      .forEach((input) => input.setAttribute('aria-label', texts.selectAll));
  });
  return ref;
}
