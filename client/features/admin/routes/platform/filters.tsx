/**
 * /admin/platform's filter fields: a chunk of their own, which a phone loads once the page is the
 * app's (components/filter-panel.tsx).
 */
import {
  CreatedFilter,
  FilterForm,
  TextFilter,
  type FilterFieldsProps,
} from '@client/features/admin/components/filter-form';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './locale';

export interface FilterValues {
  platformsId?: string;
  displayName?: string;
  created?: string[];
}

export default function PlatformFilters(form: FilterFieldsProps<FilterValues>) {
  const t = useTexts(texts);
  return (
    <FilterForm {...form}>
      <TextFilter label={t.id} field="platformsId" placeholder={t.idPlaceholder} />
      <TextFilter label={t.name} field="displayName" placeholder={t.namePlaceholder} />
      <CreatedFilter label={t.created} />
    </FilterForm>
  );
}
