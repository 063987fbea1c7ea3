// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTypedBeforeHydration } from './use-typed-before-hydration';

/** The login page's SMS form, as the page names it. */
const FORM = 'login-sms';

interface Login {
  phone: string;
  code: string;
}

/** The document's form as the browser had it before React: the inputs as Arco names them. */
function typedBeforeHydration(fields: Record<string, string>) {
  const form = document.createElement('form');
  form.id = FORM;
  for (const [field, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.id = `${FORM}-${field}_input`;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
}

function hydrateWith(values: Partial<Login>) {
  const form = {
    getFieldValue: (field: keyof Login) => values[field],
    setFieldsValue: vi.fn((_: Partial<Login>) => undefined),
  };
  function Page() {
    useTypedBeforeHydration<Login>(form, FORM);
    return null;
  }
  const page = render(<Page />);
  return { form, again: () => page.rerender(<Page />) };
}

afterEach(() => document.body.replaceChildren());

describe('useTypedBeforeHydration', () => {
  it('hands the form what was typed into the prerendered inputs, once', () => {
    typedBeforeHydration({ phone: '13800138000', code: '' });
    const { form, again } = hydrateWith({});
    expect(form.setFieldsValue).toHaveBeenCalledExactlyOnceWith({ phone: '13800138000' });
    again();
    expect(form.setFieldsValue).toHaveBeenCalledTimes(1);
  });

  it('leaves a field the form already holds as it is, and calls nothing when nothing was typed', () => {
    typedBeforeHydration({ phone: '13800138000', code: '123456' });
    expect(hydrateWith({ phone: '13900139000' }).form.setFieldsValue).toHaveBeenCalledWith({
      code: '123456',
    });
    document.body.replaceChildren();
    typedBeforeHydration({ phone: '' });
    expect(hydrateWith({}).form.setFieldsValue).not.toHaveBeenCalled();
  });

  it("reads only this form's inputs", () => {
    typedBeforeHydration({ phone: '13800138000' });
    const other = document.createElement('input');
    other.id = `${FORM}-code_input`;
    other.value = 'outside';
    document.body.append(other);
    expect(hydrateWith({}).form.setFieldsValue).toHaveBeenCalledWith({ phone: '13800138000' });
  });
});
