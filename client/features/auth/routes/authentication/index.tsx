import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { productMessage, serverErrorText } from '@shared/errors/catalogue';
import { BFF_PATHS, ROUTES } from '@shared/routes';
import { isWidgetDocument, pagePath } from '@shared/widget';

import { useBrand } from '@client/lib/brand';
import { useRuntimeConfig } from '@client/lib/render-context';
import { PublicLayout } from '@client/components/layouts/public-layout';
import { ResultLink, ResultPanel } from '@client/components/result-panel';
import { useTexts } from '@client/lib/i18n/use-texts';
import { authenticationTexts } from './locale';
import { useLocale } from '@client/lib/i18n/locale-context';
import { useFramedByAnotherOrigin } from '@client/lib/widget';

export const REDIRECT_FAILURE_DELAY_MS = 2000;

/** The host of the address a refused redirect named: /bff/redirect's `to`, else `redirect`. */
function refusedHost(pathname: string, search: string): string | null {
  const params = new URLSearchParams(search);
  const address = pagePath(pathname) === BFF_PATHS.redirect ? params.get('to') : params.get('redirect');
  try {
    return address ? new URL(address).host || null : null;
  } catch {
    return null;
  }
}

/**
 * The SPA side of /authentication. The BFF does the real work on a full page load; the SPA only
 * lands here when the BFF refused the redirect (it says so in the injected config), or when the
 * router navigated here client-side, in which case the page is handed to the BFF.
 */
export default function AuthenticationPage() {
  const { locale } = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const config = useRuntimeConfig();
  const failed = config.pageError === 'redirectFailed';
  // Over the per-address limits, or the UAA issued no code for the platform: said, and left
  // there (the login page would send a signed-in visitor straight back, for ever).
  const limited = config.pageError === 'tooManyRequests';
  const platformFailed = config.pageError === 'platformLoginFailed';
  const loginRoute = useBrand().route('login');
  const t = useTexts(authenticationTexts);
  // Inside the intern widget's frame (issue 29, item 10): the page says so in the frame and stays.
  // The login page it would move on to is no widget page without the query, and with it a
  // signed-in visitor comes straight back here; the user centre has no place in the frame.
  const inWidgetFrame =
    useFramedByAnotherOrigin() && isWidgetDocument(location.pathname, location.search, config.brandPrefix);

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
    if (inWidgetFrame) return undefined;
    const timer = window.setTimeout(() => {
      config.pageError = undefined;
      navigate(loginRoute, { replace: true });
    }, REDIRECT_FAILURE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [
    failed,
    limited,
    platformFailed,
    inWidgetFrame,
    loginRoute,
    navigate,
    location.pathname,
    location.search,
    config,
  ]);

  if (failed && inWidgetFrame) {
    const host = refusedHost(location.pathname, location.search);
    return (
      <PublicLayout widget pageName={t.widgetRefusedTitle}>
        <ResultPanel
          status="error"
          title={t.widgetRefusedTitle}
          body={
            <>
              {host ? <strong className="widget-refused-host">{host}</strong> : null}
              {t.widgetRefusedBody}
            </>
          }
        />
      </PublicLayout>
    );
  }

  // One page error at most (config.pageError), named in the tab's title too.
  const title = failed
    ? productMessage('redirectFailed', locale)
    : limited
      ? serverErrorText('A0301', locale)
      : platformFailed
        ? t.failedTitle
        : undefined;
  return (
    <PublicLayout pageName={title}>
      {failed ? <ResultPanel status="error" title={title!} /> : null}
      {limited ? <ResultPanel status="warning" title={title!} /> : null}
      {platformFailed ? (
        <ResultPanel
          status="error"
          title={title!}
          body={t.failedBody}
          actions={
            <>
              {inWidgetFrame ? null : (
                <ResultLink to={ROUTES.usercenter} primary>
                  {t.toUserCenter}
                </ResultLink>
              )}
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
