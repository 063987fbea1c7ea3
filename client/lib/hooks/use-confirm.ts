import { Modal } from '@arco-design/web-react';
import { useCallback, type ReactNode } from 'react';
import { handleError } from '@client/lib/api/handle-error';
import { returnFocusLater } from '@client/lib/focus';

export interface ConfirmOptions {
  title: string;
  content: ReactNode;
  okText: string;
  cancelText: string;
  /** The step asked for, taken once; a failure is reported, and the dialog closes either way. */
  onOk: () => Promise<void>;
}

/**
 * A confirmation of a step that cannot be undone, its dialog in the app's language (Modal.useModal
 * reads the ConfigProvider), rendered by `holder`. Closed, it gives focus back to the button that
 * opened it, or to the page's heading when that button has gone (issue 29).
 */
export function useConfirm() {
  const [modal, holder] = Modal.useModal();
  const confirm = useCallback(
    (options: ConfirmOptions) => {
      const giveBack = returnFocusLater();
      // Taken once: a second press of OK in the same moment waits for the first (issue 40).
      let taken: Promise<void> | undefined;
      modal.confirm?.({
        ...options,
        afterClose: () => giveBack(),
        okButtonProps: { status: 'danger' },
        onOk: () => (taken ??= options.onOk().catch((error: unknown) => handleError(error))),
      });
    },
    [modal],
  );
  return { confirm, holder };
}
