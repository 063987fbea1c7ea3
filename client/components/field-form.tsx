/**
 * The login page's form (ADR 0005): Arco's vertical Form, drawn with Arco's own markup and CSS but
 * without Arco's Form code, which with its Grid, Tooltip, Trigger, b-validate and lodash weighs
 * about 30 KB gzip, more than the login page can carry within its budget. Every other form keeps
 * Arco's Form. The checks are the shared rules (spec §5); a field is checked when it loses the
 * focus with something in it, again on every change once it shows a problem, and all together
 * on submit.
 * `field-form.test.tsx` fails when Arco's Form draws a field differently.
 */
import '@arco-design/web-react/es/Form/style/css.js';
import {
  cloneElement,
  useReducer,
  useRef,
  type FormEvent,
  type FormHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import type { ValidationCode } from '@shared/validation/messages';
import { useValidationText } from './form-rules';
import { focusFirstProblem } from '../lib/focus';

export type FieldValues = Record<string, string>;
export type FieldCheck = (value: string) => ValidationCode | null;
export type FieldProblems<T extends FieldValues> = Partial<Record<keyof T, ValidationCode>>;

/** The form's state: the same reading and writing calls as Arco's FormInstance, where both have one. */
export interface FieldForm<T extends FieldValues> {
  /** The form element's id; a field's input is `${id}-${name}_input`, as Arco names it. */
  readonly id: string;
  getFieldValue<K extends keyof T>(name: K): T[K];
  setFieldsValue(values: Partial<T>): void;
  /** Checks the named fields (every field when none is named) and shows their problems: resolves the values, or rejects with the problems. */
  validate(names?: (keyof T)[]): Promise<T>;
  problemOf(name: keyof T): ValidationCode | undefined;
  change(name: keyof T, value: string): void;
  check(name: keyof T): void;
}

/** A form's state, over the initial values and one shared check per field. */
export function useFieldForm<T extends FieldValues>(
  id: string,
  initial: T,
  checks: { [K in keyof T]: FieldCheck },
): FieldForm<T> {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const values = useRef<T>(initial);
  const problems = useRef<FieldProblems<T>>({});
  const form = useRef<FieldForm<T>>();
  if (!form.current) {
    const checkField = (name: keyof T): boolean => {
      const problem = checks[name](values.current[name] as string);
      if (problem) problems.current = { ...problems.current, [name]: problem };
      else if (name in problems.current) {
        const { [name]: _gone, ...rest } = problems.current;
        problems.current = rest as FieldProblems<T>;
      }
      return !problem;
    };
    form.current = {
      id,
      getFieldValue: (name) => values.current[name],
      setFieldsValue(next) {
        values.current = { ...values.current, ...next };
        redraw();
      },
      validate(names) {
        const fields = names ?? (Object.keys(checks) as (keyof T)[]);
        const results = fields.map(checkField);
        redraw();
        if (results.every(Boolean)) return Promise.resolve({ ...values.current });
        return Promise.reject({ ...problems.current });
      },
      problemOf: (name) => problems.current[name],
      change(name, value) {
        values.current = { ...values.current, [name]: value };
        // A field showing a problem says as soon as it is right (and while it is still wrong).
        if (name in problems.current) checkField(name);
        redraw();
      },
      check(name) {
        checkField(name);
        redraw();
      },
    };
  }
  return form.current;
}

/**
 * The form element: on submit, every field is checked; `onSubmit` gets the values, or focus goes
 * to the first field with a problem and `onSubmitFailed` gets the problems.
 */
export function FieldFormElement<T extends FieldValues>({
  form,
  onSubmit,
  onSubmitFailed,
  children,
  ...rest
}: {
  form: FieldForm<T>;
  onSubmit(values: T): unknown;
  onSubmitFailed?(problems: FieldProblems<T>): unknown;
  children: ReactNode;
} & Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'id' | 'className'>) {
  return (
    <form
      {...rest}
      id={form.id}
      className="arco-form arco-form-vertical arco-form-size-default"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        form.validate().then(onSubmit, (problems: FieldProblems<T>) => {
          focusFirstProblem(form.id, Object.keys(problems));
          return onSubmitFailed?.(problems);
        });
      }}
    >
      {children}
    </form>
  );
}

/** What a field's control takes: Arco's Input, Input.Password and the app's CodeInput. */
interface ControlProps {
  id?: string;
  value?: string;
  status?: 'error';
  onChange?(value: string): void;
  onBlur?(): void;
  'aria-describedby'?: string;
}

/** A labelled field of the form, with its problem under it (announced, in the current language). */
export function FormField<T extends FieldValues>({
  form,
  name,
  label,
  normalize,
  children,
}: {
  form: FieldForm<T>;
  name: keyof T & string;
  label: ReactNode;
  /** What the field keeps of what was typed or pasted, as Arco's Form.Item `normalize`. */
  normalize?: (value: string) => string;
  children: ReactElement<ControlProps>;
}) {
  const text = useValidationText();
  const problem = form.problemOf(name);
  const inputId = `${form.id}-${name}_input`;
  const messageId = `${form.id}-${name}_message`;
  const item = problem ? 'arco-form-item arco-form-item-error arco-form-item-status-error' : 'arco-form-item';
  return (
    <div className={`arco-row-align-start arco-row-justify-start ${item} arco-form-layout-vertical`}>
      <div className="arco-form-label-item">
        <label htmlFor={inputId}>{label}</label>
      </div>
      <div className="arco-form-item-wrapper">
        <div className="arco-form-item-control-wrapper">
          <div className="arco-form-item-control" id={`${form.id}-${name}`}>
            <div className="arco-form-item-control-children">
              {cloneElement(children, {
                id: inputId,
                value: form.getFieldValue(name),
                status: problem ? 'error' : undefined,
                'aria-describedby': problem ? messageId : undefined,
                onChange: (value: string) => form.change(name, normalize ? normalize(value) : value),
                // An empty field left (tabbing through the form) is no mistake yet: the submit
                // says what is missing (issue 40). One showing a problem is checked again.
                onBlur: () => {
                  if (form.getFieldValue(name) || problem) form.check(name);
                },
              })}
            </div>
          </div>
        </div>
        {problem ? (
          <div className="arco-form-message">
            <div role="alert" id={messageId}>
              {text(problem)}
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
