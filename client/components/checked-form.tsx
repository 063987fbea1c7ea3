/**
 * Arco's Form and Form.Item as every form of the app uses them (issue 40): a submit its checks
 * refuse puts focus on the first field with a problem, and a field's problem (its rules', or one
 * found beside them: `useProblemProps`) is the field's description, announced when it appears.
 * Arco draws the message under the field but ties it to nothing.
 */
import { Form, type FormItemProps, type FormProps } from '@arco-design/web-react';
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { focusFirstProblem } from '../lib/focus';

/** Arco's Form whose failed submit focuses its first problem (`id` defaults to one of its own). */
export function CheckedForm<T>({ id, onSubmitFailed, ...props }: FormProps<T>): ReactElement {
  const own = useId();
  const formId = id ?? own;
  return (
    <Form<T>
      {...props}
      id={formId}
      onSubmitFailed={(errors) => {
        focusFirstProblem(formId, Object.keys(errors));
        onSubmitFailed?.(errors);
      }}
    />
  );
}

/**
 * Arco's Form.Item whose problem is its control's description: the message gets an id, the
 * control `aria-describedby` it and `aria-invalid`. The problem is the one `help` gives with
 * `validateStatus: 'error'` (a server's answer), else the first of the field's rules.
 */
export function FormItem(props: FormItemProps & { children?: ReactNode }): ReactElement {
  const { children, help, validateStatus, field } = props;
  const state = Form.useFormState(field ?? '');
  const messageId = useId();
  const problem: ReactNode =
    validateStatus === 'error' ? help : validateStatus ? undefined : state?.errors[0]?.message;
  const shown = problem !== undefined && problem !== null && problem !== '';
  return (
    <Form.Item
      {...props}
      help={
        shown ? (
          <span id={messageId} role="alert">
            {problem}
          </span>
        ) : (
          help
        )
      }
    >
      {shown && isValidElement<{ 'aria-describedby'?: string; 'aria-invalid'?: boolean }>(children)
        ? cloneElement(children, { 'aria-describedby': messageId, 'aria-invalid': true })
        : children}
    </Form.Item>
  );
}
