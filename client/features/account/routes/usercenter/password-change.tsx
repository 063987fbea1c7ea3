import { Button, Form, Steps } from '@arco-design/web-react';
import { useState } from 'react';
import type { UserInfo } from '@shared/api/types';
import { stepsFor, type ContactChannel } from '@shared/api/verification-flows';
import { checkStepCode, updatePassword } from '../../api';
import { VerifyCurrentContact } from '../../components/verify-current-contact';
import { notify } from '../../../../lib/notify';
import { useTexts } from '../../../../lib/i18n/use-texts';
import { texts } from './locale';
import '../../components/flow.css';
import { NewPasswordFields } from '../../../../components/new-password-fields';
import { useSubmit } from '../../../../lib/hooks/use-submit';
import { texts as flowTexts } from '../../components/contact-change.locale';

/** Change the password (spec §4): a code to a contact first, then the new password; either contact when both exist. */
export function PasswordChange(props: { user: UserInfo; onDone(): void; onCancel(): void }) {
  const { user } = props;
  const t = useTexts(texts);
  const flow = useTexts(flowTexts);
  const [via, setVia] = useState<ContactChannel | undefined>(undefined);
  const [stage, setStage] = useState<0 | 1>(0);
  const { submitting: busy, run } = useSubmit();
  const [form] = Form.useForm<{ code: string; password: string; confirm: string }>();
  const steps = stepsFor('password', user, via);
  if (!steps) return <p className="uc-muted">{t.passwordNeedsContact}</p>;
  const [first, second] = steps;
  const channel = first.sendsTo?.channel ?? 'phone';
  const current = user[channel] ?? '';

  return (
    <section className="uc-flow" aria-label={t.changePassword}>
      <h1 className="uc-title">{t.changePassword}</h1>
      <Steps current={stage + 1} size="small" className="uc-steps">
        <Steps.Step title={t.stepVerify} />
        <Steps.Step title={t.newPassword} />
      </Steps>
      <Form id="change-password" form={form} layout="vertical" className="uc-form">
        {stage === 0 ? (
          <>
            <VerifyCurrentContact user={user} step={first} channel={channel} onChannel={setVia} />
          </>
        ) : (
          <>
            <NewPasswordFields
              form={form}
              texts={{
                password: flow.newPassword,
                passwordPlaceholder: flow.newPasswordPlaceholder,
                confirm: flow.confirmPassword,
              }}
            />
          </>
        )}
        <div className="uc-flow-actions">
          <Button onClick={stage === 0 ? props.onCancel : () => setStage(0)}>{t.back}</Button>
          <Button
            type="primary"
            loading={busy}
            onClick={async () => {
              if (stage === 0) {
                const values = await form.validate(['code']).catch(() => null);
                if (values)
                  await run(async () => {
                    await checkStepCode(first, current, String(values.code));
                    setStage(1);
                  });
                return;
              }
              const values = await form.validate(['password', 'confirm']).catch(() => null);
              if (values)
                await run(async () => {
                  await updatePassword(second, channel, current, String(values.password));
                  notify.success(t.operationDone);
                  props.onDone();
                });
            }}
          >
            {stage === 0 ? t.next : t.submit}
          </Button>
        </div>
      </Form>
    </section>
  );
}
