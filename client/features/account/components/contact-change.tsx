import { Alert, Form, Input } from '@arco-design/web-react';
import { FormItem } from '@client/components/checked-form';
import { useState } from 'react';
import type { UserInfo } from '@shared/contract/personal';
import { stepsFor, type ContactChannel } from '@shared/api/verification-flows';
import { checkEmail, checkPhone } from '@shared/validation/rules';
import type { ValidationCode } from '@shared/validation/messages';
import { bindContact, checkStepCode, contactInUse, stepCodeRequest } from '../api';
import { CodeField } from '@client/components/code-field';
import { VerifyCurrentContact } from './verify-current-contact';
import { phoneValue, useProblemProps, useRule } from '@client/components/form-rules';
import { notify } from '@client/lib/notify';
import { useSendCode, type SendOutcome } from '@client/components/use-send-code';
import { useSubmit } from '@client/lib/hooks/use-submit';
import { useFlowStep } from '@client/lib/hooks/use-flow-in-address';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './contact-change.locale';
import { AccountPasswordFields, StepFlow } from './step-flow';

/**
 * Change (or bind) the phone or e-mail (spec §4): step 0 verifies a contact the account has by
 * code (or, with none, takes the new contact directly); step 1 takes the new contact and its code
 * (and a password when the account had no contact).
 */
export function ContactChange(props: {
  target: ContactChannel;
  user: UserInfo;
  onDone(): void;
  onCancel(): void;
  /** Explain in a box what to do when the new contact belongs to another account (/setphone). */
  takenHint?: boolean;
}) {
  const { target, user } = props;
  const t = useTexts(texts);
  const rule = useRule();
  const problemProps = useProblemProps();
  const [via, setVia] = useState<ContactChannel | undefined>(undefined);
  const { submitting: busy, run } = useSubmit();
  const code = useSendCode('step');
  const [problem, setProblem] = useState<ValidationCode | null>(null);
  const [form] = Form.useForm<{
    code: string;
    value: string;
    newCode: string;
    password: string;
    confirm: string;
  }>();
  const steps = stepsFor(target, user, via);
  // What opens the second step: the first step's verification, and without a contact the new
  // contact it took (the second step binds it; the form of another visit of the page has none).
  const proofOf = (value: unknown) =>
    steps ? `${steps[0].function}${steps[0].account === 'none' ? ` ${String(value ?? '')}` : ''}` : null;
  const { step: stage, next: nextStep, back } = useFlowStep(proofOf(form.getFieldValue('value')));
  if (!steps) return null;
  const [first, second] = steps;
  const noContact = first.account === 'none';
  const verifyChannel = first.sendsTo?.channel ?? target;
  const current = noContact ? '' : (user[verifyChannel] ?? '');
  const check = target === 'phone' ? (v: unknown) => checkPhone(v) : checkEmail;
  const title = user[target]
    ? target === 'phone'
      ? t.changePhone
      : t.changeEmail
    : target === 'phone'
      ? t.bindPhone
      : t.bindEmail;

  /**
   * The new contact must be valid, differ from the current one, and belong to nobody. The code is
   * sent only once this has answered (sendNew), and not when the check could not answer (refused
   * by a rate limit, the network): a code must never go to an address another account holds.
   */
  async function newValueProblem(value: string): Promise<ValidationCode | null> {
    if (check(value) !== null) return check(value);
    if (value === user[target]) return 'newContactRequired';
    const used = await contactInUse({ message: target, item: value });
    if (used === null) return 'contactCheckFailed';
    return used ? (target === 'phone' ? 'phoneExists' : 'emailInUse') : null;
  }

  function sendNew(step: typeof first): Promise<SendOutcome> {
    const value = String(form.getFieldValue('value') ?? '');
    return code.send(stepCodeRequest(step, value), async () => {
      const found = await newValueProblem(value);
      setProblem(found);
      return found === null;
    });
  }

  async function next(): Promise<void> {
    if (noContact) {
      const values = await form.validate(['value', 'newCode']).catch(() => null);
      if (!values) return;
      nextStep(proofOf(values.value)!);
      return;
    }
    const values = await form.validate(['code']).catch(() => null);
    if (!values) return;
    await run(async () => {
      await checkStepCode(first, current, String(values.code));
      nextStep(first.function);
    });
  }

  async function submit(): Promise<void> {
    const fields: ('password' | 'confirm' | 'value' | 'newCode')[] = noContact
      ? ['password', 'confirm']
      : ['value', 'newCode'];
    const values = await form.validate(fields).catch(() => null);
    if (!values) return;
    const value = String(form.getFieldValue('value'));
    if (!noContact) {
      const found = await newValueProblem(value);
      setProblem(found);
      if (found) return;
    }
    await run(async () => {
      await bindContact(
        second,
        value,
        String(form.getFieldValue('newCode')),
        noContact ? String(values.password) : undefined,
      );
      notify.success(target === 'phone' ? t.phoneSet : t.operationDone);
      props.onDone();
    });
  }

  const newValueField = (
    <FormItem
      label={target === 'phone' ? t.newPhone : t.newEmail}
      field="value"
      rules={rule(check)}
      validateTrigger="onBlur"
      normalize={target === 'phone' ? phoneValue : undefined}
      {...problemProps(problem)}
    >
      <Input
        placeholder={target === 'phone' ? t.newPhonePlaceholder : t.newEmailPlaceholder}
        inputMode={target === 'phone' ? 'tel' : 'email'}
        autoComplete={target === 'phone' ? 'tel' : 'email'}
        onBlur={async (e) => setProblem(e.target.value ? await newValueProblem(e.target.value) : null)}
      />
    </FormItem>
  );
  const newCodeField = (step: typeof first) => (
    <CodeField
      field="newCode"
      channel={target}
      label={t.code}
      placeholder={t.codePlaceholder}
      onSend={() => sendNew(step)}
    />
  );

  return (
    <StepFlow
      id={`change-${target}`}
      title={title}
      steps={noContact ? [t.stepNew, t.stepPassword] : [t.stepVerify, t.stepNew]}
      stage={stage}
      busy={busy}
      form={form}
      onBack={() => back() || props.onCancel()}
      onNext={next}
      onSubmit={submit}
      hint={
        props.takenHint && (problem === 'phoneExists' || problem === 'emailInUse') ? (
          <Alert
            type="warning"
            className="uc-hint"
            content={target === 'phone' ? t.takenHint : t.takenEmailHint}
          />
        ) : null
      }
    >
      {stage === 0 && !noContact ? (
        <VerifyCurrentContact user={user} step={first} channel={verifyChannel} onChannel={setVia} />
      ) : null}
      {stage === 0 && noContact ? (
        <>
          {newValueField}
          {newCodeField(first)}
        </>
      ) : null}
      {stage === 1 && !noContact ? (
        <>
          {newValueField}
          {newCodeField(second)}
        </>
      ) : null}
      {stage === 1 && noContact ? (
        <>
          <p className="uc-muted">{t.setPasswordHint}</p>
          <AccountPasswordFields
            form={form}
            username={user.username || String(form.getFieldValue('value') ?? '')}
          />
        </>
      ) : null}
      {code.dialog}
    </StepFlow>
  );
}
