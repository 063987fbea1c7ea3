// @vitest-environment jsdom
// Arco's es/ modules, as the build takes them.
import Form, { type FormInstance } from '@arco-design/web-react/es/Form';
import Input from '@arco-design/web-react/es/Input';
import { useEffect } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validationText } from '@shared/validation/messages';
import { LocaleProvider } from '../lib/i18n/locale-context';
import { FieldFormElement, FormField, useFieldForm, type FieldForm } from './field-form';

type Values = { phone: string; code: string };
const checks = {
  phone: (v: string) => (v ? null : 'phoneRequired'),
  code: (v: string) => (v.length === 6 ? null : 'codeRequired'),
} as const;

/** The element tree with only what Arco's CSS reads: tags and classes (not ids, values or text). */
function shape(element: Element): string {
  const classes = [...element.classList].filter((c) => !c.startsWith('formblink')).sort();
  const children = [...element.children].map(shape).join('');
  return `<${element.localName}${classes.length ? ` .${classes.join('.')}` : ''}>${children}</${element.localName}>`;
}

let form: FieldForm<Values> | undefined;
const hold = (held: FieldForm<Values>) => {
  form = held;
};
function LoginLike({
  onSubmit = () => undefined,
  onFailed = () => undefined,
}: {
  onSubmit?(values: Values): void;
  onFailed?(problems: object): void;
}) {
  const form = useFieldForm<Values>('f', { phone: '', code: '' }, checks);
  useEffect(() => hold(form), [form]);
  return (
    <FieldFormElement form={form} onSubmit={onSubmit} onSubmitFailed={onFailed}>
      <FormField form={form} name="phone" label="Phone">
        <Input />
      </FormField>
      <FormField form={form} name="code" label="Code">
        <Input />
      </FormField>
      <button type="submit">Go</button>
    </FieldFormElement>
  );
}

const withLocale = (node: React.ReactNode) => render(<LocaleProvider initial="en-US">{node}</LocaleProvider>);
const input = (name: string) => document.getElementById(`f-${name}_input`) as HTMLInputElement;

beforeEach(() => {
  // Arco's Grid (in its Form) asks for the screen's breakpoints.
  vi.stubGlobal('matchMedia', () => ({ matches: false, addListener() {}, removeListener() {} }));
  window.history.replaceState(null, '', '/login?lang=en-US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  form = undefined;
});

describe("FieldForm draws Arco's vertical Form (ADR 0005: an Arco upgrade that changes it fails here)", () => {
  async function arcoField(problem: boolean): Promise<string> {
    let instance: FormInstance | undefined;
    const holdArco = (held: FormInstance) => {
      instance = held;
    };
    function Arco() {
      const [instance] = Form.useForm();
      useEffect(() => holdArco(instance), [instance]);
      return (
        <Form id="a" form={instance} layout="vertical">
          <Form.Item
            label="Phone"
            field="phone"
            rules={[
              {
                validator: (_: unknown, callback: (e?: string) => void) =>
                  callback(problem ? 'No' : undefined),
              },
            ]}
          >
            <Input />
          </Form.Item>
        </Form>
      );
    }
    const { container } = render(<Arco />);
    await act(async () => {
      await instance!.validate().catch(() => undefined);
    });
    const html = shape(container.firstElementChild!);
    cleanup();
    return html;
  }

  async function ownField(problem: boolean): Promise<string> {
    const { container } = withLocale(<LoginLike />);
    if (problem) await act(async () => form!.validate(['phone']).catch(() => undefined));
    const html = shape(container.querySelector('form')!).replace(/<div .arco-form-item\b.*$/, '');
    // The first field alone, inside the form element.
    const first = shape(container.querySelector('.arco-form-item')!);
    cleanup();
    return html.replace(/<\/form>$/, '') + first + '</form>';
  }

  it('with no problem', async () => {
    expect(await ownField(false)).toBe(await arcoField(false));
  });

  it('with a problem under the field', async () => {
    const own = await ownField(true);
    expect(own).toContain('arco-form-message');
    expect(own).toBe(await arcoField(true));
  });

  it('names inputs as Arco does', async () => {
    const { container } = render(
      <Form id="a" layout="vertical">
        <Form.Item label="Phone" field="phone">
          <Input />
        </Form.Item>
      </Form>,
    );
    expect(container.querySelector('input')!.id).toBe('a-phone_input');
    expect(container.querySelector('label')!.htmlFor).toBe('a-phone_input');
    cleanup();
    withLocale(<LoginLike />);
    expect(screen.getByLabelText('Phone').id).toBe('f-phone_input');
  });
});

describe('FieldForm', () => {
  it('checks a field when it loses the focus, in the current language, and announces it', () => {
    withLocale(<LoginLike />);
    fireEvent.change(input('code'), { target: { value: '123' } });
    fireEvent.blur(input('code'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(validationText('codeRequired', 'en-US'));
    expect(input('code').getAttribute('aria-invalid')).toBe('true');
    expect(input('code').getAttribute('aria-describedby')).toBe(alert.id);
    // The other field is untouched.
    expect(input('phone').getAttribute('aria-invalid')).toBeNull();
  });

  it('says nothing of an empty field left (tabbing through the form); one showing a problem keeps it', async () => {
    withLocale(<LoginLike />);
    fireEvent.blur(input('phone'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input('phone').getAttribute('aria-invalid')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go' })));
    fireEvent.blur(input('phone'));
    expect(input('phone').getAttribute('aria-invalid')).toBe('true');
  });

  it('clears a problem as soon as the field is right, and keeps the value typed', async () => {
    withLocale(<LoginLike />);
    fireEvent.change(input('code'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go' })));
    expect(screen.getByRole('alert').textContent).toBe(validationText('phoneRequired', 'en-US'));
    fireEvent.change(input('phone'), { target: { value: '13800000000' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input('phone').value).toBe('13800000000');
    expect(form!.getFieldValue('phone')).toBe('13800000000');
  });

  it('submits the values when every field is right, and the problems otherwise', async () => {
    const onSubmit = vi.fn();
    const onFailed = vi.fn();
    withLocale(<LoginLike onSubmit={onSubmit} onFailed={onFailed} />);
    fireEvent.change(input('phone'), { target: { value: '13800000000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go' })));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onFailed).toHaveBeenCalledWith({ code: 'codeRequired' });
    expect(screen.getAllByRole('alert')).toHaveLength(1);

    fireEvent.change(input('code'), { target: { value: '123456' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go' })));
    expect(onSubmit).toHaveBeenCalledWith({ phone: '13800000000', code: '123456' });
    expect(onFailed).toHaveBeenCalledTimes(1);
  });

  it('checks only the fields named (the phone before a code is sent), rejecting with their problems', async () => {
    withLocale(<LoginLike />);
    let outcome: unknown;
    await act(async () => {
      outcome = await form!.validate(['phone']).catch((problems: unknown) => ({ rejected: problems }));
    });
    expect(outcome).toEqual({ rejected: { phone: 'phoneRequired' } });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    act(() => form!.setFieldsValue({ phone: '13800000000' }));
    expect(input('phone').value).toBe('13800000000');
    await act(async () => {
      outcome = await form!.validate(['phone']);
    });
    expect(outcome).toEqual({ phone: '13800000000', code: '' });
  });
});
