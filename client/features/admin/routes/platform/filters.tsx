/**
 * /admin/platform's filter fields: a chunk of their own, which a phone loads once the page is the
 * app's (components/filter-panel.tsx).
 */
import { DatePicker, Form, Input } from '@arco-design/web-react';
import { adminTexts } from '@client/features/admin/components/admin-shell.locale';
import { FilterForm, type FilterFieldsProps } from '@client/features/admin/components/filter-form';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './locale';

export interface FilterValues {
  platformsId?: string;
  displayName?: string;
  created?: string[];
}

export default function PlatformFilters(form: FilterFieldsProps<FilterValues>) {
  const t = useTexts(texts);
  const common = useTexts(adminTexts);
  return (
    <FilterForm {...form}>
      <Form.Item label={t.id} field="platformsId">
        <Input placeholder={t.idPlaceholder} allowClear />
      </Form.Item>
      <Form.Item label={t.name} field="displayName">
        <Input placeholder={t.namePlaceholder} allowClear />
      </Form.Item>
      <Form.Item label={t.created} field="created">
        <DatePicker.RangePicker
          className="admin-range"
          placeholder={[common.createdFrom, common.createdTo]}
          allowClear
        />
      </Form.Item>
    </FilterForm>
  );
}
