import { Button, Link, Modal } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ROUTES } from '@shared/routes';
import { logout, SWR_KEYS } from '../../../../lib/api/account';
import { deactivateAccount } from '../../api';
import { notify } from '../../../../lib/notify';
import { useTexts } from '../../../../lib/i18n/use-texts';
import { texts } from './locale';

/** Account cancellation (spec §4): confirmed against the deletion policy, then signed out. */
export function CancelAccount() {
  const t = useTexts(texts);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  function confirm(): void {
    Modal.confirm({
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
      onOk: async () => {
        await deactivateAccount();
        notify.success(t.cancelled);
        // The account is gone; the logout clears the session cookie whatever the UAA answers.
        await logout().catch(() => undefined);
        await mutate(SWR_KEYS.session, { authenticated: false }, { revalidate: false });
        navigate(ROUTES.login, { replace: true });
      },
    });
  }

  return (
    <section className="uc-cancel" aria-label={t.cancelTitle}>
      <h2>{t.cancelTitle}</h2>
      <p className="uc-muted">{t.cancelBody}</p>
      <Button status="danger" onClick={confirm}>
        {t.cancelButton}
      </Button>
    </section>
  );
}
