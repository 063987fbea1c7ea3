/**
 * A list's filter panel, apart from list-filters.tsx: Rspack keeps or drops a module's code whole,
 * so while the panel lived there every list's chunk held Arco's Form (with b-validate and ~70
 * lodash modules), also the roles' list, which has no filters (docs/performance.md).
 */
import { Button, Form, type FormInstance } from '@arco-design/web-react';
import { IconFilter } from '@arco-design/web-react/icon';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { format } from '@shared/i18n/define-texts';
import { useBeforePaint } from '@client/lib/hooks/use-before-paint';
import { useTexts } from '@client/lib/i18n/use-texts';
import { adminTexts } from './admin-shell.locale';

/**
 * Arco's searchable Select gives the focus to a text field of its own inside the named combobox,
 * which is named by its placeholder only ("All"): it takes the combobox's name (issue 40).
 */
function useNamedChoiceInputs() {
  const ref = useRef<HTMLElement>(null);
  useBeforePaint(() => {
    ref.current?.querySelectorAll('[role="combobox"][aria-label]').forEach((box) => {
      const name = box.getAttribute('aria-label') ?? '';
      box.querySelectorAll('input').forEach((input) => input.setAttribute('aria-label', name));
    });
  });
  return ref;
}

/** How many filters are set. */
const setCount = (values: object) =>
  Object.values(values).filter((v) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== '')).length;

/**
 * The filter panel of a list: the page's fields, then Search and Reset. On a phone it is folded
 * behind a "Filters" button that says how many are set (issue 40: the form filled the first
 * screen, the rows came below it).
 */
export function AdminFilters<T extends object>({
  form,
  values,
  onSearch,
  onReset,
  children,
}: {
  form: FormInstance<T>;
  /** The filters the address holds: the fields show them, also when Back or Forward changes them. */
  values: T;
  onSearch: (values: T) => void;
  onReset: () => void;
  children: ReactNode;
}) {
  const t = useTexts(adminTexts);
  const named = useNamedChoiceInputs();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const shown = JSON.stringify(values);
  useEffect(() => {
    // Every field, the ones the address leaves out emptied.
    const fields = Object.keys(form.getFieldsValue());
    const emptied = Object.fromEntries(fields.map((field) => [field, undefined]));
    form.setFieldsValue({ ...emptied, ...JSON.parse(shown) } as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, shown]);
  const count = setCount(values);
  return (
    <section
      className={open ? 'admin-panel admin-filters-panel is-open' : 'admin-panel admin-filters-panel'}
      ref={named}
    >
      {/* Shown on a phone only (admin-shell.css). */}
      <Button
        className="admin-filters-toggle"
        icon={<IconFilter />}
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((now) => !now)}
      >
        {count ? format(t.filtersSet, { count }) : t.filters}
      </Button>
      <Form
        id={formId}
        form={form}
        layout="vertical"
        initialValues={values}
        onSubmit={onSearch}
        className="admin-filters"
        role="search"
      >
        {children}
        <div className="admin-filter-buttons">
          <Button type="primary" htmlType="submit">
            {t.search}
          </Button>
          <Button onClick={onReset}>{t.reset}</Button>
        </div>
      </Form>
    </section>
  );
}
