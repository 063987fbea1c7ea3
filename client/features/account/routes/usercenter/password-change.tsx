import { Form } from '@arco-design/web-react';
import { useState } from 'react';
import type { UserInfo } from '@shared/contract/personal';
import { stepsFor, type ContactChannel } from '@shared/api/verification-flows';
import { checkStepCode, updatePassword } from '@client/features/account/api';
import { VerifyCurrentContact } from '@client/features/account/components/verify-current-contact';
import { notify } from '@client/lib/notify';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './locale';
import { AccountPasswordFields, StepFlow } from '@client/features/account/components/step-flow';
import { useSubmit } from '@client/lib/hooks/use-submit';
import { useFlowStep } from '@client/lib/hooks/use-flow-in-address';

/** Change the password (spec §4): a code to a contact first, then the new password; either contact when both exist. */
export function PasswordChange(props: { user: UserInfo; onDone(): void; onCancel(): void }) {
  const { user } = props;
  const t = useTexts(texts);
  const [via, setVia] = useState<ContactChannel | undefined>(undefined);
  const { submitting: busy, run } = useSubmit();
  const [form] = Form.useForm<{ code: string; password: string; confirm: string }>();
  const steps = stepsFor('password', user, via);
  const { step: stage, next, back } = useFlowStep(steps?.[0].function ?? null);
  if (!steps) return <p className="uc-muted">{t.passwordNeedsContact}</p>;
  const [first, second] = steps;
  const channel = first.sendsTo?.channel ?? 'phone';
  const current = user[channel] ?? '';

  return (
    <StepFlow
      id="change-password"
      title={t.changePassword}
      steps={[t.stepVerify, t.newPassword]}
      stage={stage}
      busy={busy}
      form={form}
      onBack={() => back() || props.onCancel()}
      onNext={async () => {
        const values = await form.validate(['code']).catch(() => null);
        if (values)
          await run(async () => {
            await checkStepCode(first, current, String(values.code));
            next(first.function);
          });
      }}
      onSubmit={async () => {
        const values = await form.validate(['password', 'confirm']).catch(() => null);
        if (values)
          await run(async () => {
            await updatePassword(second, channel, current, String(values.password));
            notify.success(t.operationDone);
            props.onDone();
          });
      }}
    >
      {stage === 0 ? (
        <VerifyCurrentContact user={user} step={first} channel={channel} onChannel={setVia} />
      ) : (
        <AccountPasswordFields form={form} username={user.username || current} />
      )}
    </StepFlow>
  );
}
