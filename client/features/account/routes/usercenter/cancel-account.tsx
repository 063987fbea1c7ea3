import { Button } from '@arco-design/web-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '@shared/routes';
import { logout } from '@client/lib/api/account';
import { signedOut } from '@client/lib/api/session-events';
import { deactivateAccount } from '@client/features/account/api';
import { notify } from '@client/lib/notify';
import { handleError } from '@client/lib/api/handle-error';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './locale';

/** Account cancellation (spec §4): confirmed against the deletion policy, then signed out. */
export function CancelAccount() {
  const t = useTexts(texts);
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);

  async function confirm(): Promise<void> {
    setOpening(true);
    const dialog = await import('./cancel-confirm')
      .catch((error: unknown) => void handleError(error))
      .finally(() => setOpening(false));
    if (!dialog) return;
    const { openCancelConfirm } = dialog;
    openCancelConfirm(t, async () => {
      await deactivateAccount();
      notify.success(t.cancelled);
      // The account is gone; the logout clears the session cookie whatever the UAA answers.
      await logout().catch(() => undefined);
      signedOut();
      navigate(ROUTES.login, { replace: true });
    });
  }

  return (
    <section className="uc-cancel" aria-label={t.cancelTitle}>
      <h2>{t.cancelTitle}</h2>
      <p className="uc-muted">{t.cancelBody}</p>
      <Button status="danger" loading={opening} onClick={() => void confirm()}>
        {t.cancelButton}
      </Button>
    </section>
  );
}
