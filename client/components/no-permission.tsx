import { Button } from '@arco-design/web-react';
import Image403 from '@arco-design/web-react/es/Result/403';
import { useNavigate } from 'react-router-dom';
import { productMessage } from '@shared/errors/catalogue';
import { ROUTES } from '@shared/routes';
import { useSession } from '../lib/api/account';
import { useTexts } from '../lib/i18n/use-texts';
import { useLocale } from '../lib/i18n/locale-context';
import { noPermissionTexts } from './no-permission.locale';
import { ResultPanel } from './result-panel';

/**
 * "This account has no permission" (spec §2, §4), the page's heading, with a way back: the user
 * centre for a signed-in account, the login page otherwise (the link waits for the session's
 * answer). Arco's 403 picture is decoration: the heading says it all (issue 40).
 */
export function NoPermission({ className }: { className?: string }) {
  const t = useTexts(noPermissionTexts);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const { data: session } = useSession();
  const target = session
    ? session.authenticated
      ? { to: ROUTES.usercenter, label: t.toUserCenter }
      : { to: ROUTES.login, label: t.toLogin }
    : null;
  return (
    <ResultPanel
      className={className}
      status="403"
      icon={
        <span aria-hidden="true">
          <Image403 />
        </span>
      }
      title={productMessage('noPermission', locale)}
      actions={
        target ? (
          // A link (it goes somewhere), followed inside the SPA.
          <Button
            type="primary"
            href={target.to}
            onClick={(event) => {
              event.preventDefault();
              navigate(target.to);
            }}
          >
            {target.label}
          </Button>
        ) : null
      }
    />
  );
}
