import { Button, Form, Input } from '@arco-design/web-react';
import { CheckedForm, FormItem } from '@client/components/checked-form';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ROUTES } from '@shared/routes';
import { checkUsername } from '@shared/validation/rules';
import { setUsername } from '@client/features/auth/api';
import { takeStoredRedirect } from '@client/lib/after-login';
import { SWR_KEYS, useUserInfo } from '@client/lib/api/account';
import { CenterSpin } from '@client/components/center-spin';
import { PublicLayout } from '@client/components/layouts/public-layout';
import { useProblemProps, useRule } from '@client/components/form-rules';
import { notify } from '@client/lib/notify';
import { useSubmit } from '@client/lib/hooks/use-submit';
import { useUsernameCheck } from '@client/features/auth/hooks/use-username-check';
import { useTexts } from '@client/lib/i18n/use-texts';
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
  const { data: user } = useUserInfo();
  // A username is set once (spec §4): an account that has one is sent on, never offered the form
  // again (issue 29).
  const alreadySet = Boolean(user?.username);

  // Once: a second navigation to /authentication would cancel the first and waste its code.
  const wentOn = useRef(false);
  /** On to the platform the query names (the BFF issues its code), else the stored page or the user centre. */
  const goOn = useCallback(() => {
    if (wentOn.current) return;
    wentOn.current = true;
    const params = new URLSearchParams(location.search);
    if (params.get('clientId') && params.get('redirect')) {
      window.location.assign(`${ROUTES.authentication}${location.search}`);
    } else {
      // Back to where a session that ended left the visitor, when it did (the stored redirect).
      navigate(takeStoredRedirect() ?? ROUTES.usercenter, { replace: true });
    }
  }, [location.search, navigate]);

  useEffect(() => {
    if (alreadySet && !submitting) goOn();
  }, [alreadySet, submitting, goOn]);

  async function submit({ username }: { username: string }): Promise<void> {
    await run(async () => {
      if (!(await verify(username))) return;
      await setUsername(username);
      notify.success(t.done);
      await mutate(SWR_KEYS.userInfo);
      goOn();
    });
  }

  if (alreadySet && !submitting) return <CenterSpin />;

  return (
    <PublicLayout title={t.title}>
      <p className="coming-soon">{t.hint}</p>
      <CheckedForm id="set-username" form={form} layout="vertical" onSubmit={submit}>
        <FormItem
          label={t.username}
          field="username"
          rules={rule(checkUsername)}
          validateTrigger="onBlur"
          {...problemProps(problem)}
        >
          <Input placeholder={t.placeholder} autoComplete="username" onBlur={(e) => onBlur(e.target.value)} />
        </FormItem>
        <Button type="primary" htmlType="submit" long loading={submitting} className="submit">
          {t.confirm}
        </Button>
      </CheckedForm>
    </PublicLayout>
  );
}
