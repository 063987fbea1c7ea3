import {} from '@arco-design/web-react';
import { FormItem } from './checked-form';
import { checkConfirmation, checkNewPassword } from '@shared/validation/rules';
import { PasswordInput } from './password-input';
import { useRule } from './form-rules';

/**
 * A new password and its confirmation (fields `password` and `confirm` of the surrounding form)
 * with spec §5's rules, for registration, the password reset and the user centre; each page
 * names the fields in its own words, and the reset page words a mismatch its own way.
 */
export function NewPasswordFields({
  form,
  texts,
  mismatch,
}: {
  form: { getFieldValue(field: 'password'): unknown };
  texts: { password: string; passwordPlaceholder: string; confirm: string; confirmPlaceholder?: string };
  mismatch?: 'resetMismatch';
}) {
  const rule = useRule();
  return (
    <>
      <FormItem
        label={texts.password}
        field="password"
        rules={rule(checkNewPassword)}
        validateTrigger="onBlur"
      >
        <PasswordInput placeholder={texts.passwordPlaceholder} autoComplete="new-password" />
      </FormItem>
      <FormItem
        label={texts.confirm}
        field="confirm"
        dependencies={['password']}
        rules={rule((v) => checkConfirmation(form.getFieldValue('password'), v, mismatch))}
        validateTrigger="onBlur"
      >
        <PasswordInput placeholder={texts.confirmPlaceholder} autoComplete="new-password" />
      </FormItem>
    </>
  );
}
