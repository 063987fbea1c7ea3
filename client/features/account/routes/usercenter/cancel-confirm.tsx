import { Link, Modal } from '@arco-design/web-react';
import { ROUTES } from '@shared/routes';
import { returnFocusLater } from '@client/lib/focus';
import type { texts } from './locale';

type Texts = (typeof texts)['en-US'];

/**
 * The cancellation's confirmation against the deletion policy (spec §4). A module of its own,
 * loaded on the first press: the account tab opens without the dialogue's code.
 */
export function openCancelConfirm(t: Texts, onOk: () => Promise<void>): void {
  // Kept, the account's cancel button has focus again (issue 29).
  const giveBack = returnFocusLater();
  Modal.confirm({
    afterClose: () => giveBack(),
    title: t.cancelConfirmTitle,
    content: (
      <p>
        {t.cancelConfirmBody}{' '}
        <Link href={ROUTES.deleteProtocol} target="_blank" rel="noopener noreferrer">
          {t.cancelPolicy}
        </Link>
      </p>
    ),
    okText: t.cancelConfirm,
    cancelText: t.keep,
    okButtonProps: { status: 'danger' },
    onOk,
  });
}
