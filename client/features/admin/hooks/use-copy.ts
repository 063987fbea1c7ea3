import { useTexts } from '@client/lib/i18n/use-texts';
import { notify } from '@client/lib/notify';
import { adminTexts } from '@client/features/admin/components/admin-shell.locale';

/** Copies a value and says so (spec §8 "copy success"). */
export function useCopy(): (value: string) => Promise<void> {
  const t = useTexts(adminTexts);
  return async (value) => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(t.copied);
    } catch {
      notify.error(t.copyFailed);
    }
  };
}
