import { Button, Form, Input } from '@arco-design/web-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ROUTES } from '@shared/routes';
import { checkUsername } from '@shared/validation/rules';
import { call } from '../../../../lib/api/client';
import { SWR_KEYS } from '../../../../lib/api/account';
import { PublicLayout } from '../../../../components/layouts/public-layout';
import { useProblemProps, useRule } from '../../../../components/form-rules';
import { notify } from '../../../../lib/notify';
import { useSubmit } from '../../../../lib/hooks/use-submit';
import { useUsernameCheck } from '../../hooks/use-username-check';
import { useTexts } from '../../../../lib/i18n/use-texts';
import { texts } from './locale';

export default function UsernamePage() {
  const t = useTexts(texts);
  const rule = useRule();
  const problemProps = useProblemProps();
  const navigate = useNavigate();
  const location = useLocation();
  const { mutate } = useSWRConfig();
  const [form] = Form.useForm<{ username: string }>();
  const { problem, onBlur, verify } = useUsernameCheck();
  const { submitting, run } = useSubmit();

  async function submit({ username }: { username: string }): Promise<void> {
    await run(async () => {
      if (!(await verify(username))) return;
      await call('infoUpdate', { username });
      notify.success(t.done);
      await mutate(SWR_KEYS.userInfo);
      const params = new URLSearchParams(location.search);
      if (params.get('clientId') && params.get('redirect')) {
        window.location.assign(`${ROUTES.authentication}${location.search}`);
      } else {
        navigate(ROUTES.usercenter, { replace: true });
      }
    });
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
          {...problemProps(problem)}
        >
          <Input
            placeholder={t.placeholder}
            autoComplete="username"
            maxLength={30}
            onBlur={(e) => onBlur(e.target.value)}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" long loading={submitting} className="submit">
          {t.confirm}
        </Button>
      </Form>
    </PublicLayout>
  );
}
