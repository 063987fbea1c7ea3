import { Modal } from '@arco-design/web-react';
import { useCallback, type ReactNode } from 'react';
import { useTexts } from '@client/lib/i18n/use-texts';
import { handleError } from '@client/lib/api/handle-error';
import { returnFocusLater } from '@client/lib/focus';
import { adminTexts } from '@client/features/admin/components/admin-shell.locale';

/** Confirmation dialogs that follow the app language (Modal.useModal reads the ConfigProvider). */
export function useConfirm() {
  const t = useTexts(adminTexts);
  const [modal, holder] = Modal.useModal();
  const confirm = useCallback(
    (options: { title: string; content: ReactNode; onOk: () => Promise<void> }) => {
      // Closed, the dialog gives focus back to the button that opened it, or to the page's heading
      // when that button's row was deleted (issue 29).
      const giveBack = returnFocusLater();
      modal.confirm?.({
        afterClose: () => giveBack(),
        title: options.title,
        content: options.content,
        okText: t.confirm,
        cancelText: t.cancel,
        okButtonProps: { status: 'danger' },
        onOk: async () => {
          // The dialog closes either way.
          await options.onOk().catch((error: unknown) => handleError(error));
        },
      });
    },
    [modal, t],
  );
  return { confirm, holder };
}
