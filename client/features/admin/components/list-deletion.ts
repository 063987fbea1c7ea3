/**
 * A list's selection and its confirmed deletions, apart from admin-list.tsx: Rspack keeps or drops
 * a module's code whole, so while it lived there every list's chunk held Arco's Modal and its
 * focus lock, also the roles' list, which deletes nothing (docs/performance.md).
 */
import { useState } from 'react';
import { productMessage } from '@shared/errors/catalogue';
import { format } from '@shared/i18n/define-texts';
import { useTexts } from '@client/lib/i18n/use-texts';
import { useLocale } from '@client/lib/i18n/locale-context';
import { notify } from '@client/lib/notify';
import { useConfirm } from '@client/lib/hooks/use-confirm';
import { adminTexts } from './admin-shell.locale';

/**
 * A list's selection and its confirmed deletions: one row from its actions, or the selected
 * rows in bulk (none selected: a warning, nothing asked). `holder` renders the dialog.
 */
export function useListDeletion(deleteIds: (ids: string[]) => Promise<unknown>, deletedText: string) {
  const t = useTexts(adminTexts);
  const { locale } = useLocale();
  const { confirm, holder } = useConfirm();
  const [selected, setSelected] = useState<string[]>([]);

  function remove(ids: string[], content: string): void {
    confirm({
      title: t.deleteTitle,
      content,
      okText: t.confirm,
      cancelText: t.cancel,
      onOk: async () => {
        await deleteIds(ids);
        notify.success(deletedText);
        setSelected((s) => s.filter((id) => !ids.includes(id)));
      },
    });
  }

  function removeSelected(): void {
    if (selected.length === 0) {
      notify.warning(productMessage('selectToDelete', locale));
      return;
    }
    remove(selected, format(t.deleteSelected, { count: selected.length }));
  }

  return { selected, setSelected, remove, removeSelected, holder };
}
