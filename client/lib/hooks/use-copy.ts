import { useTexts } from '@client/lib/i18n/use-texts';
import { notify } from '@client/lib/notify';
import { copyTexts } from './use-copy.locale';

/**
 * Copies a value and says so (spec §8 "copy success"), or says to copy it by hand: a browser may
 * refuse (no permission, no secure context, a click too long ago once the value had to be fetched).
 */
export function useCopy(): (value: string) => Promise<void> {
  const t = useTexts(copyTexts);
  return async (value) => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(t.copied);
    } catch {
      notify.error(t.copyFailed);
    }
  };
}
