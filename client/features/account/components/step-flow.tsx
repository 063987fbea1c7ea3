import { Button, Steps, type FormInstance } from '@arco-design/web-react';
import { CheckedForm } from '@client/components/checked-form';
import { useEffect, useRef, type ReactNode } from 'react';
import { focusFell, focusFirstField, focusHeading } from '@client/lib/focus';
import { NewPasswordFields } from '@client/components/new-password-fields';
import { useTexts } from '@client/lib/i18n/use-texts';
import { texts } from './contact-change.locale';
import './flow.css';

/**
 * The frame of a two-step change of the user centre (spec §4): its title, the two steps, the form
 * holding the current step's fields, and Back (to the step before, or out of the flow from the
 * first: the flow's `onBack`, useFlowStep) then Next or Submit.
 */
export function StepFlow<T>(props: {
  id: string;
  title: string;
  steps: readonly [string, string];
  stage: number;
  busy: boolean;
  form: FormInstance<T>;
  onBack(): void;
  onNext(): Promise<void>;
  onSubmit(): Promise<void>;
  /** Shown between the steps and the form. */
  hint?: ReactNode;
  children: ReactNode;
}) {
  const t = useTexts(texts);
  const { stage } = props;
  const go = () => {
    if (!props.busy) void (stage === 0 ? props.onNext() : props.onSubmit());
  };
  const section = useRef<HTMLElement>(null);
  const shown = useRef<number | null>(null);
  // Issue 29: opened, the flow starts at its title (the button that opened it has gone); moved to
  // another step, at that step's first field (Next was on its way out: it becomes Submit, below
  // the fields still to fill). The field once the step has drawn it.
  useEffect(() => {
    const heading = section.current?.querySelector('h1');
    if (shown.current === null) {
      if (focusFell()) focusHeading(heading);
    } else if (shown.current !== stage) {
      if (!focusFirstField(section.current?.querySelector('form'))) focusHeading(heading);
    }
    shown.current = stage;
  }, [stage]);
  return (
    <section className="uc-flow" aria-label={props.title} ref={section}>
      <h1 className="uc-title" tabIndex={-1}>
        {props.title}
      </h1>
      <Steps current={stage + 1} size="small" className="uc-steps">
        <Steps.Step title={props.steps[0]} />
        <Steps.Step title={props.steps[1]} />
      </Steps>
      {props.hint}
      {/* Enter in a field submits the form, as Next or Submit would (issue 40). The form checks
          the step's fields (those shown) and focuses the first problem; passed, the step's own
          handler goes on. */}
      <CheckedForm id={props.id} form={props.form} layout="vertical" className="uc-form" onSubmit={go}>
        {props.children}
        <div className="uc-flow-actions">
          <Button onClick={props.onBack}>{t.back}</Button>
          <Button type="primary" htmlType="submit" loading={props.busy}>
            {stage === 0 ? t.next : t.submit}
          </Button>
        </div>
      </CheckedForm>
    </section>
  );
}

/**
 * The new password of a change, in the user centre's words, with the account it is for: a hidden
 * username field, so that a password manager saves the new password for that account (issue 40;
 * the change-password form Chromium's and WebKit's managers expect).
 */
export function AccountPasswordFields({
  form,
  username,
}: {
  form: { getFieldValue(field: 'password'): unknown };
  username: string;
}) {
  const t = useTexts(texts);
  return (
    <>
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <NewPasswordFields
        form={form}
        texts={{
          password: t.newPassword,
          passwordPlaceholder: t.newPasswordPlaceholder,
          confirm: t.confirmPassword,
        }}
      />
    </>
  );
}
