import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { productMessage, serverErrorText } from '@shared/errors/catalogue';
import { ROUTES } from '@shared/routes';

import { useBrand } from '../../../../lib/brand';
import { runtimeConfig } from '../../../../lib/runtime-config';
import { PublicLayout } from '../../../../components/layouts/public-layout';
import { ResultLink, ResultPanel } from '../../../../components/result-panel';
import { useTexts } from '../../../../lib/i18n/use-texts';
import { authenticationTexts } from './locale';
import { useLocale } from '../../../../lib/i18n/locale-context';

export const REDIRECT_FAILURE_DELAY_MS = 2000;

/**
 * The SPA side of /authentication. The BFF does the real work on a full page load; the SPA only
 * lands here when the BFF refused the redirect (it says so in the injected config), or when the
 * router navigated here client-side, in which case the page is handed to the BFF.
 */
export default function AuthenticationPage() {
  const { locale } = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const config = runtimeConfig();
  const failed = config.pageError === 'redirectFailed';
  // Over the per-address limits, or the UAA issued no code for the platform: said, and left
  // there (the login page would send a signed-in visitor straight back, for ever).
  const limited = config.pageError === 'tooManyRequests';
  const platformFailed = config.pageError === 'platformLoginFailed';
  const loginRoute = useBrand().route('login');
  const t = useTexts(authenticationTexts);

  useEffect(() => {
    if (limited || platformFailed)
      return () => {
        // Said once: a later visit in this tab is the BFF's again.
        config.pageError = undefined;
      };
    if (!failed) {
      window.location.replace(`${location.pathname}${location.search}`);
      return undefined;
    }
    const timer = window.setTimeout(() => {
      config.pageError = undefined;
      navigate(loginRoute, { replace: true });
    }, REDIRECT_FAILURE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [failed, limited, platformFailed, loginRoute, navigate, location.pathname, location.search, config]);

  return (
    <PublicLayout>
      {failed ? <ResultPanel status="error" title={productMessage('redirectFailed', locale)} /> : null}
      {limited ? <ResultPanel status="warning" title={serverErrorText('A0301', locale)} /> : null}
      {platformFailed ? (
        <ResultPanel
          status="error"
          title={t.failedTitle}
          body={t.failedBody}
          actions={
            <>
              <ResultLink to={ROUTES.usercenter} primary>
                {t.toUserCenter}
              </ResultLink>
              <ResultLink to={`${location.pathname}${location.search}`} external>
                {t.retry}
              </ResultLink>
            </>
          }
        />
      ) : null}
    </PublicLayout>
  );
}
