import { FormItem } from './checked-form';
import { checkCode } from '@shared/validation/rules';
import { CodeInput } from './code-input';
import { codeValue, useRule } from './form-rules';
import type { SendOutcome } from './use-send-code';

/**
 * A code field of a form (spec §5: required, at most 6 characters for a phone's code and 20 for
 * an e-mail's, said by the rule, a paste never cut): its label, rule and CodeInput with the send
 * button.
 */
export function CodeField({
  field = 'code',
  channel,
  label,
  placeholder,
  onSend,
}: {
  field?: string;
  channel: 'phone' | 'email';
  label: string;
  placeholder: string;
  onSend(): Promise<SendOutcome>;
}) {
  const rule = useRule();
  const kind = channel === 'phone' ? 'phone' : 'other';
  return (
    <FormItem
      label={label}
      field={field}
      rules={rule((v) => checkCode(v, kind))}
      // Checked as it changes, never as it loses the focus: leaving the empty field for its own
      // send button is no mistake (issue 40).
      validateTrigger="onChange"
      normalize={codeValue}
    >
      <CodeInput placeholder={placeholder} onSend={onSend} />
    </FormItem>
  );
}
