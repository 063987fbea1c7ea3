import { Spin } from '@arco-design/web-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ROUTES } from '@shared/routes';
import { activate } from '@client/features/auth/api';
import { ApiError } from '@client/lib/api/client';
import { useRuntimeConfig } from '@client/lib/render-context';
import { PublicLayout } from '@client/components/layouts/public-layout';
import { ResultLink, ResultPanel } from '@client/components/result-panel';
import { texts } from './locale';
import { useTexts } from '@client/lib/i18n/use-texts';

type State = { kind: 'pending' } | { kind: 'done'; already: boolean } | { kind: 'failed'; message: string };

export default function ActivePage() {
  const t = useTexts(texts);
  const { links } = useRuntimeConfig();
  const [params] = useSearchParams();
  const [state, setState] = useState<State>({ kind: 'pending' });
  const started = useRef(false);
  const sign = params.get('sign');
  const token = params.get('token');

  useEffect(() => {
    if (started.current) return; // activation links are single-use: never call twice
    started.current = true;
    if (!sign || !token) {
      setState({ kind: 'failed', message: t.missing });
      return;
    }
    activate({ sign, token })
      .then((result) => setState({ kind: 'done', already: result === 'already' }))
      .catch((err: unknown) =>
        setState({ kind: 'failed', message: err instanceof ApiError ? err.message : t.failed }),
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link
  }, []);

  // The main site's home page (the runtime config's links, spec §1), not this service's /login.
  const home = (
    <ResultLink to={links.home} external>
      {t.home}
    </ResultLink>
  );
  const actions = (
    <>
      <ResultLink to={ROUTES.login} primary>
        {t.login}
      </ResultLink>
      {home}
    </>
  );
  // No call asks the UAA for a new activation e-mail (spec §7): an expired link's registration is
  // dropped, so registering again with the same e-mail sends a new one.
  const failedActions = (
    <>
      <ResultLink to={ROUTES.register} primary>
        {t.registerAgain}
      </ResultLink>
      <ResultLink to={ROUTES.login}>{t.login}</ResultLink>
      {home}
    </>
  );

  const title =
    state.kind === 'pending'
      ? t.activating
      : state.kind === 'done'
        ? state.already
          ? t.already
          : t.done
        : t.failed;
  return (
    <PublicLayout pageName={title}>
      {state.kind === 'pending' ? (
        <ResultPanel status={null} icon={<Spin size={32} />} title={title} />
      ) : state.kind === 'done' ? (
        <ResultPanel status="success" title={title} actions={actions} />
      ) : (
        <ResultPanel
          status="error"
          title={title}
          body={
            <>
              {state.message === t.failed ? null : (
                <>
                  {state.message}
                  <br />
                </>
              )}
              {state.message === t.missing ? null : t.expiredHelp}
            </>
          }
          actions={failedActions}
        />
      )}
    </PublicLayout>
  );
}
