import { Spin } from '@arco-design/web-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ROUTES } from '@shared/routes';
import { activate } from '@client/features/auth/api';
import { ApiError } from '@client/lib/api/client';
import { useRuntimeConfig } from '@client/lib/browser-facts';
import { PublicLayout } from '@client/components/layouts/public-layout';
import { ResultLink, ResultPanel } from '@client/components/result-panel';
import { defineTexts } from '@shared/i18n/define-texts';
import { useTexts } from '@client/lib/i18n/use-texts';

const texts = defineTexts(
  {
    activating: 'Activating your account…',
    done: 'Activated. Please sign in',
    already: 'This account is already activated. Please sign in',
    failed: 'Activation failed',
    missing: 'The activation link is incomplete. Please open the link from the email again.',
    expiredHelp:
      'An activation link works once and for 2 hours. If yours has expired, register again with the same email to receive a new one.',
    login: 'Log in',
    registerAgain: 'Register again',
    home: 'Homepage',
  },
  {
    activating: '正在激活账号…',
    done: '激活成功，请登录',
    already: '该账号已激活，请直接登录',
    failed: '激活失败',
    missing: '激活链接不完整，请重新打开邮件中的链接。',
    expiredHelp:
      '激活链接仅可使用一次，2 小时内有效。如链接已过期，请使用同一邮箱重新注册，以获取新的激活邮件。',
    login: '去登录',
    registerAgain: '重新注册',
    home: '返回首页',
  },
);

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

  return (
    <PublicLayout>
      {state.kind === 'pending' ? (
        <ResultPanel status={null} icon={<Spin size={32} />} title={t.activating} />
      ) : state.kind === 'done' ? (
        <ResultPanel status="success" title={state.already ? t.already : t.done} actions={actions} />
      ) : (
        <ResultPanel
          status="error"
          title={t.failed}
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
