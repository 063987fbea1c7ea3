import { Button, Form, Input } from '@arco-design/web-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ROUTES } from '@shared/routes';
import { checkUsername } from '@shared/validation/rules';
import type { ValidationCode } from '@shared/validation/messages';
import { ApiError, call } from '../../api/client';
import { SWR_KEYS } from '../../api/account';
import { PublicLayout } from '../../app/layouts/public-layout';
import { useRule, useValidationText } from '../../components/form-rules';
import { notify } from '../../components/notify';
import { useTexts } from '../../i18n/define-texts';
import { texts } from './locale';

/** Why a username cannot be used, from the server's check (spec §5), or null. */
function checkFailure(error: unknown): ValidationCode {
  if (error instanceof ApiError && error.msgCode === 'C0902') return 'usernameSensitive';
  if (error instanceof ApiError && error.msgCode === 'A0210') return 'usernameTaken';
  return 'usernameCheckFailed';
}

export default function UsernamePage() {
  const t = useTexts(texts);
  const rule = useRule();
  const text = useValidationText();
  const navigate = useNavigate();
  const location = useLocation();
  const { mutate } = useSWRConfig();
  const [form] = Form.useForm<{ username: string }>();
  const [problem, setProblem] = useState<ValidationCode | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function serverCheck(username: string): Promise<ValidationCode | null> {
    try {
      const reply = await call<{ exist?: boolean }>('usernameCheck', { username }, { silent: true });
      return reply.data?.exist ? 'usernameTaken' : null;
    } catch (error) {
      return checkFailure(error);
    }
  }

  async function onBlur(value: string): Promise<void> {
    setProblem(checkUsername(value) === null ? await serverCheck(value) : null);
  }

  async function submit({ username }: { username: string }): Promise<void> {
    setSubmitting(true);
    try {
      const found = await serverCheck(username);
      setProblem(found);
      if (found) return;
      await call('infoUpdate', { username });
      notify.success(t.done);
      await mutate(SWR_KEYS.userInfo);
      const params = new URLSearchParams(location.search);
      if (params.get('clientId') && params.get('redirect')) {
        window.location.assign(`${ROUTES.authentication}${location.search}`);
      } else {
        navigate(ROUTES.usercenter, { replace: true });
      }
    } catch {
      /* shown by the client */
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <PublicLayout title={t.title}>
      <p className="coming-soon">{t.hint}</p>
      <Form id="set-username" form={form} layout="vertical" onSubmit={submit}>
        <Form.Item
          label={t.username}
          field="username"
          rules={rule(checkUsername)}
          validateTrigger="onBlur"
          validateStatus={problem ? 'error' : undefined}
          help={problem ? <span role="alert">{text(problem)}</span> : undefined}
        >
          <Input
            placeholder={t.placeholder}
            autoComplete="username"
            maxLength={30}
            onBlur={(e) => void onBlur(e.target.value)}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" long loading={submitting} className="submit">
          {t.confirm}
        </Button>
      </Form>
    </PublicLayout>
  );
}
