import { Spin } from '@arco-design/web-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ROUTES } from '@shared/routes';
import { activate } from '../../api';
import { ApiError } from '../../../../lib/api/client';
import { runtimeConfig } from '../../../../lib/runtime-config';
import { PublicLayout } from '../../../../components/layouts/public-layout';
import { ResultLink, ResultPanel } from '../../../../components/result-panel';
import { defineTexts } from '@shared/i18n/define-texts';
import { useTexts } from '../../../../lib/i18n/use-texts';

const texts = defineTexts(
  {
    activating: 'Activating your account…',
    done: 'Activated. Please sign in',
    failed: 'Activation failed',
    missing: 'The activation link is incomplete. Please open the link from the email again.',
    login: 'Log in',
    home: 'Homepage',
  },
  {
    activating: '正在激活账号…',
    done: '激活成功，请登录',
    failed: '激活失败',
    missing: '激活链接不完整，请重新打开邮件中的链接。',
    login: '去登录',
    home: '返回首页',
  },
);

type State = { kind: 'pending' } | { kind: 'done' } | { kind: 'failed'; message: string };

export default function ActivePage() {
  const t = useTexts(texts);
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
      .then(() => setState({ kind: 'done' }))
      .catch((err: unknown) =>
        setState({ kind: 'failed', message: err instanceof ApiError ? err.message : t.failed }),
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per link
  }, []);

  const actions = (
    <>
      <ResultLink to={ROUTES.login} primary>
        {t.login}
      </ResultLink>
      <ResultLink to={runtimeConfig().links.home} external>
        {t.home}
      </ResultLink>
    </>
  );

  return (
    <PublicLayout>
      {state.kind === 'pending' ? (
        <ResultPanel status={null} icon={<Spin size={32} />} title={t.activating} />
      ) : state.kind === 'done' ? (
        <ResultPanel status="success" title={t.done} actions={actions} />
      ) : (
        <ResultPanel
          status="error"
          title={t.failed}
          body={state.message === t.failed ? undefined : state.message}
          actions={actions}
        />
      )}
    </PublicLayout>
  );
}
