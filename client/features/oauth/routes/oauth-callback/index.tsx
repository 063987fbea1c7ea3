import { Spin } from '@arco-design/web-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { ROUTES } from '@shared/routes';
import { ApiError } from '@client/lib/api/client';
import {
  bindCode,
  callbackJourney,
  exchangeCode,
  notifyOpener,
  openerDestination,
  POPUP_CLOSE_DELAY_MS,
} from '@client/features/oauth/api';
import type { OauthProvider } from '@client/lib/oauth-popup';
import { PublicLayout } from '@client/components/layouts/public-layout';
import { ResultLink, ResultPanel } from '@client/components/result-panel';
import { useTexts } from '@client/lib/i18n/use-texts';
import { useAfterLogin } from '@client/lib/hooks/use-after-login';
import { texts } from './locale';

type State = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** /github-login and /carsi-login: the popup's landing after the provider's consent page. */
export default function OauthCallbackPage() {
  const t = useTexts(texts);
  const location = useLocation();
  const navigate = useNavigate();
  const afterLogin = useAfterLogin();
  const [params] = useSearchParams();
  const [state, setState] = useState<State>({ kind: 'working' });
  const started = useRef(false);
  const provider: OauthProvider = location.pathname === ROUTES.carsiLogin ? 'carsi' : 'github';

  useEffect(() => {
    if (started.current) return; // a code is single-use: exchange it once
    started.current = true;
    const code = params.get('code');
    const journey = callbackJourney(provider, params);
    if (!code) return setState({ kind: 'failed', message: t.missingCode });
    if (!journey) return setState({ kind: 'failed', message: t.badState });
    // The page that opened this popup takes the visitor on, when there is one that may be told.
    const handOver = () => {
      const opener = window.opener as Window | null;
      if (!opener || opener.closed || notifyOpener(opener, journey.opener) === 'refused') return false;
      setState({ kind: 'done' });
      window.setTimeout(() => window.close(), POPUP_CLOSE_DELAY_MS);
      return true;
    };
    const work =
      journey.purpose === 'bind'
        ? // A binding goes back to the user centre it started from.
          bindCode('github', code).then(
            () => void (handOver() || navigate(openerDestination(''), { replace: true })),
          )
        : // A login takes the step every login takes; without an opener to tell, this window goes on.
          exchangeCode(provider, code, params.get('source')).then((reply) =>
            afterLogin(reply, '', { handOver }),
          );
    work.catch((err: unknown) =>
      setState({ kind: 'failed', message: err instanceof ApiError ? err.message : t.failed }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per landing
  }, []);

  const title = state.kind === 'working' ? t.working : state.kind === 'done' ? t.done : t.failed;
  return (
    <PublicLayout pageName={title}>
      {state.kind === 'working' ? (
        <ResultPanel status={null} icon={<Spin size={32} />} title={title} />
      ) : state.kind === 'done' ? (
        <ResultPanel status="success" title={title} />
      ) : (
        <ResultPanel
          status="error"
          title={title}
          body={state.message}
          actions={
            <ResultLink to={ROUTES.login} primary>
              {t.back}
            </ResultLink>
          }
        />
      )}
    </PublicLayout>
  );
}
