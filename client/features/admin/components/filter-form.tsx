/**
 * A list's filter fields' form, then Search and Reset: in each list's fields' chunk, with Arco's
 * Form (filter-panel.tsx says why apart).
 */
import { Button, DatePicker, Form, Input } from '@arco-design/web-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useBeforePaint } from '@client/lib/hooks/use-before-paint';
import { useTexts } from '@client/lib/i18n/use-texts';
import { adminTexts } from './admin-shell.locale';

/**
 * Arco's searchable Select gives the focus to a text field of its own inside the named combobox,
 * which is named by its placeholder only ("All"): it takes the combobox's name (issue 40).
 */
function useNamedChoiceInputs() {
  const ref = useRef<HTMLDivElement>(null);
  useBeforePaint(() => {
    ref.current?.querySelectorAll('[role="combobox"][aria-label]').forEach((box) => {
      const name = box.getAttribute('aria-label') ?? '';
      box.querySelectorAll('input').forEach((input) => input.setAttribute('aria-label', name));
    });
  });
  return ref;
}

/** What a list's `filters.tsx` takes from its page. */
export interface FilterFieldsProps<T> {
  /** The filters the address holds: the fields show them, also when Back or Forward changes them. */
  values: T;
  onSearch: (values: T) => void;
}

export function FilterForm<T extends object>({
  values,
  onSearch,
  children,
}: FilterFieldsProps<T> & { children: ReactNode }) {
  const t = useTexts(adminTexts);
  const named = useNamedChoiceInputs();
  const [form] = Form.useForm<T>();
  const shown = JSON.stringify(values);
  useEffect(() => {
    // Every field, the ones the address leaves out emptied.
    const fields = Object.keys(form.getFieldsValue());
    const emptied = Object.fromEntries(fields.map((field) => [field, undefined]));
    form.setFieldsValue({ ...emptied, ...JSON.parse(shown) } as Parameters<typeof form.setFieldsValue>[0]);
  }, [form, shown]);
  return (
    <div ref={named}>
      <Form
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
          <Button onClick={() => onSearch({} as T)}>{t.reset}</Button>
        </div>
      </Form>
    </div>
  );
}

/** A filter typed as text. */
export function TextFilter({
  label,
  field,
  placeholder,
}: {
  label: string;
  field: string;
  placeholder: string;
}) {
  return (
    <Form.Item label={label} field={field}>
      <Input placeholder={placeholder} allowClear />
    </Form.Item>
  );
}

/** The lists' creation-date filter: a range of days, its field `created`. */
export function CreatedFilter({ label }: { label: string }) {
  const t = useTexts(adminTexts);
  return (
    <Form.Item label={label} field="created">
      <DatePicker.RangePicker placeholder={[t.createdFrom, t.createdTo]} allowClear />
    </Form.Item>
  );
}
