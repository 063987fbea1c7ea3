/**
 * /admin/user's filter fields: a chunk of their own, which a phone loads once the page is the
 * app's (components/filter-panel.tsx).
 */
import { Form, Select, type SelectProps } from '@arco-design/web-react';
import {
  CreatedFilter,
  FilterForm,
  TextFilter,
  type FilterFieldsProps,
} from '@client/features/admin/components/filter-form';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './locale';

export interface FilterValues {
  ssoUid?: string;
  phone?: string;
  email?: string;
  githubAccount?: string;
  created?: string[];
  /** A platform id, or the default source, or all of them. */
  source?: string;
  platforms?: string[];
}

export default function UserFilters({
  sourceOptions,
  platformOptions,
  ...form
}: FilterFieldsProps<FilterValues> & {
  sourceOptions: SelectProps['options'];
  platformOptions: SelectProps['options'];
}) {
  const t = useTexts(texts);
  return (
    <FilterForm {...form}>
      <TextFilter label={t.ssoUid} field="ssoUid" placeholder={t.ssoUidPlaceholder} />
      <TextFilter label={t.phone} field="phone" placeholder={t.phonePlaceholder} />
      <TextFilter label={t.email} field="email" placeholder={t.emailPlaceholder} />
      <TextFilter label={t.github} field="githubAccount" placeholder={t.githubPlaceholder} />
      <CreatedFilter label={t.created} />
      <Form.Item label={t.columnSource} field="source">
        {/* Arco's label points at the select's frame, which names nothing: the field is named here. */}
        <Select
          aria-label={t.columnSource}
          placeholder={t.all}
          options={sourceOptions}
          showSearch
          allowClear
        />
      </Form.Item>
      <Form.Item label={t.columnPlatforms} field="platforms">
        <Select
          aria-label={t.columnPlatforms}
          placeholder={t.all}
          mode="multiple"
          options={platformOptions}
          showSearch
          allowClear
          maxTagCount={2}
        />
      </Form.Item>
    </FilterForm>
  );
}
