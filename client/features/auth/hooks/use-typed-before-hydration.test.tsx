// @vitest-environment jsdom
import Checkbox from '@arco-design/web-react/es/Checkbox';
import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTickedBeforeHydration, useTypedBeforeHydration } from './use-typed-before-hydration';

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

/**
 * What useTickedBeforeHydration leans on (docs/adr/0013): Arco's Checkbox draws its tick from its
 * `checked` prop alone, so a box ticked in the prerendered page before hydration is drawn unticked;
 * and its ref is the label that holds the input. When Arco reads the input itself, the first test
 * fails and the hook can go; when its ref is another element, the second fails.
 */
describe("useTickedBeforeHydration, over Arco's Checkbox", () => {
  function Box({ withHook }: { withHook: boolean }) {
    const [checked, setChecked] = useState(false);
    const ticked = useTickedBeforeHydration(setChecked);
    return (
      <Checkbox ref={withHook ? ticked : undefined} checked={checked} onChange={setChecked}>
        I agree
      </Checkbox>
    );
  }

  /** The prerendered box, ticked by the visitor, then hydrated. */
  async function tickedThenHydrated(withHook: boolean) {
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Box withHook={withHook} />);
    document.body.append(root);
    const input = root.querySelector('input') as HTMLInputElement;
    input.checked = true;
    await act(async () => {
      hydrateRoot(root, <Box withHook={withHook} />);
    });
    return root.querySelector('label') as HTMLLabelElement;
  }

  it('draws a box ticked before hydration unticked when nothing hands the tick over', async () => {
    const label = await tickedThenHydrated(false);
    expect(label.classList.contains('arco-checkbox-checked')).toBe(false);
  });

  it('hands the tick to the state through the ref, the label holding the input', async () => {
    const label = await tickedThenHydrated(true);
    expect(label.classList.contains('arco-checkbox-checked')).toBe(true);
    expect(label.querySelector('input')?.checked).toBe(true);
  });
});
