import { Button, Form, Steps, type FormInstance } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { useTexts } from '../../../lib/i18n/use-texts';
import { texts } from './contact-change.locale';
import './flow.css';

/**
 * The frame of a two-step change of the user centre (spec §4): its title, the two steps, the form
 * holding the current step's fields, and Back (to the list from step 0) then Next or Submit.
 */
export function StepFlow<T>(props: {
  id: string;
  title: string;
  steps: readonly [string, string];
  stage: 0 | 1;
  onStage(stage: 0 | 1): void;
  busy: boolean;
  form: FormInstance<T>;
  onCancel(): void;
  onNext(): Promise<void>;
  onSubmit(): Promise<void>;
  /** Shown between the steps and the form. */
  hint?: ReactNode;
  children: ReactNode;
}) {
  const t = useTexts(texts);
  const { stage } = props;
  return (
    <section className="uc-flow" aria-label={props.title}>
      <h1 className="uc-title">{props.title}</h1>
      <Steps current={stage + 1} size="small" className="uc-steps">
        <Steps.Step title={props.steps[0]} />
        <Steps.Step title={props.steps[1]} />
      </Steps>
      {props.hint}
      <Form id={props.id} form={props.form} layout="vertical" className="uc-form">
        {props.children}
        <div className="uc-flow-actions">
          <Button onClick={stage === 0 ? props.onCancel : () => props.onStage(0)}>{t.back}</Button>
          <Button
            type="primary"
            loading={props.busy}
            onClick={() => void (stage === 0 ? props.onNext() : props.onSubmit())}
          >
            {stage === 0 ? t.next : t.submit}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** The new password of a change, in the user centre's words. */
export function AccountPasswordFields({ form }: { form: { getFieldValue(field: 'password'): unknown } }) {
  const t = useTexts(texts);
  return (
    <NewPasswordFields
      form={form}
      texts={{
        password: t.newPassword,
        passwordPlaceholder: t.newPasswordPlaceholder,
        confirm: t.confirmPassword,
      }}
    />
  );
}
