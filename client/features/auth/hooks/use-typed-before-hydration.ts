import { useCallback, useEffect } from 'react';

/** What the hook needs of a form: Arco's FormInstance and the login page's FieldForm both have it. */
interface TypedFields<T> {
  getFieldValue(field: keyof T): unknown;
  setFieldsValue(values: Partial<T>): void;
}

/**
 * A field of the prerendered page takes keys before React takes the page over: the text is in
 * the input, not in the form. Hands it to the form once, after hydration.
 */
export function useTypedBeforeHydration<T extends { [K in keyof T]: string }>(
  form: TypedFields<T>,
  formId: string,
): void {
  useEffect(() => {
    const typed: Partial<T> = {};
    document.querySelectorAll<HTMLInputElement>(`#${formId} input[id^="${formId}-"]`).forEach((input) => {
      // Arco (and FieldForm after it) names a field's input `${formId}-${field}_input`.
      const field = input.id.slice(formId.length + 1).replace(/_input$/, '') as keyof T;
      if (input.value && !form.getFieldValue(field)) typed[field] = input.value as T[keyof T];
    });
    if (Object.keys(typed).length) form.setFieldsValue(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);
}

/**
 * A checkbox of the prerendered page ticked before React takes the page over: the tick is the
 * input's, and the state the app draws the box from says unticked (a submit asked to agree again,
 * issue 39). Hands it to the state as the box's input arrives in React's hands: the ref of
 * Arco's Checkbox (its label), once for each box that renders it.
 */
export function useTickedBeforeHydration(
  onChange: (checked: boolean) => void,
): (label: HTMLLabelElement | null) => void {
  return useCallback((label: HTMLLabelElement | null) => {
    if (label?.querySelector('input')?.checked) onChange(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival (onChange sets state)
  }, []);
}
