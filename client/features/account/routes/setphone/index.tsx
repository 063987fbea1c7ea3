import { Spin } from '@arco-design/web-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from '@shared/routes';
import { useUserInfo } from '@client/lib/api/account';
import { PublicLayout } from '@client/components/layouts/public-layout';
import { tellEmbedder } from '@client/lib/widget';
import { ContactChange } from '@client/features/account/components/contact-change';

/**
 * /setphone (spec §2): bind or change the phone outside the user centre — after a login that
 * needs one, and as the intern widget's set-phone entrance. Afterwards the visitor continues to
 * the sub-platform when the query names one, else to the user centre.
 */
export default function SetPhonePage() {
  const { data: user, mutate: reloadUser } = useUserInfo();
  const navigate = useNavigate();
  const location = useLocation();

  function onward(): void {
    const params = new URLSearchParams(location.search);
    if (params.get('clientId') && params.get('redirect')) {
      const next = `${ROUTES.authentication}${location.search}`;
      // Inside the intern widget the embedding page decides what happens next.
      if (!tellEmbedder(next)) window.location.assign(next);
    } else {
      navigate(ROUTES.usercenter, { replace: true });
    }
  }

  /** The user info now holds the new phone: every page that shows it reads the new one at once. */
  async function done(): Promise<void> {
    await reloadUser();
    onward();
  }

  return (
    <PublicLayout>
      {user ? (
        <ContactChange target="phone" user={user} onDone={() => void done()} onCancel={onward} takenHint />
      ) : (
        <Spin />
      )}
    </PublicLayout>
  );
}
